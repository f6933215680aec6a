import { openDatabase } from '@gre/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@gre/contracts';
import { Redis } from 'ioredis';
import { assistantModelFromEnv } from './adapters/chat-model/index.js';
import { modelJudgeFromEnv } from './adapters/essay-judge/index.js';
import { createMailer, createSmsSender } from './adapters/index.js';
import { createPayProvider } from './adapters/pay/index.js';
import { SentCodeLog } from './adapters/messaging.js';
import { loadEnv, type Env } from './env.js';
import { PgBossQueue } from './jobs/queue.js';
import { OffsetClock, systemClock } from './lib/clock.js';
import type { Deps } from './lib/deps.js';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limiter.js';
import { SettingsStore } from './lib/settings.js';
import { SessionLookup } from './modules/auth/index.js';
import { CraftBatch } from './modules/crafts/index.js';
import { ExamFastPath } from './modules/exams/index.js';
import { modules } from './modules/index.js';
import { TradeLookup } from './modules/pay/index.js';
import { InboxLookup } from './modules/mail/index.js';
import { bodyGuardPlugin } from './plugins/body-guard.js';
import { envelopePlugin, frameworkErrors } from './plugins/envelope.js';
import { gatePlugin } from './plugins/gate.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin, withSecurityHeaders } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';

/**
 * Opens the database (migrating it), the adapters the configuration names, and everything that outlives a request:
 * the clock, the job queue (started on first use), the fast paths' batchers and cache (decision 017).
 */
export async function createDeps(env: Env = loadEnv(), overrides: Partial<Deps> = {}): Promise<Deps> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db`,
      poolSize: env.DATABASE_POOL_SIZE,
    }));
  if (!overrides.database && env.MIGRATE === 'on') await database.migrate();
  const sentCodes = overrides.sentCodes ?? new SentCodeLog();
  if (env.DEBUG_CLOCK === 'on' && env.NODE_ENV === 'production') {
    throw new Error('DEBUG_CLOCK=on is refused in production');
  }
  const clock = overrides.clock ?? (env.DEBUG_CLOCK === 'on' ? new OffsetClock() : systemClock);
  const on = env.FAST_PATHS === 'on';
  const fast = overrides.fast ?? {
    on,
    sessions: new SessionLookup(database.db, on),
    exams: new ExamFastPath(database, clock, on),
    crafts: new CraftBatch(database, on),
    trades: new TradeLookup(database.db, on),
    inbox: new InboxLookup(database, on),
  };
  const queue = overrides.queue ?? new PgBossQueue(database);
  // The memory limiter's windows follow the clock; Redis keeps its own expiry times.
  const limiter =
    overrides.limiter ??
    (env.REDIS_URL ? redisRateLimiter(new Redis(env.REDIS_URL)) : memoryRateLimiter(() => clock.now().getTime()));
  const deps: Deps = {
    env,
    database,
    settings: overrides.settings ?? new SettingsStore(database.db),
    limiter,
    mailer: overrides.mailer ?? createMailer(env, sentCodes),
    sms: overrides.sms ?? createSmsSender(env, sentCodes),
    pay: overrides.pay ?? createPayProvider(env, database, clock),
    essayJudge: overrides.essayJudge !== undefined ? overrides.essayJudge : modelJudgeFromEnv(env),
    assistantModel: overrides.assistantModel !== undefined ? overrides.assistantModel : assistantModelFromEnv(env),
    sentCodes,
    clock,
    queue,
    fast,
    async close() {
      // The statements in flight finish before the queue, the limiter and then the database go.
      await Promise.all([
        fast.sessions.close(),
        fast.exams.close(),
        fast.crafts.close(),
        fast.trades.close(),
        fast.inbox.close(),
      ]);
      await queue.close();
      await limiter.close();
      if (!overrides.database) await database.close();
    },
  };
  queue.attach(deps);
  return deps;
}

/** Plugins and modules on a Fastify instance; no listen(), so tests drive it with inject(). */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.env.LOG_LEVEL === 'silent' ? false : { level: deps.env.LOG_LEVEL },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: deps.env.TRUST_PROXY,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: withSecurityHeaders(frameworkErrors),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(securityHeadersPlugin);
  await app.register(envelopePlugin);
  await app.register(bodyGuardPlugin);
  await app.register(openapiPlugin);
  await app.register(gatePlugin, deps);
  for (const register of modules) register(app, deps);
  if (deps.env.WEB_DIST) await app.register(webPlugin, { dist: deps.env.WEB_DIST });
  return app;
}
