import { userCalls, type Envelope } from '@gre/contracts';
import { verificationCodes } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { lastCodeFor, postRaw, quietMessaging } from '../../../test/fixtures.js';
import { CODE_SEND_LIMITS } from './limits.js';

let t: TestApp;
let n = 0;
/** A fresh target per test so counters and resend windows never leak between tests. */
const email = () => `codes-${++n}-${Date.now()}@Example.com`;
const phone = () => `139${String(++n).padStart(4, '0')}${String(Date.now()).slice(-4)}`;
const ip = () => `10.1.${Math.floor(n / 200)}.${n % 200}`;

beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

/** Moves every code of a target `seconds` into the past, as if that time had gone by. */
async function age(target: string, seconds: number) {
  await t.deps.database.db
    .update(verificationCodes)
    .set({
      createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${verificationCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(verificationCodes.target, target.toLowerCase()));
}

const register = (account: string, code: string) =>
  t.call(userCalls.register, { account, code, password: 'password-123' });

describe('send_code', () => {
  it('sends six digits by mail, stores only a hash, and asks the client to wait 60 s', async () => {
    const to = email();
    const r = await t.call(userCalls.emailSendCode, { email: to, purpose: 'register' }, { ip: ip() });
    expect(r).toMatchObject({ status: 200, ok: true, data: { resend_after: 60 } });
    const code = lastCodeFor(t.deps, to);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.deps.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, to.toLowerCase()));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.purpose).toBe('register');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(600_000);
  });

  it('sends by SMS with the purpose recorded', async () => {
    const to = phone();
    const r = await t.call(userCalls.smsSendCode, { phone: to, purpose: 'reset_password' }, { ip: ip() });
    expect(r.ok).toBe(true);
    expect(t.deps.sentCodes.list()[0]).toMatchObject({ target: to, purpose: 'reset_password' });
  });

  it('refuses a second code to the same target within 60 s, with Retry-After, whatever the purpose', async () => {
    const to = email();
    await t.call(userCalls.emailSendCode, { email: to, purpose: 'register' }, { ip: ip() });
    const again = await postRaw(
      t.app,
      userCalls.emailSendCode.path,
      { email: to, purpose: 'reset_password' },
      { ip: ip() },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json<Envelope<unknown>>().err_data?.kind).toBe('code_too_frequent');
    const retry = Number(again.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    await age(to, 61);
    expect((await t.call(userCalls.emailSendCode, { email: to, purpose: 'register' }, { ip: ip() })).ok).toBe(true);
  });

  it(`limits one target to ${CODE_SEND_LIMITS.perTarget.max} codes an hour`, async () => {
    const to = email();
    for (let i = 0; i < CODE_SEND_LIMITS.perTarget.max; i++) {
      const r = await t.call(userCalls.emailSendCode, { email: to, purpose: 'register' }, { ip: ip() });
      expect(r.ok).toBe(true);
      await age(to, 61);
    }
    const over = await postRaw(t.app, userCalls.emailSendCode.path, { email: to, purpose: 'register' }, { ip: ip() });
    expect(over.statusCode).toBe(429);
    expect(over.json<Envelope<unknown>>().err_data?.kind).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`limits one IP to ${CODE_SEND_LIMITS.perIp.max} codes an hour, across targets`, async () => {
    const from = '10.250.0.1';
    for (let i = 0; i < CODE_SEND_LIMITS.perIp.max; i++) {
      expect((await t.call(userCalls.smsSendCode, { phone: phone(), purpose: 'register' }, { ip: from })).ok).toBe(
        true,
      );
    }
    const over = await t.call(userCalls.smsSendCode, { phone: phone(), purpose: 'register' }, { ip: from });
    expect(over).toMatchObject({ status: 429, err: { kind: 'rate_limited' } });
    expect(
      (await t.call(userCalls.smsSendCode, { phone: phone(), purpose: 'register' }, { ip: '10.250.0.2' })).ok,
    ).toBe(true);
  });

  it('does not hand out op_check codes to arbitrary targets', async () => {
    const r = await t.call(userCalls.emailSendCode, { email: email(), purpose: 'op_check' }, { ip: ip() });
    expect(r).toMatchObject({ status: 400, err: { kind: 'invalid_input' } });
  });

  it('rejects a malformed phone or email', async () => {
    expect((await t.call(userCalls.smsSendCode, { phone: '12345', purpose: 'register' })).err?.kind).toBe(
      'invalid_input',
    );
    expect((await t.call(userCalls.emailSendCode, { email: 'not-an-email', purpose: 'register' })).err?.kind).toBe(
      'invalid_input',
    );
  });
});

describe('code checks (through register)', () => {
  async function sent(purpose: 'register' | 'reset_password' = 'register') {
    const to = email();
    await t.call(userCalls.emailSendCode, { email: to, purpose }, { ip: ip() });
    return { to, code: lastCodeFor(t.deps, to) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('accepts the right code once', async () => {
    const { to, code } = await sent();
    expect((await register(to, code)).ok).toBe(true);
    expect((await register(to, code)).err?.kind).toBe('code_invalid');
  });

  it('refuses a code after 10 minutes', async () => {
    const { to, code } = await sent();
    await age(to, 601);
    expect(await register(to, code)).toMatchObject({ status: 400, err: { kind: 'code_invalid' } });
  });

  it('still accepts a code just inside 10 minutes', async () => {
    const { to, code } = await sent();
    await age(to, 590);
    expect((await register(to, code)).ok).toBe(true);
  });

  it('kills a code after 5 wrong tries, even for the right code after', async () => {
    const { to, code } = await sent();
    for (let i = 0; i < 5; i++) expect((await register(to, wrong(code))).err?.kind).toBe('code_invalid');
    expect((await register(to, code)).err?.kind).toBe('code_invalid');
  });

  it('accepts the right code on the fifth try', async () => {
    const { to, code } = await sent();
    for (let i = 0; i < 4; i++) expect((await register(to, wrong(code))).err?.kind).toBe('code_invalid');
    expect((await register(to, code)).ok).toBe(true);
  });

  it('only the newest code counts', async () => {
    const { to, code: first } = await sent();
    await age(to, 61);
    await t.call(userCalls.emailSendCode, { email: to, purpose: 'register' }, { ip: ip() });
    const second = lastCodeFor(t.deps, to);
    if (first !== second) expect((await register(to, first)).err?.kind).toBe('code_invalid');
    expect((await register(to, second)).ok).toBe(true);
  });

  it('a code only opens the purpose it was sent for', async () => {
    const { to, code } = await sent('reset_password');
    expect((await register(to, code)).err?.kind).toBe('code_invalid');
  });

  it('a code never sent is invalid', async () => {
    expect((await register(email(), '123456')).err?.kind).toBe('code_invalid');
  });
});

describe('a provider that fails', () => {
  it('answers 500 without holding the target for the resend interval', async () => {
    const quiet = quietMessaging();
    let fail = true;
    const flaky = {
      name: 'flaky',
      async send(msg: Parameters<typeof quiet.mailer.send>[0]) {
        if (fail) throw new Error('smtp down');
        await quiet.mailer.send(msg);
      },
    };
    const app = await createTestApp({}, { ...quiet, mailer: flaky });
    try {
      const to = email();
      const r = await app.call(userCalls.emailSendCode, { email: to, purpose: 'register' });
      expect(r).toMatchObject({ status: 500, err: { kind: 'internal', detail: 'internal error' } });
      expect(await app.deps.database.db.select().from(verificationCodes)).toHaveLength(0);
      fail = false;
      expect((await app.call(userCalls.emailSendCode, { email: to, purpose: 'register' })).ok).toBe(true);
    } finally {
      await app.close();
    }
  });
});
