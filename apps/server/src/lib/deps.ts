import type { Database } from '@gre/db';
import type { Env } from '../env.js';
import type { Mailer, SmsSender, SentCodeLog } from '../adapters/messaging.js';
import type { RateLimiter } from './rate-limiter.js';
import type { SettingsStore } from './settings.js';

/** Everything a module needs, built once in buildApp and passed down; no module reaches for globals. */
export interface Deps {
  env: Env;
  database: Database;
  settings: SettingsStore;
  limiter: RateLimiter;
  mailer: Mailer;
  sms: SmsSender;
  /** Codes the `log` providers sent, for /debug outside production. */
  sentCodes: SentCodeLog;
}
