import { userCalls, type Envelope } from '@gre/contracts';
import { sessions } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, postRaw, quietMessaging } from '../../../test/fixtures.js';
import { LOGIN_LIMITS } from './limits.js';

let t: TestApp;
let n = 0;
const freshIp = () => `10.3.${Math.floor(++n / 250)}.${n % 250}`;

beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

const login = (account: string, password: string, opts: { ip?: string; deviceId?: string } = {}) =>
  t.call(
    userCalls.login,
    { account, password },
    { ip: opts.ip ?? freshIp(), deviceId: opts.deviceId ?? `unknown-${++n}` },
  );

describe('login', () => {
  it('logs in by email or phone and records the device', async () => {
    const { user, password } = await createUser(t.deps, { phone: '13600000001' });
    const r = await login('13600000001', password, { deviceId: 'dev-login-1' });
    expect(r).toMatchObject({ status: 200, ok: true, data: { user: { id: user.id, data: { phone: '13600000001' } } } });
    const rows = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((s) => s.deviceId)).toContain('dev-login-1');
    expect((await t.call(userCalls.get, {}, { token: r.data.token })).data.id).toBe(user.id);
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const { user } = await createUser(t.deps);
    const wrong = await login(user.email!, 'not-the-password');
    const unknown = await login('nobody-here@example.com', 'not-the-password');
    expect(wrong).toMatchObject({ status: 401, err: { kind: 'wrong_credentials' } });
    expect(unknown).toMatchObject({ status: 401, err: wrong.err });
  });

  it('spends the same password-hash work on an unknown account as on a wrong password', async () => {
    const { user } = await createUser(t.deps);
    const known: number[] = [];
    const unknown: number[] = [];
    const time = async (account: string, into: number[]) => {
      const start = performance.now();
      await login(account, 'not-the-password');
      into.push(performance.now() - start);
    };
    // Interleaved, so load from elsewhere on the machine falls on both sides alike.
    for (let i = 0; i < 7; i++) {
      await time(user.email!, known);
      await time('nobody-at-all@example.com', unknown);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without the dummy hash an unknown account answers in a few ms against ~25 ms of argon2.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('says user_frozen only to someone who knows the password', async () => {
    const { user, password } = await createUser(t.deps, { isFreeze: true });
    expect((await login(user.email!, 'not-the-password')).err?.kind).toBe('wrong_credentials');
    expect(await login(user.email!, password)).toMatchObject({ status: 403, err: { kind: 'user_frozen' } });
  });
});

describe('login throttling', () => {
  it(`blocks an (account, IP) pair after ${LOGIN_LIMITS.perAccountAndIp.max} failures; other IPs still get in`, async () => {
    const { user, password } = await createUser(t.deps);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max; i++)
      expect((await login(user.email!, 'wrong-password', { ip })).err?.kind).toBe('wrong_credentials');
    const blocked = await postRaw(t.app, userCalls.login.path, { account: user.email!, password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<Envelope<unknown>>().err_data?.kind).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email!, password, { ip: freshIp() })).ok).toBe(true);
  });

  it('a success resets the (account, IP) counter', async () => {
    const { user, password } = await createUser(t.deps);
    const ip = freshIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max - 1; i++) await login(user.email!, 'wrong-password', { ip });
      expect((await login(user.email!, password, { ip })).ok).toBe(true);
    }
  });

  it(`blocks an IP after ${LOGIN_LIMITS.perIp.max} failures across accounts, but not a device known to the account`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) await login(`spray-${i}@example.com`, 'wrong-password', { ip });
    const victim = await createUser(t.deps);
    expect((await login(victim.user.email!, victim.password, { ip })).err?.kind).toBe('rate_limited');
    expect((await login(victim.user.email!, victim.password, { ip, deviceId: victim.deviceId })).ok).toBe(true);
  });

  it('an attacker on other IPs cannot lock out a known device', async () => {
    const victim = await createUser(t.deps, { deviceId: 'victims-laptop' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++) {
      expect((await login(victim.user.email!, `guess-${i}`, { ip: freshIp() })).err?.kind).toBe('wrong_credentials');
    }
    // A new device, even with the right password, waits out the window …
    expect((await login(victim.user.email!, victim.password, { ip: freshIp() })).err?.kind).toBe('rate_limited');
    // … and so does the attacker's next guess; the owner's laptop, from any address, is let in.
    expect((await login(victim.user.email!, 'guess-x', { ip: freshIp() })).err?.kind).toBe('rate_limited');
    expect((await login(victim.user.email!, victim.password, { ip: freshIp(), deviceId: 'victims-laptop' })).ok).toBe(
      true,
    );
  });

  it('throttles an unknown account exactly like a known one', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++) await login('ghost@example.com', `guess-${i}`);
    const r = await login('ghost@example.com', 'guess');
    expect(r).toMatchObject({ status: 429, err: { kind: 'rate_limited' } });
  });
});
