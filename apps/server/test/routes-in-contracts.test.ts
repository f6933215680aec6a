import { allCalls } from '@gre/contracts';
import type * as Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { registerTestCalls, testCalls } from './test-calls.js';

/**
 * The reverse of the contract tests: they walk `allCalls`, so a route registered under /api/ without a contract would
 * escape the fuzz and bounds tests. Every Fastify instance the app makes records its routes from the first one on.
 */
const seen = vi.hoisted(() => [] as { method: string; url: string }[]);

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof Fastify>();
  const recording = ((opts?: Parameters<typeof real.default>[0]) => {
    const app = real.default(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) seen.push({ method, url: route.url });
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: recording, fastify: recording };
});

/** The OpenAPI viewer (plugins/openapi.ts) is documentation read with GET, not a call. */
const DOCS = /^\/api\/docs(\/|$)/;

/** Routes under /api/ that are not a POST call of allCalls. */
function escaping(routes: { method: string; url: string }[]): { method: string; url: string }[] {
  const declared = new Set<string>(allCalls.map((c) => c.path));
  return routes.filter(
    (r) => r.url.startsWith('/api/') && !DOCS.test(r.url) && (r.method !== 'POST' || !declared.has(r.url)),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('routes under /api/', () => {
  it('are recorded from the real app', () => {
    // Guards the recording itself: an app that recorded nothing would pass every check below.
    expect(seen.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThanOrEqual(allCalls.length);
  });

  it('are each a POST call of allCalls, so the contract fuzz and bounds tests cover them', () => {
    expect(escaping(seen)).toEqual([]);
  });

  it('answer every call of allCalls', () => {
    const posted = new Set(seen.filter((r) => r.method === 'POST').map((r) => r.url));
    expect(allCalls.map((c) => c.path).filter((p) => !posted.has(p))).toEqual([]);
  });

  it('leave the documentation to GET', () => {
    expect(seen.filter((r) => DOCS.test(r.url) && r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
  });

  it('are caught when one has no contract: the test-only calls', async () => {
    const from = seen.length;
    const withTestCalls = await createTestApp({}, {}, { beforeReady: (app) => registerTestCalls(app) });
    await withTestCalls.close();
    expect(
      escaping(seen.slice(from))
        .map((r) => r.url)
        .sort(),
    ).toEqual(
      Object.values(testCalls)
        .map((c) => c.path)
        .sort(),
    );
  });
});
