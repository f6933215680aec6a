import { shanghaiDate, userCalls } from '@gre/contracts';
import { entitlements, sessions, users } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { lastCodeFor, quietMessaging } from '../../../test/fixtures.js';

let t: TestApp;
let n = 0;
const email = () => `reg-${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

async function codeFor(target: string, channel: 'email' | 'sms' = 'email', ip = `10.2.0.${++n % 250}`) {
  const r =
    channel === 'email'
      ? await t.call(userCalls.emailSendCode, { email: target, purpose: 'register' }, { ip })
      : await t.call(userCalls.smsSendCode, { phone: target, purpose: 'register' }, { ip });
  expect(r.ok).toBe(true);
  return lastCodeFor(t.deps, target);
}

async function countRows() {
  const db = t.deps.database.db;
  return {
    users: (await db.select().from(users)).length,
    entitlements: (await db.select().from(entitlements)).length,
    sessions: (await db.select().from(sessions)).length,
  };
}

describe('register', () => {
  it('creates a 7-day Trail account with its entitlement and records, and logs it in', async () => {
    const to = email();
    const r = await t.call(
      userCalls.register,
      { account: to, code: await codeFor(to), password: 'password-123', name: '小明' },
      { deviceId: 'dev-reg-1' },
    );
    expect(r.status).toBe(200);
    const { token, user } = r.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const weekOut = shanghaiDate(new Date(Date.now() + 7 * 86_400_000));
    expect(user).toMatchObject({
      name: '小明',
      is_admin: false,
      data: { email: to, phone: null },
      authority: { role_kind: 'Trail', role_name: '试用用户', expire_date: weekOut, is_freeze: false },
    });
    expect(user.authority.records).toEqual([
      { role_kind: 'Trail', source: 'trial', start_date: shanghaiDate(new Date()), end_date: weekOut },
    ]);

    const [row] = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(row).toMatchObject({ roleKind: 'Trail', source: 'trial' });
    const [session] = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.deviceId).toBe('dev-reg-1');
    expect(session!.tokenHash).not.toBe(token);

    const me = await t.call(userCalls.get, {}, { token });
    expect(me.data.id).toBe(user.id);
  });

  it('stores the email lower-cased, so the account is one whatever the case', async () => {
    const to = email().replace('example', 'EXAMPLE');
    const r = await t.call(userCalls.register, { account: to, code: await codeFor(to), password: 'password-123' });
    expect(r.data.user.data.email).toBe(to.toLowerCase());
    const login = await t.call(userCalls.login, { account: to.toUpperCase(), password: 'password-123' });
    expect(login.ok).toBe(true);
  });

  it('names a phone account 学员 + the last four digits', async () => {
    const phone = '13700001234';
    const r = await t.call(userCalls.register, {
      account: phone,
      code: await codeFor(phone, 'sms'),
      password: 'password-123',
    });
    expect(r.data.user).toMatchObject({ name: '学员1234', data: { phone, email: null } });
  });

  it('strips control characters from the name and falls back to the default when nothing is left', async () => {
    const to = email();
    const r = await t.call(userCalls.register, {
      account: to,
      code: await codeFor(to),
      password: 'password-123',
      name: '\n\t\u202e ',
    });
    expect(r.err).toBeNull();
    expect(r.data.user.name).toMatch(/^学员\d{4}$/);
  });

  it('sends a code to an existing account without saying so, and refuses it only after the code is right', async () => {
    const to = email();
    await t.call(userCalls.register, { account: to, code: await codeFor(to), password: 'password-123' });
    await t.deps.database.db.execute(`update verification_codes set created_at = created_at - interval '2 minutes'`);
    const code = await codeFor(to);
    const before = await countRows();
    expect(
      (
        await t.call(userCalls.register, {
          account: to,
          code: code === '000000' ? '000001' : '000000',
          password: 'password-123',
        })
      ).err?.kind,
    ).toBe('code_invalid');
    const dup = await t.call(userCalls.register, { account: to, code, password: 'other-password-1' });
    expect(dup).toMatchObject({ status: 409, err: { kind: 'account_exists' } });
    expect(await countRows()).toEqual(before);
    // The old password still works: nothing about the existing account changed.
    expect((await t.call(userCalls.login, { account: to, password: 'password-123' })).ok).toBe(true);
  });

  it('refuses a short password and a wrong-shaped code before touching anything', async () => {
    const to = email();
    const before = await countRows();
    expect((await t.call(userCalls.register, { account: to, code: '123456', password: 'short' })).err?.kind).toBe(
      'invalid_input',
    );
    expect(
      (await t.call(userCalls.register, { account: to, code: '12345a', password: 'password-123' })).err?.kind,
    ).toBe('invalid_input');
    expect(
      (await t.call(userCalls.register, { account: to, code: '123456', password: 'password-123', extra: 1 })).err?.kind,
    ).toBe('invalid_input');
    expect(await countRows()).toEqual(before);
  });
});
