import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { userCalls } from '@gre/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { connectTestRedis, redisUrl } from '../../test/redis.js';
import { createTestApp } from '../../test/test-app.js';
import { METRIC } from './metrics.js';
import {
  fastFailingRedis,
  redisDownPolicy,
  redisRateLimiter,
  resilientRateLimiter,
  type RedisDownPolicy,
} from './rate-limiter.js';

/** Nothing listens here: the connection is refused, as with Redis stopped. */
const CLOSED = 'redis://127.0.0.1:6390';
const quiet = () => undefined;

const shared = await connectTestRedis();

describe('the rate limiter with Redis down', () => {
  // The timeouts are the point: with ioredis' defaults these calls would queue until Redis came back.
  it('answers at once from the local window, which still limits', { timeout: 5000 }, async () => {
    const policies: RedisDownPolicy[] = [];
    const l = resilientRateLimiter(fastFailingRedis(CLOSED, quiet), {
      onFallback: (p) => policies.push(p),
      log: quiet,
    });
    try {
      const key = `login:acct:${randomUUID()}`;
      const all = await Promise.all(Array.from({ length: 20 }, () => l.reserve(key, 5, 60)));
      expect(all.filter((r) => r.ok)).toHaveLength(5);
      expect(await l.peek(key)).toBe(5);
      await l.release(key);
      expect(await l.peek(key)).toBe(4);
      expect((await l.hit(key, 60)).count).toBe(5);
      await l.reset(key);
      expect(await l.peek(key)).toBe(0);
      expect(policies.length).toBeGreaterThanOrEqual(21);
      expect(new Set(policies)).toEqual(new Set(['local']));
      expect(await l.health!()).toEqual({ mode: 'fallback', redis: 'down' });
    } finally {
      await l.close();
    }
  });

  it('applies a closed or an open policy where one is chosen', { timeout: 5000 }, async () => {
    const policyFor = (key: string): RedisDownPolicy => (key.startsWith('c:') ? 'closed' : 'open');
    const l = resilientRateLimiter(fastFailingRedis(CLOSED, quiet), { policyFor, log: quiet });
    try {
      const closed = await l.reserve('c:1', 5, 60);
      expect(closed).toMatchObject({ ok: false });
      expect(closed.resetSeconds).toBeGreaterThan(0);
      for (let i = 0; i < 10; i++) expect((await l.reserve('o:1', 5, 60)).ok).toBe(true);
      expect(await l.peek('o:1')).toBe(0);
    } finally {
      await l.close();
    }
  });

  it('every throttle in the code has its policy, local by default', () => {
    for (const key of ['login:ip:1', 'code:target:a@b.c', 'voucher:miss:1', 'assistant:minute:1', 'comment:day:1'])
      expect(redisDownPolicy(key)).toBe('local');
    expect(redisDownPolicy('something:new')).toBe('local');
  });

  it('an app whose Redis is down still throttles logins and stays ready', { timeout: 20_000 }, async () => {
    const t = await createTestApp({ REDIS_URL: CLOSED });
    try {
      const account = `nobody-${randomUUID().slice(0, 8)}@test.gre`;
      const kinds: string[] = [];
      for (let i = 0; i < 7; i++)
        kinds.push((await t.call(userCalls.login, { account, password: 'wrong-pass-1' })).err!.kind);
      expect(kinds.slice(0, 5)).toEqual(Array(5).fill('wrong_credentials'));
      expect(kinds.slice(5)).toEqual(['rate_limited', 'rate_limited']);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ok: true, redis: 'down', rate_limiter: 'fallback' });
      expect(t.deps.metrics.value(METRIC.limiterFallbacks, { policy: 'local' })).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(shared.up)('the rate limiter with Redis up', () => {
  it('an app started with Redis up counts there from its first request', { timeout: 20_000 }, async () => {
    const t = await createTestApp({ REDIS_URL: redisUrl });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ ok: true, redis: 'up', rate_limiter: 'redis' });
      const account = `nobody-${randomUUID().slice(0, 8)}@test.gre`;
      await t.call(userCalls.login, { account, password: 'wrong-pass-1' });
      expect(t.deps.metrics.value(METRIC.limiterFallbacks, { policy: 'local' })).toBe(0);
      expect(Number(await shared.redis.get(`rl:login:acct:${account}`))).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('counts in Redis, where every instance sees it', async () => {
    const prefix = `test:${randomUUID()}:`;
    const l = resilientRateLimiter(fastFailingRedis(redisUrl, quiet), { log: quiet }, prefix);
    try {
      await waitFor(async () => (await l.health!()).redis === 'up');
      const key = 'login:ip:1';
      expect((await l.reserve(key, 5, 60)).ok).toBe(true);
      expect(await redisRateLimiter(shared.redis, prefix).peek(key)).toBe(1);
      expect(await l.health!()).toEqual({ mode: 'redis', redis: 'up' });
    } finally {
      await l.close();
    }
  });
});

async function waitFor(done: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A Redis of this test's own on a free port, so stopping it touches nobody else's. */
function startOwnRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p));

describe.runIf(redisBinary)('Redis going away and coming back', () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('falls back while it is away and counts in Redis again once it returns', { timeout: 30_000 }, async () => {
    server = startOwnRedis(port);
    const redis = fastFailingRedis(`redis://127.0.0.1:${port}`, quiet);
    const l = resilientRateLimiter(redis, { log: quiet });
    try {
      await waitFor(async () => (await l.health!()).redis === 'up');
      expect((await l.reserve('upload:minute:1', 10, 60)).count).toBe(1);
      server.kill('SIGKILL');
      await waitFor(async () => redis.status !== 'ready');
      // Local counting starts afresh: the unit taken in Redis is not visible here.
      expect((await l.reserve('upload:minute:1', 10, 60)).count).toBe(1);
      expect((await l.health!()).mode).toBe('fallback');
      server = startOwnRedis(port);
      await waitFor(async () => (await l.health!()).redis === 'up', 20_000);
      // A fresh Redis (nothing saved): its window starts at one.
      expect((await l.reserve('upload:minute:1', 10, 60)).count).toBe(1);
      expect((await l.reserve('upload:minute:1', 10, 60)).count).toBe(2);
      expect(await redisRateLimiter(redis, 'rl:').peek('upload:minute:1')).toBe(2);
    } finally {
      await l.close();
    }
  });
});
