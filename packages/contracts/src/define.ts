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
  /**
   * While the maintenance switch is on, staff sessions pass every call and everyone else gets `server_upgrading`,
   * except: `true` — answers anyone (the switch itself, whose own auth admits admins only); `'sign_in'` — the ways a
   * staff member without a live token gets one (login, the reset code, reset password): they answer, and the
   * service refuses a learner's successful sign-in with `server_upgrading`.
   */
  duringMaintenance?: true | 'sign_in';
  /** A larger body limit than MAX_BODY_BYTES, for the few calls that carry files (content packages). */
  maxBodyBytes?: number;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}

export type CallRequest<C> = C extends CallDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodType, infer Res> ? z.output<Res> : never;
