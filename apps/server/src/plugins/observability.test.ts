import { systemCalls } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callHeaders, createTestApp, type TestApp } from '../../test/test-app.js';
import { createDeps } from '../app.js';
import { loadEnv } from '../env.js';
import { InProcessQueue } from '../lib/job-queue.js';
import { METRIC } from '../lib/metrics.js';
import { requestIdOf } from './observability.js';

const TOKEN = 'scraper-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());
afterEach(async () => {
  await t.deps.settings.remove('maintenance');
  t.app.readiness.draining = false;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a well-formed incoming id and replaces anything else with a UUID', () => {
    for (const ok of ['abc', 'a.b_c-D9', 'x'.repeat(64), '0f6c1e2a-1111-4d4d-9999-abcdefabcdef'])
      expect(requestIdOf(ok)).toBe(ok);
    for (const bad of [undefined, '', 'x'.repeat(65), 'a b', 'a"b', 'a\nb', 'ä', ['a', 'b']])
      expect(requestIdOf(bad as string | undefined)).toMatch(UUID);
  });

  it('echoes the id in x-request-id on answers, errors included', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234.5' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.5');
    const made = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'x-request-id': 'bad id!' } });
    expect(made.statusCode).toBe(404);
    expect(made.headers['x-request-id']).toMatch(UUID);
    // A URL that does not decode fails before routing and any hook: the framework-error path echoes the id too.
    const bad = await t.app.inject({ method: 'GET', url: '/api/%zz', headers: { 'x-request-id': 'lb-bad-url' } });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['x-request-id']).toBe('lb-bad-url');
  });
});

describe('/healthz and /readyz', () => {
  it('are alive and ready with the database up, also during maintenance and from any address', async () => {
    await t.deps.settings.set('maintenance', true);
    const health = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.9' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true, draining: false, database: 'up' });
  });

  it('is not ready while draining for shutdown, and alive all the same', async () => {
    t.app.readiness.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ok: false, draining: true, database: 'up' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is not ready while the database does not answer', async () => {
    const real = t.deps.database;
    const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    t.deps.database = {
      ...real,
      pool: real.pool && ({ query: refused } as never),
      pglite: real.pglite && ({ query: refused } as never),
    };
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, database: 'down' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.deps.database = real;
    }
  });
});

describe('/metrics', () => {
  it('answers loopback callers and token holders, and is not found for anyone else', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const away = { remoteAddress: '203.0.113.9' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...away })).statusCode).toBe(404);
    // Through a balancer on this machine the socket is loopback, but the client it names is not.
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      ...away,
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(404);
    const token = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      ...away,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(token.statusCode).toBe(200);
  });

  it('counts requests per route path and status class, never per raw URL', async () => {
    expect((await t.call(systemCalls.echo, { text: 'a' })).status).toBe(200);
    await t.app.inject({ method: 'POST', url: systemCalls.echo.path, headers: callHeaders(), payload: '{"text":1}' });
    await t.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    await t.app.inject({ method: 'GET', url: '/no/other/page' });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const route = systemCalls.echo.path;
    expect(text).toContain(`${METRIC.requests}{method="POST",route="${route}",code="2xx"} 1\n`);
    expect(text).toContain(`${METRIC.requests}{method="POST",route="${route}",code="4xx"} 1\n`);
    expect(text).toContain(`${METRIC.requests}{method="GET",route="unmatched",code="4xx"} 2\n`);
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain(`${METRIC.latency}_bucket{method="POST",route="${route}",le="5"} 2\n`);
    expect(text).toMatch(/^gre_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^gre_process_resident_memory_bytes \d+$/m);
  });
});

describe.runIf(process.env.DATABASE_URL)('slow queries', () => {
  it('logs the statement text over SLOW_QUERY_MS, without its values, and counts it', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const push = (obj: object, msg: string) => void lines.push({ obj, msg });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: process.env.DATABASE_URL,
      MIGRATE: 'off',
      SLOW_QUERY_MS: '20',
    });
    const deps = await createDeps(env, { queue: new InProcessQueue(), log: { info: push, warn: push, error: push } });
    try {
      await deps.database.db.execute(sql`select pg_sleep(0.05), ${'a-secret'}::text as slow_probe`);
      await deps.database.db.execute(sql`select 1 as quick_probe`);
      expect(deps.metrics.value(METRIC.slowQueries)).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toBe('slow query');
      const { ms, sql: text } = lines[0]!.obj as { ms: number; sql: string };
      expect(ms).toBeGreaterThanOrEqual(20);
      expect(text).toContain('slow_probe');
      expect(JSON.stringify(lines)).not.toContain('a-secret');
    } finally {
      await deps.close();
    }
  });
});
