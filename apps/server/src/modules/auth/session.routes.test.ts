import { userCalls } from '@gre/contracts';
import { sessions, verificationCodes } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, lastCodeFor, quietMessaging } from '../../../test/fixtures.js';
import { consumeCode } from './codes.service.js';
import { LOGIN_LIMITS } from './limits.js';

let t: TestApp;
let n = 0;
const freshIp = () => `10.4.${Math.floor(++n / 250)}.${n % 250}`;

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_DAYS: '14', SESSION_MAX_DAYS: '60' }, quietMessaging());
});
afterAll(() => t.close());

describe('resume_login and logout', () => {
  it('resume_login returns the same token and the user', async () => {
    const { user, token } = await createUser(t.deps);
    const r = await t.call(userCalls.resumeLogin, {}, { token });
    expect(r).toMatchObject({ status: 200, data: { token, user: { id: user.id } } });
  });

  it('logout ends this session only', async () => {
    const a = await createUser(t.deps);
    const second = await t.call(userCalls.login, { account: a.user.email!, password: a.password }, { ip: freshIp() });
    expect((await t.call(userCalls.logout, {}, { token: a.token })).data).toEqual({ done: true });
    expect(await t.call(userCalls.get, {}, { token: a.token })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
    expect((await t.call(userCalls.get, {}, { token: second.data.token })).ok).toBe(true);
  });

  it('concurrent requests sharing session look-ups each get their own user, and a logged-out token is refused', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.deps)));
    const gone = people[5]!;
    await t.call(userCalls.logout, {}, { token: gone.token });
    const calls = Array.from({ length: 30 }, (_, i) => people[i % 6]!);
    const answers = await Promise.all(calls.map((p) => t.call(userCalls.get, {}, { token: p.token })));
    answers.forEach((r, i) => {
      if (calls[i] === gone) expect(r).toMatchObject({ status: 401, err: { kind: 'unauthorized' } });
      else expect(r).toMatchObject({ status: 200, data: { id: calls[i]!.user.id } });
    });
  });

  it('refuses a missing, malformed or unknown token with 401 unauthorized', async () => {
    expect(await t.call(userCalls.get, {})).toMatchObject({ status: 401, err: { kind: 'unauthorized' } });
    expect(await t.call(userCalls.get, {}, { token: 'short' })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
    expect(await t.call(userCalls.get, {}, { token: 'A'.repeat(43) })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
  });

  it('an idle session expires: token_expired', async () => {
    const { token, user } = await createUser(t.deps);
    await t.deps.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.userId, user.id));
    expect(await t.call(userCalls.resumeLogin, {}, { token })).toMatchObject({
      status: 401,
      err: { kind: 'token_expired' },
    });
  });

  it('a session past its absolute expiry is expired even when in use', async () => {
    const { token, user } = await createUser(t.deps);
    await t.deps.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'`, lastSeenAt: sql`now()` })
      .where(eq(sessions.userId, user.id));
    expect(await t.call(userCalls.get, {}, { token })).toMatchObject({ status: 401, err: { kind: 'token_expired' } });
  });
});

async function resetCode(account: string) {
  const r = account.includes('@')
    ? await t.call(userCalls.emailSendCode, { email: account, purpose: 'reset_password' }, { ip: freshIp() })
    : await t.call(userCalls.smsSendCode, { phone: account, purpose: 'reset_password' }, { ip: freshIp() });
  expect(r.ok).toBe(true);
  return lastCodeFor(t.deps, account);
}

describe('reset_password', () => {
  it('sets the new password, ends every other session and logs in', async () => {
    const a = await createUser(t.deps);
    const other = await t.call(userCalls.login, { account: a.user.email!, password: a.password }, { ip: freshIp() });
    const r = await t.call(
      userCalls.resetPassword,
      { account: a.user.email!, code: await resetCode(a.user.email!), password: 'brand-new-pass' },
      { deviceId: 'dev-reset' },
    );
    expect(r).toMatchObject({ status: 200, data: { user: { id: a.user.id } } });
    for (const old of [a.token, other.data.token])
      expect((await t.call(userCalls.get, {}, { token: old })).status).toBe(401);
    expect((await t.call(userCalls.get, {}, { token: r.data.token })).ok).toBe(true);
    expect(
      (await t.call(userCalls.login, { account: a.user.email!, password: a.password }, { ip: freshIp() })).err?.kind,
    ).toBe('wrong_credentials');
    expect(
      (await t.call(userCalls.login, { account: a.user.email!, password: 'brand-new-pass' }, { ip: freshIp() })).ok,
    ).toBe(true);
  });

  it('lets a user locked out on this address back in', async () => {
    const a = await createUser(t.deps, { phone: '13500000009' });
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max; i++)
      await t.call(userCalls.login, { account: '13500000009', password: 'wrong-guess' }, { ip });
    expect((await t.call(userCalls.login, { account: '13500000009', password: a.password }, { ip })).err?.kind).toBe(
      'rate_limited',
    );
    await t.call(
      userCalls.resetPassword,
      { account: '13500000009', code: await resetCode('13500000009'), password: 'brand-new-pass' },
      { ip },
    );
    expect((await t.call(userCalls.login, { account: '13500000009', password: 'brand-new-pass' }, { ip })).ok).toBe(
      true,
    );
  });

  it('refuses a wrong code and changes nothing', async () => {
    const a = await createUser(t.deps);
    const code = await resetCode(a.user.email!);
    const wrong = code === '111111' ? '222222' : '111111';
    expect(
      (await t.call(userCalls.resetPassword, { account: a.user.email!, code: wrong, password: 'brand-new-pass' })).err
        ?.kind,
    ).toBe('code_invalid');
    expect((await t.call(userCalls.get, {}, { token: a.token })).ok).toBe(true);
  });

  it('a register code does not reset a password', async () => {
    const a = await createUser(t.deps);
    await t.call(userCalls.emailSendCode, { email: a.user.email!, purpose: 'register' }, { ip: freshIp() });
    const r = await t.call(userCalls.resetPassword, {
      account: a.user.email!,
      code: lastCodeFor(t.deps, a.user.email!),
      password: 'brand-new-pass',
    });
    expect(r.err?.kind).toBe('code_invalid');
  });

  it('tells the owner of a target with no account, once the code proved ownership', async () => {
    const to = `no-account-${Date.now()}@example.com`;
    const r = await t.call(userCalls.resetPassword, {
      account: to,
      code: await resetCode(to),
      password: 'brand-new-pass',
    });
    expect(r).toMatchObject({ status: 404, err: { kind: 'not_found' } });
  });

  it('a frozen account cannot reset its way back in', async () => {
    const a = await createUser(t.deps, { isFreeze: true });
    const r = await t.call(userCalls.resetPassword, {
      account: a.user.email!,
      code: await resetCode(a.user.email!),
      password: 'brand-new-pass',
    });
    expect(r).toMatchObject({ status: 403, err: { kind: 'user_frozen' } });
  });
});

describe('send_op_check_code', () => {
  it("sends to the user's own phone, masked in the answer, usable once for op_check only", async () => {
    const a = await createUser(t.deps, { phone: '13912345678' });
    const r = await t.call(userCalls.sendOpCheckCode, {}, { token: a.token, ip: freshIp() });
    expect(r).toMatchObject({ status: 200, data: { resend_after: 60, target: '139****5678' } });
    expect(t.deps.sentCodes.list()[0]).toMatchObject({ target: '13912345678', purpose: 'op_check' });
    const code = lastCodeFor(t.deps, '13912345678');
    await expect(consumeCode(t.deps, '13912345678', 'reset_password', code)).rejects.toMatchObject({
      kind: 'code_invalid',
    });
    await expect(consumeCode(t.deps, '13912345678', 'op_check', code)).resolves.toBeUndefined();
    await expect(consumeCode(t.deps, '13912345678', 'op_check', code)).rejects.toMatchObject({ kind: 'code_invalid' });
  });

  it('falls back to email when there is no phone', async () => {
    const a = await createUser(t.deps, { email: 'opcheck@example.com' });
    const r = await t.call(userCalls.sendOpCheckCode, {}, { token: a.token, ip: freshIp() });
    expect(r.data.target).toBe('o***@example.com');
    const [row] = await t.deps.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, 'opcheck@example.com'));
    expect(row!.purpose).toBe('op_check');
  });

  it('needs a login', async () => {
    expect((await t.call(userCalls.sendOpCheckCode, {})).status).toBe(401);
  });
});
