import { z } from 'zod';
import { idSchema, pageControlSchema, str } from '../common.js';
import { defineCall, type CallDef } from '../define.js';

/** What an audit row is about (`audit_log.target_kind`). */
export const AUDIT_TARGETS = [
  'user',
  'voucher',
  'code',
  'trade',
  'settings',
  'prices',
  'notice',
  'comment',
  'keywords',
  'tailored_book',
  'essay',
  'report',
  'question',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGETS)[number];

/** `done`, or `refused` (the change rolled back; `reason` holds the error kind). */
export const AUDIT_OUTCOMES = ['done', 'refused'] as const;

/**
 * A money- or role-changing call: its request carries `op_code` (a confirmation code). The gate audits a refusal of
 * one by role or freeze, and the authorisation matrix expects that row.
 */
export function carriesOpCode(call: CallDef): boolean {
  return call.request instanceof z.ZodObject && 'op_code' in call.request.shape;
}

export const AUDIT_PAGE_MAX = 100;
const stamp = z.number().int().min(0).max(4_102_444_800);

/** One audit row as the admin reads it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for a refusal nobody could be named for. */
  actor_id: z.number().int().nullable(),
  /** The actor's name now; null when the account is gone. */
  actor_name: z.string().nullable(),
  /** The role the actor acted in: admin, operator, teacher or learner. */
  actor_role: z.string(),
  /** The call's path without `/api/`, e.g. `permission/manual_grant_vip`. */
  action: z.string(),
  target_kind: z.enum(AUDIT_TARGETS),
  target_id: z.string().nullable(),
  /** The changed state before and after, as JSON (null when the change has no such side). */
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** A refusal's error kind. */
  reason: z.string().nullable(),
  device_id: z.string(),
  ip: z.string().nullable(),
  created_stamp: z.number().int(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditCalls = {
  list: defineCall({
    path: '/api/audit/list',
    auth: 'admin',
    summary:
      'The audit log, newest first, filtered by actor, target, action, outcome and time; read-only (no call edits it)',
    request: z
      .strictObject({
        actor_id: idSchema.optional(),
        target_kind: z.enum(AUDIT_TARGETS).optional(),
        /** Only with target_kind: one target's history. */
        target_id: str(64, 1).optional(),
        action: str(64, 1).optional(),
        outcome: z.enum(AUDIT_OUTCOMES).optional(),
        /** Unix seconds, inclusive. */
        from_stamp: stamp.optional(),
        /** Unix seconds, exclusive. */
        to_stamp: stamp.optional(),
        page: z.number().int().min(1).max(10_000).default(1),
        page_size: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(20),
      })
      .refine((b) => b.target_id === undefined || b.target_kind !== undefined, {
        message: 'target_id needs target_kind',
        path: ['target_id'],
      })
      .refine((b) => b.from_stamp === undefined || b.to_stamp === undefined || b.from_stamp < b.to_stamp, {
        message: 'from_stamp is before to_stamp',
        path: ['to_stamp'],
      }),
    response: z.object({ items: z.array(auditEntrySchema), page_control: pageControlSchema }),
  }),
};
