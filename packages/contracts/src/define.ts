import type { z } from 'zod';

/**
 * Who may make a call. `public` calls also read a token when one is sent;
 * staff levels are satisfied by admins too.
 */
export type CallAuth = 'public' | 'user' | 'teacher' | 'operator' | 'admin';

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Always `POST /api/...`. */
  path: `/api/${string}`;
  auth: CallAuth;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Strict (unknown fields rejected) and bounded. */
  request: Req;
  response: Res;
  /** Still answers while the maintenance switch is on (only the switch itself). */
  duringMaintenance?: boolean;
  /** A larger body limit than MAX_BODY_BYTES, for the few calls that carry files (content packages). */
  maxBodyBytes?: number;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}

export type CallRequest<C> = C extends CallDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodType, infer Res> ? z.output<Res> : never;
