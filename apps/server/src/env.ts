import { z } from 'zod';
import { CODE_RULES } from '@gre/contracts';

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
  /** Written on every log line as `instance`, so a cluster's merged logs say which instance wrote each; default host:pid. */
  INSTANCE_ID: z.string().max(64).optional(),
  /** Lets a scraper off this machine read /metrics with `Authorization: Bearer …`; unset: loopback callers only. */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
  /** Statements slower than this many milliseconds are logged (SQL text, no values) and counted; 0 turns it off. */
  SLOW_QUERY_MS: z.coerce.number().int().min(0).default(200),
  /**
   * Milliseconds between SIGTERM (readiness turns 503) and closing, so the balancer stops sending first; unset: 5000 in
   * production, 0 elsewhere.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
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
  /**
   * Seconds before another code may go to the same address (the spec's 60 s). The e2e servers shorten it: their staff
   * journeys confirm one action after another with codes sent to the one admin address.
   */
  CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(CODE_RULES.resendSeconds),
  /** Multiplies every exam time limit (rounded up); the e2e server shortens the clock with it. */
  EXAM_TIME_SCALE: z.coerce.number().positive().default(1),
  /**
   * `off`: no batched fast paths — every session look-up, exam answer/flag/move and craft update runs its plain path
   * (one statement per request, the exam transaction). For debugging and for tests that compare the two.
   */
  FAST_PATHS: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: the clock can be moved forward by an admin (`/api/debug/advance_clock`), for end-to-end tests of what falls
   * due days later (flash-card reviews). Refused in production.
   */
  DEBUG_CLOCK: z.enum(['on', 'off']).default('off'),
  /** `off`: this instance runs no scheduled jobs (an API-only instance; the crash tests, which run the sweep themselves). */
  JOBS: z.enum(['on', 'off']).default('on'),
  /**
   * `off`: this instance neither migrates the database nor seeds it at start — a cluster's instances, started after
   * `main.js --migrate-only` (`npm run migrate`) did both once, so several instances never race over the schema.
   */
  MIGRATE: z.enum(['on', 'off']).default('on'),
  /** The payment gateway: `sandbox` (default, no merchant account: the app's own sandbox page), `wechatpay`, `alipay`. */
  PAY_PROVIDER: z.enum(['sandbox', 'wechatpay', 'alipay']).default('sandbox'),
  /**
   * The address learners' phones and the gateways reach this app at (https://gre.example.com): the sandbox QR code
   * and the notification URLs are built on it. Unset: the address the paying request came to.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** WeChat Pay APIv3 Native (PAY_PROVIDER=wechatpay); PEM values are file paths. */
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  /** Serial number of the merchant API certificate, sent in every request's Authorization. */
  WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  /** 32-byte APIv3 key: decrypts notification resources (AES-256-GCM). */
  WECHATPAY_APIV3_KEY: z.string().optional(),
  /** WeChat Pay public key (PEM file) and its id `PUB_KEY_ID_…`; or platform certificates in WECHATPAY_PLATFORM_CERTS. */
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  /** Platform certificates (PEM files, comma-separated), the alternative to the public key; matched by serial. */
  WECHATPAY_PLATFORM_CERTS: z.string().optional(),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  /** Alipay precreate (PAY_PROVIDER=alipay); PEM values are file paths. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay's public key (PEM file): verifies its answers and notifications (RSA2). */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /** The merchant's PID (2088…); notifications for another seller are refused. Unset: not checked. */
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY_URL: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /**
   * The optional model judge of essays (issue 17), a second opinion beside the built-in judge: an OpenAI-compatible
   * Chat Completions API base, e.g. https://api.openai.com/v1. Unset (or empty): no model judge.
   */
  ESSAY_JUDGE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .transform((v) => v || undefined)
    .optional(),
  /** Its API key, sent as a Bearer token; unset for a local server that asks for none. */
  ESSAY_JUDGE_KEY: z.string().optional(),
  /** The model to ask (gpt-4o-mini, deepseek-chat, qwen2.5:14b, …); required with ESSAY_JUDGE_URL. */
  ESSAY_JUDGE_MODEL: z.string().max(200).optional(),
  /** `on`: ask for a streamed answer (server-sent events), so a stalled model is noticed by its silence. */
  ESSAY_JUDGE_STREAM: z.enum(['on', 'off']).default('on'),
  /** Milliseconds one judgment may take, from sending to the answer's last byte. */
  ESSAY_JUDGE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * Seconds after which an essay still Judging and untouched has lost its run (a server killed mid-run) and is sent
   * again; twice the longest run (the model's timeout plus a minute) when unset.
   */
  ESSAY_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /**
   * The study assistant's model (decision 030): `off` keeps every answer the built-in assistant's even when an
   * endpoint is configured below or for the essay judge.
   */
  ASSISTANT_MODEL: z.enum(['on', 'off']).default('on'),
  /**
   * Its OpenAI-compatible Chat Completions API base. Unset (or empty): the essay judge's endpoint (ESSAY_JUDGE_URL,
   * _KEY, _MODEL) when there is one, so one configured model serves both.
   */
  ASSISTANT_MODEL_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .transform((v) => v || undefined)
    .optional(),
  /** Its API key, sent as a Bearer token; unset for a local server that asks for none. */
  ASSISTANT_MODEL_KEY: z.string().optional(),
  /** The model to ask; required with ASSISTANT_MODEL_URL. */
  ASSISTANT_MODEL_MODEL: z.string().max(200).optional(),
  /** Milliseconds one answer may take, from sending to its last byte; past it the built-in answer is sent. */
  ASSISTANT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * Fault injection for the crash tests (lib/faults.ts): the process kills itself with SIGKILL on reaching this
   * point of a payment. Refused in production.
   */
  FAULT_KILL_AT: z.string().max(64).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema
    .refine((e) => !(e.NODE_ENV === 'production' && e.FAULT_KILL_AT), {
      message: 'FAULT_KILL_AT is for tests only',
      path: ['FAULT_KILL_AT'],
    })
    .refine((e) => !e.ESSAY_JUDGE_URL || e.ESSAY_JUDGE_MODEL, {
      message: 'the model judge (ESSAY_JUDGE_URL) needs ESSAY_JUDGE_MODEL',
      path: ['ESSAY_JUDGE_MODEL'],
    })
    // A key or model without the address would silently judge nothing: say so at start instead.
    .refine((e) => e.ESSAY_JUDGE_URL || !(e.ESSAY_JUDGE_KEY || e.ESSAY_JUDGE_MODEL), {
      message: 'ESSAY_JUDGE_KEY and ESSAY_JUDGE_MODEL need ESSAY_JUDGE_URL',
      path: ['ESSAY_JUDGE_URL'],
    })
    .refine((e) => !e.ASSISTANT_MODEL_URL || e.ASSISTANT_MODEL_MODEL, {
      message: 'the assistant model (ASSISTANT_MODEL_URL) needs ASSISTANT_MODEL_MODEL',
      path: ['ASSISTANT_MODEL_MODEL'],
    })
    // A key or model without its own address would silently go to the essay judge's endpoint instead.
    .refine((e) => e.ASSISTANT_MODEL_URL || !(e.ASSISTANT_MODEL_KEY || e.ASSISTANT_MODEL_MODEL), {
      message: 'ASSISTANT_MODEL_KEY and ASSISTANT_MODEL_MODEL need ASSISTANT_MODEL_URL',
      path: ['ASSISTANT_MODEL_URL'],
    })
    .safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
