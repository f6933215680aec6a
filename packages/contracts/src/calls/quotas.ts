import { z } from 'zod';
import { emptySchema } from '../common.js';
import { defineCall } from '../define.js';
import type { RoleKind } from '../enums.js';
import { opCodeSchema } from './user.js';

/**
 * The role quotas table of product.md ("Roles, access and quotas"), editable by admins: what `rules/quotas.ts`
 * holds as defaults and `lib/quota.ts` reads, with the admin's `quotas` setting over them, on every quota check.
 */

/** The roles that hold a quota (a Stranger must log in first). */
export const QUOTA_ROLES = ['Trail', 'FreeVIP', 'VIP', 'SVIP'] as const satisfies readonly RoleKind[];
export type QuotaRole = (typeof QUOTA_ROLES)[number];

/** Far above any real quota; a bound keeps a stray number (a phone number, a timestamp) out of the table. */
export const QUOTA_COUNT_MAX = 1_000_000;

/** A count: a non-negative integer, or null for unlimited. */
const count = z.number().int().min(0).max(QUOTA_COUNT_MAX).nullable();

/** One role's row, every field present (`RoleQuota` of rules/quotas.ts). */
export const roleQuotaSchema = z.strictObject({
  /** Questions a day per subject, each counted when first opened that day (decision 022). */
  daily: z.strictObject({ verbal: count, quant: count, words: count }),
  /** Questions over the account's life, any subject (the trial's 150). */
  total: count,
  /** Simulated exams in all, or a week. */
  simulate: z.strictObject({ n: count, period: z.enum(['total', 'week']) }),
  /** Essay judgings in all, or a day. */
  essay: z.strictObject({ n: count, period: z.enum(['total', 'day']) }),
  /** Questions to the study assistant a day. */
  assistant: z.strictObject({ n: count, period: z.enum(['day']) }),
});

/** The whole table: every role present. */
export const quotaTableSchema = z.strictObject({
  Trail: roleQuotaSchema,
  FreeVIP: roleQuotaSchema,
  VIP: roleQuotaSchema,
  SVIP: roleQuotaSchema,
});
export type QuotaTable = z.infer<typeof quotaTableSchema>;

export const quotaCalls = {
  table: defineCall({
    path: '/api/quota/table',
    auth: 'public',
    summary:
      'The role quotas in force, for the rights tables of the upgrade and out-of-quota dialogs; null is unlimited',
    request: emptySchema,
    response: z.object({ quotas: quotaTableSchema }),
  }),
  getQuotas: defineCall({
    path: '/api/admin/get_quotas',
    auth: 'admin',
    summary: 'The role quotas in force (the product.md defaults under the admin override); null is unlimited',
    request: emptySchema,
    response: z.object({ quotas: quotaTableSchema }),
  }),
  setQuotas: defineCall({
    path: '/api/admin/set_quotas',
    auth: 'admin',
    summary:
      'Replace the role quotas table (every role, non-negative integers or null for unlimited); the quota checks apply it at once; audited',
    /** `op_code`: the admin's confirmation code (/api/user/send_op_check_code), as every money- or role-changing call. */
    request: z.strictObject({ quotas: quotaTableSchema, op_code: opCodeSchema }),
    response: z.object({ quotas: quotaTableSchema }),
  }),
};
