// One benchmark target in its own process, so the load generator never shares its event loop.
// Usage: node --import tsx bench/server.ts <hello|one-query|app>; prints `READY <port>` once listening.
// Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), BENCH_USER_ID for one-query; BENCH_JOBS=on starts the
// app's job queue (pg-boss: essay judging, sweeps, mail fan-out) in the app server, as main.ts does with JOBS=on.
import { openDatabase, type Database } from '@gre/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, createDeps } from '../apps/server/src/app.js';
import { loadEnv } from '../apps/server/src/env.js';
import { startJobs } from '../apps/server/src/jobs/index.js';

type Mode = 'hello' | 'one-query' | 'app';

/** The framework's ceiling: routing, JSON parsing and serialisation, nothing else. */
async function helloServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ hello: 'world' }));
  return { app, close: async () => undefined };
}

/** The floor for any call that reads the database: one primary-key lookup on the bare driver. */
async function oneQueryServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database: Database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATABASE_URL ? undefined : `${process.env.DATA_DIR}/db`,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const id = Number(process.env.BENCH_USER_ID);
  const sql = 'select * from users where id = $1';
  const query = database.pool
    ? async () => (await database.pool!.query<Record<string, unknown>>(sql, [id])).rows[0]
    : async () => (await database.pglite!.query<Record<string, unknown>>(sql, [id])).rows[0];
  const app = Fastify({ logger: false });
  app.post('/one-query', async () => ({ row: await query() }));
  return { app, close: () => database.close() };
}

/**
 * The real application as `main.ts` builds it, on the database the environment names. Its jobs run only with
 * BENCH_JOBS=on: the other benchmarks measure the request path without pg-boss polling beside it.
 */
async function appServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const deps = await createDeps(loadEnv(process.env));
  const app = await buildApp(deps);
  if (process.env.BENCH_JOBS === 'on') await startJobs(deps);
  return {
    app,
    close: () => deps.close(),
  };
}

const mode = process.argv[2] as Mode;
const builders: Record<Mode, typeof helloServer> = { hello: helloServer, 'one-query': oneQueryServer, app: appServer };
if (!builders[mode]) {
  console.error(`bench/server.ts: unknown mode ${mode}`);
  process.exit(2);
}
const { app, close } = await builders[mode]();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await close();
    process.exit(0);
  })();
});
