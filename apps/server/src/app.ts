import { openDatabase } from '@gre/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@gre/contracts';
import { assistantModelFromEnv } from './adapters/chat-model/index.js';
import { modelJudgeFromEnv } from './adapters/essay-judge/index.js';
import { createMailer, createSmsSender } from './adapters/index.js';
import { createPayProvider } from './adapters/pay/index.js';
import { SentCodeLog } from './adapters/messaging.js';
import { loadEnv, type Env } from './env.js';
import { PgBossQueue } from './jobs/queue.js';
import { OffsetClock, systemClock } from './lib/clock.js';
import type { Deps } from './lib/deps.js';
import type { LogSink } from './lib/deps.js';
import { cachedReader, createMetrics, METRIC, type GaugeReader } from './lib/metrics.js';
import { fastFailingRedis, memoryRateLimiter, redisReady, resilientRateLimiter } from './lib/rate-limiter.js';
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
import { instanceId, observabilityPlugin, requestIdOptions } from './plugins/observability.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin, withSecurityHeaders } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';

/**
 * Opens the database (migrating it), the adapters the configuration names, and everything that outlives a request:
 * the clock, the job queue (started on first use), the fast paths' batchers and cache (decision 017).
 */
export async function createDeps(env: Env = loadEnv(), overrides: Partial<Deps> = {}): Promise<Deps> {
  const metrics = overrides.metrics ?? createMetrics();
  // Lines written before buildApp exists go to stderr as JSON; buildApp then points this at the app's logger.
  const out = { log: overrides.log ?? stderrLog(instanceId(env), env.LOG_LEVEL === 'silent') };
  const slowMs = env.SLOW_QUERY_MS;
  const database =
    overrides.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db`,
      poolSize: env.DATABASE_POOL_SIZE,
      onQuery:
        slowMs > 0
          ? (ms, sql) => {
              if (ms < slowMs) return;
              metrics.inc(METRIC.slowQueries);
              // The text only: parameter values can be passwords, codes or tokens.
              out.log.warn({ ms: Math.round(ms), sql: sql.replace(/\s+/g, ' ').trim().slice(0, 200) }, 'slow query');
            }
          : undefined,
      onPoolError: (err) => out.log.warn({ err: err.message }, 'database connection lost; the pool opens a new one'),
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
  const local = () => memoryRateLimiter(() => clock.now().getTime());
  const warn = (message: string) => out.log.warn({}, message);
  const redis = !overrides.limiter && env.REDIS_URL ? fastFailingRedis(env.REDIS_URL, warn) : null;
  if (redis && !(await redisReady(redis, 2000)))
    warn('redis: not reachable at start; throttles fall back (decision 033)');
  const limiter =
    overrides.limiter ??
    (redis
      ? resilientRateLimiter(redis, {
          local: local(),
          onFallback: (policy) => metrics.inc(METRIC.limiterFallbacks, { policy }),
          log: warn,
        })
      : local());
  metrics.gauge('gre_db_pool_connections', 'Database connections by state (PGlite: its one connection).', () => {
    const pool = database.pool;
    if (!pool)
      return [
        [{ state: 'total' }, 1],
        [{ state: 'idle' }, 1],
        [{ state: 'waiting' }, 0],
      ];
    return [
      [{ state: 'total' }, pool.totalCount],
      [{ state: 'idle' }, pool.idleCount],
      [{ state: 'waiting' }, pool.waitingCount],
    ];
  });
  const depths: GaugeReader = async () =>
    queue instanceof PgBossQueue
      ? (await queue.depths()).map(([name, n]): [Record<string, string>, number] => [{ queue: name }, n])
      : [];
  // Read at scrape time but at most every 5 s: a scraper every second must not become load on the database.
  metrics.gauge(
    'gre_job_queue_depth',
    'Jobs waiting per pg-boss queue this instance has used.',
    cachedReader(depths, 5000),
  );
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
    metrics,
    get log() {
      return out.log;
    },
    set log(sink: LogSink) {
      out.log = sink;
    },
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

/** JSON lines on stderr in pino's shape, for what is logged before the app's logger exists. */
function stderrLog(instance: string, silent: boolean): LogSink {
  const line = (level: number) => (obj: object, msg: string) => {
    if (!silent) process.stderr.write(`${JSON.stringify({ level, time: Date.now(), instance, ...obj, msg })}\n`);
  };
  return { info: line(30), warn: line(40), error: line(50) };
}

/** Plugins and modules on a Fastify instance; no listen(), so tests drive it with inject(). */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    // Every line names its instance: a cluster's logs are read merged.
    logger:
      deps.env.LOG_LEVEL === 'silent' ? false : { level: deps.env.LOG_LEVEL, base: { instance: instanceId(deps.env) } },
    ...requestIdOptions,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: deps.env.TRUST_PROXY,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: withSecurityHeaders(frameworkErrors),
  });
  if (deps.env.LOG_LEVEL !== 'silent') deps.log = app.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(securityHeadersPlugin);
  await app.register(observabilityPlugin, deps);
  await app.register(envelopePlugin, { onOutage: () => deps.metrics.inc(METRIC.dbOutages) });
  await app.register(bodyGuardPlugin);
  await app.register(openapiPlugin);
  await app.register(gatePlugin, deps);
  for (const register of modules) register(app, deps);
  if (deps.env.WEB_DIST) await app.register(webPlugin, { dist: deps.env.WEB_DIST });
  return app;
}
