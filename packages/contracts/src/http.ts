import { z } from 'zod';
import { QUOTA_SUBJECTS } from './rules/quotas.js';

/** Header names shared by the web client and the server. */
export const HEADERS = {
  authorization: 'authorization',
  apiVersion: 'x-api-version',
  deviceId: 'x-device-id',
} as const;

/** The API version this build of the contracts speaks; the web client sends it on every call. */
export const API_VERSION = 1;

/** Bodies above this size are refused with `payload_too_large` before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * What a quota refusal (`day_overflow`, `role_overflow`, `sim_no_perm` for used-up simulations) was about, so the
 * dialog can state the true cause: which counter, how much of it is used, and when it renews (unix seconds; null for
 * a lifetime quota).
 */
export const quotaRefusalSchema = z.object({
  reason: z.enum(['day', 'total', 'simulate', 'essay', 'assistant']),
  subject: z.enum(QUOTA_SUBJECTS).nullable(),
  role_name: z.string(),
  used: z.number().int(),
  limit: z.number().int(),
  period: z.enum(['day', 'week', 'total']),
  renews_at: z.number().int().nullable(),
});
export type QuotaRefusal = z.infer<typeof quotaRefusalSchema>;

/** Every response: `ok` tells which of `data` / `err_data` is filled. */
export const errDataSchema = z.object({
  /** One of ERROR_KINDS; the web maps it to behaviour and Chinese copy. */
  kind: z.string(),
  /** Text to show the user when the client has no copy of its own for the kind. */
  show: z.string(),
  /** Developer-facing explanation (never a stack trace). */
  detail: z.string(),
  /** A quota refusal's figures. */
  quota: quotaRefusalSchema.optional(),
});
export type ErrData = z.infer<typeof errDataSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.boolean(), data: data.nullable(), err_data: errDataSchema.nullable() });
}

export type Envelope<T> = { ok: true; data: T; err_data: null } | { ok: false; data: null; err_data: ErrData };
