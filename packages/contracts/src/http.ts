import { z } from 'zod';

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

/** Every response: `ok` tells which of `data` / `err_data` is filled. */
export const errDataSchema = z.object({
  /** One of ERROR_KINDS; the web maps it to behaviour and Chinese copy. */
  kind: z.string(),
  /** Text to show the user when the client has no copy of its own for the kind. */
  show: z.string(),
  /** Developer-facing explanation (never a stack trace). */
  detail: z.string(),
});
export type ErrData = z.infer<typeof errDataSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.boolean(), data: data.nullable(), err_data: errDataSchema.nullable() });
}

export type Envelope<T> = { ok: true; data: T; err_data: null } | { ok: false; data: null; err_data: ErrData };
