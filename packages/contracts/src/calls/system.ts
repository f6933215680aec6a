import { z } from 'zod';
import { emptySchema, str } from '../common.js';
import { defineCall } from '../define.js';

export const settingsSchema = z.object({
  maintenance: z.boolean(),
  /** Clients sending a lower X-Api-Version get `api_version_low`. */
  min_api_version: z.number().int().min(0),
});

export const debugFlagsSchema = z.object({
  maintenance: z.boolean(),
  fast_paths: z.boolean(),
  debug_clock: z.boolean(),
  jobs: z.boolean(),
  /** Rate-limit counters: shared through Redis, or this instance's memory. */
  rate_limits: z.enum(['redis', 'memory']),
  pay_provider: z.string(),
  mail_provider: z.string(),
  sms_provider: z.string(),
});
export type DebugFlags = z.infer<typeof debugFlagsSchema>;

export const systemCalls = {
  getSettings: defineCall({
    path: '/api/admin/get_settings',
    auth: 'admin',
    summary: 'Site switches stored in the database',
    request: emptySchema,
    response: settingsSchema,
  }),
  setMaintenance: defineCall({
    path: '/api/admin/set_maintenance',
    auth: 'admin',
    summary: 'Turn the maintenance switch on or off; every other call answers server_upgrading while on',
    request: z.strictObject({ on: z.boolean() }),
    response: settingsSchema,
    duringMaintenance: true,
  }),
  setMinApiVersion: defineCall({
    path: '/api/admin/set_min_api_version',
    auth: 'admin',
    summary: 'Raise or lower the lowest client API version served',
    request: z.strictObject({ min_api_version: z.number().int().min(0).max(1_000_000) }),
    response: settingsSchema,
  }),
  debugInfo: defineCall({
    path: '/api/debug/info',
    auth: 'public',
    summary: 'Server version and flags for the /debug page; recent codes outside production',
    request: emptySchema,
    response: z.object({
      server_version: z.string(),
      api_version: z.number().int(),
      min_api_version: z.number().int(),
      production: z.boolean(),
      database: z.enum(['pglite', 'postgres']),
      /** Codes the `log` providers sent recently; always empty in production. */
      recent_codes: z.array(
        z.object({ target: z.string(), code: z.string(), purpose: z.string(), sent_at: z.string() }),
      ),
      user_id: z.number().int().nullable(),
      /** ISO time the caller's session ends unless used again (absolute or idle expiry); null without a valid one. */
      session_ends_at: z.string().nullable(),
      /** The server's switches and adapters, for support: nothing secret, only which one is on. */
      flags: debugFlagsSchema,
    }),
  }),
  advanceClock: defineCall({
    path: '/api/debug/advance_clock',
    auth: 'admin',
    summary:
      'Moves the server clock forward by whole days (DEBUG_CLOCK=on only, never in production; otherwise not_found)',
    request: z.strictObject({ days: z.number().int().min(1).max(60) }),
    response: z.object({ now: z.string() }),
  }),
  echo: defineCall({
    path: '/api/debug/echo',
    auth: 'public',
    summary: 'Returns its input; used by the client and tests to check the envelope',
    request: z.strictObject({ text: str(100) }),
    response: z.object({ text: z.string() }),
  }),
};
