import type { Database } from '@gre/db';
import type { ChatModel } from '../adapters/chat-model/index.js';
import type { ModelJudge } from '../adapters/essay-judge/index.js';
import type { Env } from '../env.js';
import type { Mailer, SmsSender, SentCodeLog } from '../adapters/messaging.js';
import type { PaymentProvider } from '../adapters/pay/index.js';
import type { SessionLookup } from '../modules/auth/index.js';
import type { CraftBatch } from '../modules/crafts/index.js';
import type { ExamFastPath } from '../modules/exams/index.js';
import type { InboxLookup } from '../modules/mail/index.js';
import type { TradeLookup } from '../modules/pay/index.js';
import type { Clock } from './clock.js';
import type { JobQueue } from './job-queue.js';
import type { Metrics } from './metrics.js';
import type { RateLimiter } from './rate-limiter.js';
import type { SettingsStore } from './settings.js';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * The hot paths' state that outlives a request (decisions 009, 011, 012): batchers and the section cache, one set
 * per Deps, so two apps in one process (tests) never share one and shutdown can drain them.
 */
export interface FastPaths {
  /** FAST_PATHS=off sends every call down its plain path: one statement per look-up, the exam transaction. */
  on: boolean;
  sessions: SessionLookup;
  exams: ExamFastPath;
  crafts: CraftBatch;
  trades: TradeLookup;
  inbox: InboxLookup;
}

/** The part of pino's logger the lines outside requests use. */
export interface LogSink {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Everything a module needs, built once in createDeps and passed down; no module reaches for globals, and nothing
 * that lives longer than a request lives outside it (decision 017).
 */
export interface Deps {
  env: Env;
  database: Database;
  settings: SettingsStore;
  limiter: RateLimiter;
  mailer: Mailer;
  sms: SmsSender;
  /** The payment gateway PAY_PROVIDER names (sandbox by default). */
  pay: PaymentProvider;
  /** The model judge ESSAY_JUDGE_URL names: a second opinion on essays; null (the default) for the built-in judge alone. */
  essayJudge: ModelJudge | null;
  /**
   * The study assistant's model (ASSISTANT_MODEL_*, else the essay judge's endpoint): free-form answers from the
   * grounding; null for the built-in assistant alone (decision 030).
   */
  assistantModel: ChatModel | null;
  /** Codes the `log` providers sent, for /debug outside production. */
  sentCodes: SentCodeLog;
  /** The time every rule reads; the system clock in production. */
  clock: Clock;
  /** Jobs: pg-boss on the live database (started on first use); in-process in the test apps. */
  queue: JobQueue;
  fast: FastPaths;
  /** This instance's counters and gauges, served at /metrics; modules count through it, never through a global. */
  metrics: Metrics;
  /**
   * Lines that belong to no request (slow queries, Redis and pool trouble): the app's logger once buildApp made it,
   * JSON on stderr before.
   */
  log: LogSink;
  /** Set only on the Deps a unit of work hands its services (`uow.deps`): they join its transaction. */
  uow?: UnitOfWork<Deps> | undefined;
  /** Drains the fast paths, stops the queue and the limiter, and closes the database if createDeps opened it. */
  close(): Promise<void>;
}
