import { sql } from 'drizzle-orm';
import pg from 'pg';
import { systemCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { METRIC } from '../lib/metrics.js';
import { rawQuery } from '../lib/raw-query.js';
import { AppError } from '../lib/app-error.js';
import { findOutage, outageOf } from './outage.js';

const errorWith = (fields: Record<string, unknown>, message = 'boom') => Object.assign(new Error(message), fields);

describe('what counts as a database outage', () => {
  it('names connection losses, server restarts and a full disk, wrapped or not', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001'])
      expect(outageOf(errorWith({ code })), code).toBe('database_unreachable');
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
    ])
      expect(outageOf(new Error(message)), message).toBe('database_unreachable');
    expect(outageOf(errorWith({ code: 'ENOSPC' }))).toBe('disk_full');
    expect(outageOf(new Error('ENOSPC: no space left on device, write'))).toBe('disk_full');
    expect(outageOf(errorWith({ code: '53100' }))).toBe('disk_full');
    // Drizzle wraps the driver's error as its cause.
    expect(outageOf(new Error('Failed query: select 1', { cause: errorWith({ code: '57P01' }) }))).toBe(
      'database_unreachable',
    );
    expect(outageOf(new AggregateError([errorWith({ code: 'ECONNREFUSED' })]))).toBe('database_unreachable');
  });

  it('names the driver error, not the drizzle wrapper that quotes the parameter values', () => {
    const wrapped = new Error('Failed query: select * from users where token = $1\nparams: secret-token', {
      cause: errorWith({ code: '57P01' }, 'terminating connection due to administrator command'),
    });
    expect(findOutage(wrapped)).toEqual({
      outage: 'database_unreachable',
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
  });

  it('leaves ordinary errors alone', () => {
    for (const e of [new Error('x'), errorWith({ code: '23505' }), errorWith({ code: '42P01' }), null, 'text'])
      expect(outageOf(e)).toBeNull();
  });
});

let t: TestApp;
let fail: unknown = null;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      beforeReady: (app, deps) => {
        app.post('/test/outage', async () => {
          throw fail;
        });
        app.post('/test/sleep', async () => {
          await rawQuery(deps.database, { name: 'sleep', text: 'select pg_sleep(5)', values: [] });
          return { ok: true };
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('an outage answered as a retryable server_upgrading', () => {
  it('maps a connection loss and a full disk to 503 server_upgrading with no stack, counted in /metrics', async () => {
    for (const [error, detail] of [
      [errorWith({ code: '57P01' }, 'terminating connection due to administrator command'), /briefly unavailable/],
      [
        errorWith(
          { code: 'ENOSPC', stack: 'Error: ENOSPC\n    at write (fs.js:1)' },
          'ENOSPC: no space left on device',
        ),
        /disk is full/,
      ],
    ] as const) {
      fail = error;
      const r = await t.app.inject({ method: 'POST', url: '/test/outage' });
      expect(r.statusCode).toBe(503);
      const body = r.json<{ ok: boolean; err_data: { kind: string; detail: string } }>();
      expect(body.ok).toBe(false);
      expect(body.err_data.kind).toBe('server_upgrading');
      expect(body.err_data.detail).toMatch(detail);
      expect(r.body).not.toMatch(/ENOSPC|administrator|at write|57P01/);
    }
    expect(t.deps.metrics.value(METRIC.dbOutages)).toBe(2);
  });

  it('leaves AppErrors and other failures as they were', async () => {
    fail = new AppError('conflict', 'taken');
    expect((await t.app.inject({ method: 'POST', url: '/test/outage' })).statusCode).toBe(409);
    fail = new Error('a bug');
    const r = await t.app.inject({ method: 'POST', url: '/test/outage' });
    expect(r.statusCode).toBe(500);
    expect(r.json<{ err_data: { kind: string } }>().err_data.kind).toBe('internal');
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL terminating the app’s connections', () => {
  it('answers the request in flight server_upgrading, and the pool recovers by itself', async () => {
    const name = (await t.deps.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!
      .name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const slow = t.app.inject({ method: 'POST', url: '/test/sleep' });
      // Wait until the sleep runs on the server, then do what a restart does to it (SQLSTATE 57P01).
      for (let i = 0; i < 100; i++) {
        const running = await admin.query(
          `select 1 from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and state = 'active'`,
          [name],
        );
        if (running.rowCount) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const r = await slow;
      expect(r.statusCode).toBe(503);
      expect(r.json<{ err_data: { kind: string } }>().err_data.kind).toBe('server_upgrading');
      expect(r.body).not.toMatch(/terminat|57P01|stack/i);
      // Idle connections were terminated too: the pool drops them (their 'error' is handled) and opens new ones.
      let ok = false;
      for (let i = 0; i < 5 && !ok; i++) ok = (await t.call(systemCalls.echo, { text: 'back' })).status === 200;
      expect(ok).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});
