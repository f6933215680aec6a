import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { API_VERSION, HEADERS, type CallDef, type CallRequest, type CallResponse, type ErrData } from '@gre/contracts';
import { openDatabase, type Database } from '@gre/db';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, createDeps } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import type { Deps } from '../src/lib/deps.js';
import { InProcessQueue } from '../src/lib/job-queue.js';
import { withDatabase } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  /** Makes a call the way the web client does and returns the parsed envelope. */
  call<C extends CallDef>(
    call: C,
    body: CallRequest<C> | Record<string, unknown>,
    opts?: { token?: string; deviceId?: string; ip?: string; apiVersion?: string | null },
  ): Promise<{ status: number; ok: boolean; data: CallResponse<C>; err: ErrData | null }>;
  close(): Promise<void>;
}

/** TestApp's `call` on any built app: the envelope of one call made the way the web client makes it. */
export function injectCall(app: FastifyInstance): TestApp['call'] {
  return async (call, body, opts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: call.path,
      headers: callHeaders(opts),
      payload: JSON.stringify(body),
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    const json = res.json<{ ok: boolean; data: never; err_data: ErrData | null }>();
    return { status: res.statusCode, ok: json.ok, data: json.data, err: json.err_data };
  };
}

/** A fresh database for one test file: a clone of the migrated template (PGlite) or a copy of the template database (PostgreSQL). */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (url && pgTemplate) {
    const name = `gre_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        // pool.end() resolves before the server has seen every connection go; dropping WITH (FORCE) then kills
        // the stragglers and their clients report an unhandled 57P01. Wait for them to leave first.
        for (let i = 0; i < 50; i++) {
          const left = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (left.rows[0]!.n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const blob = file ? new Blob([readFileSync(file)]) : undefined;
  const database = await openDatabase({ loadDataDir: blob });
  if (!blob) await database.migrate();
  return { database, drop: () => database.close() };
}

/** The headers of a call as the web client sends them. */
export function callHeaders(opts: Parameters<TestApp['call']>[2] = {}): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.apiVersion !== null) headers[HEADERS.apiVersion] = opts.apiVersion ?? String(API_VERSION);
  headers[HEADERS.deviceId] = opts.deviceId ?? 'test-device';
  if (opts.token) headers[HEADERS.authorization] = `Bearer ${opts.token}`;
  return headers;
}

export interface TestAppOptions {
  /** Runs after the modules are registered and before `ready()`: the only moment test-only routes can be added. */
  beforeReady?: (app: FastifyInstance, deps: Deps) => void | Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  depOverrides: Partial<Deps> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...envOverrides });
  // Jobs run in this process (lib/job-queue.ts): no pg-boss schema per test database, and `queue.idle()` to await them.
  const deps = await createDeps(env, { database, queue: new InProcessQueue(), ...depOverrides });
  const app = await buildApp(deps);
  await options.beforeReady?.(app, deps);
  await app.ready();
  return {
    app,
    deps,
    call: injectCall(app),
    async close() {
      await app.close();
      await deps.close();
      await drop();
    },
  };
}
