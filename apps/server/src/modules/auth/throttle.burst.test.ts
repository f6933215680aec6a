import { userCalls } from '@gre/contracts';
import { verificationCodes } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis } from '../../../test/redis.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { memoryRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';
import { createUser, lastCodeFor, quietMessaging } from '../../../test/fixtures.js';
import { CODE_SEND_LIMITS, LOGIN_LIMITS } from './limits.js';

const redis = await connectTestRedis();

/**
 * Bursts of parallel attempts: the throttle must hold for them as it does for attempts one after another. A wrong
 * password answers `wrong_credentials` only after the hash was checked, so counting those answers counts the
 * guesses that reached the password check.
 */
function burstSuite(name: string, limiter: () => RateLimiter) {
  describe(name, () => {
    let t: TestApp;
    let n = 0;
    const freshIp = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
    beforeAll(async () => {
      t = await createTestApp({}, { ...quietMessaging(), limiter: limiter() });
    });
    afterAll(() => t.close());

    const login = (account: string, password: string, ip: string, deviceId = `unknown-${++n}`) =>
      t.call(userCalls.login, { account, password }, { ip, deviceId });
    const kinds = (rs: { ok: boolean; err: { kind: string } | null }[]) => rs.map((r) => (r.ok ? 'ok' : r.err!.kind));
    const count = (ks: string[], k: string) => ks.filter((x) => x === k).length;

    it(`100 parallel wrong logins from one address: ${LOGIN_LIMITS.perAccountAndIp.max} reach the password check, the right password after them is refused`, async () => {
      const { user, password } = await createUser(t.deps);
      const ip = freshIp();
      const burst = Array.from({ length: 100 }, (_, i) => (i === 60 ? password : `guess-${i}`));
      const ks = kinds(await Promise.all(burst.map((p) => login(user.email!, p, ip))));
      expect(count(ks, 'wrong_credentials')).toBe(LOGIN_LIMITS.perAccountAndIp.max);
      expect(count(ks, 'rate_limited')).toBe(100 - LOGIN_LIMITS.perAccountAndIp.max);
      expect(ks[60]).toBe('rate_limited');
    });

    it(`100 parallel wrong logins from 100 addresses: ${LOGIN_LIMITS.perAccount.max} reach the check; the owner's known device still gets in`, async () => {
      const { user, password, deviceId } = await createUser(t.deps);
      const ks = kinds(
        await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.email!, `guess-${i}`, freshIp()))),
      );
      expect(count(ks, 'wrong_credentials')).toBe(LOGIN_LIMITS.perAccount.max);
      expect(count(ks, 'rate_limited')).toBe(100 - LOGIN_LIMITS.perAccount.max);
      expect((await login(user.email!, password, freshIp())).err?.kind).toBe('rate_limited');
      expect((await login(user.email!, password, freshIp(), deviceId)).ok).toBe(true);
    });

    it('an unknown account is throttled alike under a burst', async () => {
      const ghost = `ghost-${++n}@example.com`;
      const ks = kinds(await Promise.all(Array.from({ length: 60 }, (_, i) => login(ghost, `guess-${i}`, freshIp()))));
      expect(count(ks, 'wrong_credentials')).toBe(LOGIN_LIMITS.perAccount.max);
    });

    it('a right password gives its units back: nothing leaks from a burst of right ones', async () => {
      const { user, password } = await createUser(t.deps);
      const ip = freshIp();
      // Right passwords hold a unit only while they are checked, so at most the budget is in flight at once …
      const ks = kinds(await Promise.all(Array.from({ length: 30 }, () => login(user.email!, password, ip))));
      expect(count(ks, 'ok')).toBeGreaterThanOrEqual(LOGIN_LIMITS.perAccountAndIp.max);
      expect(count(ks, 'wrong_credentials')).toBe(0);
      // … and afterwards the whole budget is there again: every one of five wrong guesses is checked.
      const after = [];
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max; i++) after.push(await login(user.email!, `wrong-${i}`, ip));
      expect(kinds(after)).toEqual(Array(LOGIN_LIMITS.perAccountAndIp.max).fill('wrong_credentials'));
    });

    it(`50 parallel code requests from one address: ${CODE_SEND_LIMITS.perIp.max} are sent`, async () => {
      const ip = freshIp();
      const targets = Array.from({ length: 50 }, (_, i) => `burst-${n}-${i}@example.com`);
      const ks = kinds(
        await Promise.all(
          targets.map((email) => t.call(userCalls.emailSendCode, { email, purpose: 'register' }, { ip })),
        ),
      );
      expect(count(ks, 'ok')).toBe(CODE_SEND_LIMITS.perIp.max);
      expect(count(ks, 'rate_limited')).toBe(50 - CODE_SEND_LIMITS.perIp.max);
    });

    it('30 parallel guesses of one code: at most 5 are checked, the right code after them is refused', async () => {
      const email = `tries-${++n}@example.com`;
      expect((await t.call(userCalls.emailSendCode, { email, purpose: 'register' }, { ip: freshIp() })).ok).toBe(true);
      const code = lastCodeFor(t.deps, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const register = (c: string) =>
        t.call(
          userCalls.register,
          { account: email, code: c, password: 'password-123', name: '并发' },
          { ip: freshIp() },
        );
      const rs = await Promise.all(Array.from({ length: 30 }, (_, i) => register(i === 29 ? code : wrong)));
      expect(kinds(rs).every((k) => k === 'code_invalid')).toBe(true);
      const [row] = await t.deps.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.target, email));
      expect(row!.attempts).toBe(5);
      expect(row!.consumedAt).toBeNull();
    });
  });
}

burstSuite('on the memory limiter', () => memoryRateLimiter());
describe.runIf(redis.up)('redis', () => burstSuite('on Redis', redis.limiter));
