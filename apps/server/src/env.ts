import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/** Configuration, read once from the environment and validated; the README lists every key. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset: 127.0.0.1 outside production, 0.0.0.0 in production (lib/loopback.ts). */
  HOST: z.string().optional(),
  /** postgres://… selects PostgreSQL; empty uses the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** redis://… shares rate-limit counters between instances; empty keeps them in memory. */
  REDIS_URL: z.string().optional(),
  /** Seed the demo accounts into an empty database; on by default outside production. */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  MAIL_PROVIDER: z.enum(['log', 'smtp']).default('log'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('GRE 备考 <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  /** Trust X-Forwarded-For from the load balancer in front. */
  TRUST_PROXY: bool,
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The web build served at /; absent skips static serving (API-only instances, tests). */
  WEB_DIST: z.string().optional(),
  /** Folder of the material PDFs and videos named in content/media/media.json; default content/media/files. */
  MEDIA_DIR: z.string().optional(),
  /** HMAC key of the signed media addresses; unset: one generated on first start and kept in `settings`. */
  MEDIA_SIGNING_SECRET: z.union([z.literal(''), z.string().min(32)]).optional(),
  /** Sets the maintenance switch at start (`off`: the way back when no admin can reach the console); unset keeps it. */
  MAINTENANCE: z
    .enum(['on', 'off', ''])
    .transform((v) => v || undefined)
    .optional(),
  /** Multiplies every exam time limit (rounded up); the e2e server shortens the clock with it. */
  EXAM_TIME_SCALE: z.coerce.number().positive().default(1),
  /**
   * `off`: no batched fast paths — every session look-up, exam answer/flag/move and craft update runs its plain path
   * (one statement per request, the exam transaction). For debugging and for tests that compare the two.
   */
  FAST_PATHS: z.enum(['on', 'off']).default('on'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
