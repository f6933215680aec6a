import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@gre/db';
import { systemCalls, userCalls } from '@gre/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SettingsStore } from '../../lib/settings.js';
import { createUser, lastCodeFor, quietMessaging } from '../../../test/fixtures.js';
import { applyMaintenanceAtStart, runAdminCommand } from './maintenance.js';

let t: TestApp;
let n = 0;
const ip = () => `10.7.0.${++n % 250}`;
beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

const setSwitch = (on: boolean) => t.deps.settings.set('maintenance', on);
const login = (account: string, password: string) =>
  t.call(userCalls.login, { account, password }, { ip: ip(), deviceId: `d-${++n}` });

describe('staff during maintenance', () => {
  beforeEach(() => setSwitch(true));
  afterAll(() => setSwitch(false));

  it('an admin without a live token logs in, works, and turns maintenance off', async () => {
    const { user, password } = await createUser(t.deps, { isAdmin: true });
    const r = await login(user.email!, password);
    expect(r.ok).toBe(true);
    expect((await t.call(userCalls.get, {}, { token: r.data.token })).data.id).toBe(user.id);
    expect((await t.call(systemCalls.getSettings, {}, { token: r.data.token })).data.maintenance).toBe(true);
    expect((await t.call(systemCalls.setMaintenance, { on: false }, { token: r.data.token })).data.maintenance).toBe(
      false,
    );
  });

  it('operators and teachers log in and keep working too', async () => {
    for (const flags of [{ isOperator: true }, { isTeacher: true }]) {
      const { user, password } = await createUser(t.deps, flags);
      const r = await login(user.email!, password);
      expect(r.ok).toBe(true);
      expect((await t.call(userCalls.get, {}, { token: r.data.token })).ok).toBe(true);
    }
  });

  it('a learner still gets server_upgrading: with the right password, with a live token, and for registration', async () => {
    const learner = await createUser(t.deps);
    expect(await login(learner.user.email!, learner.password)).toMatchObject({
      status: 503,
      err: { kind: 'server_upgrading' },
    });
    expect((await t.call(userCalls.get, {}, { token: learner.token })).err?.kind).toBe('server_upgrading');
    const reg = await t.call(
      userCalls.emailSendCode,
      { email: `m-${++n}@example.com`, purpose: 'register' },
      { ip: ip() },
    );
    expect(reg.err?.kind).toBe('server_upgrading');
  });

  it('a wrong password answers alike for staff and learners, so nobody learns which accounts are staff', async () => {
    const admin = await createUser(t.deps, { isAdmin: true });
    const learner = await createUser(t.deps);
    const a = await login(admin.user.email!, 'wrong-password');
    const l = await login(learner.user.email!, 'wrong-password');
    expect(a).toMatchObject({ status: 401, err: { kind: 'wrong_credentials' } });
    expect(l).toMatchObject({ status: a.status, err: a.err });
  });

  it('an admin who forgot the password resets it by code; a learner cannot', async () => {
    for (const [flags, kind] of [
      [{ isAdmin: true }, null],
      [{}, 'server_upgrading'],
    ] as const) {
      const { user } = await createUser(t.deps, flags);
      expect(
        (await t.call(userCalls.emailSendCode, { email: user.email!, purpose: 'reset_password' }, { ip: ip() })).ok,
      ).toBe(true);
      const code = lastCodeFor(t.deps, user.email!);
      const r = await t.call(
        userCalls.resetPassword,
        { account: user.email!, code, password: 'new-password-1' },
        { ip: ip() },
      );
      expect(r.err?.kind ?? null).toBe(kind);
    }
  });

  it('a frozen admin is refused like any frozen account', async () => {
    const { user, password, token } = await createUser(t.deps, { isAdmin: true, isFreeze: true });
    expect((await login(user.email!, password)).err?.kind).toBe('user_frozen');
    expect((await t.call(userCalls.get, {}, { token })).err?.kind).toBe('server_upgrading');
  });
});

describe('the ways back without SQL', () => {
  it('MAINTENANCE=off at start turns a stored switch off; unset leaves it', async () => {
    const store = new SettingsStore(t.deps.database.db);
    await store.set('maintenance', true);
    expect(await applyMaintenanceAtStart(store, undefined)).toBeNull();
    expect((await store.get()).maintenance).toBe(true);
    expect(await applyMaintenanceAtStart(store, 'off')).toMatch(/maintenance off \(was on\)/);
    expect((await store.get()).maintenance).toBe(false);
    await applyMaintenanceAtStart(store, 'on');
    expect((await store.get()).maintenance).toBe(true);
    await store.set('maintenance', false);
  });

  it('the admin command sets, reports and refuses what it does not know', async () => {
    const db = t.deps.database.db;
    expect(await runAdminCommand(db, ['maintenance', 'on'])).toEqual({ code: 0, out: 'maintenance: on' });
    expect(await runAdminCommand(db, ['maintenance', 'status'])).toEqual({ code: 0, out: 'maintenance: on' });
    expect(await runAdminCommand(db, ['maintenance', 'off'])).toEqual({ code: 0, out: 'maintenance: off' });
    for (const bad of [[], ['maintenance'], ['maintenance', 'of'], ['drop', 'off'], ['maintenance', 'off', 'now']]) {
      expect((await runAdminCommand(db, bad)).code).toBe(2);
    }
  });

  it('`npm run admin -- maintenance off` works on the embedded database and refuses one in use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gre-admin-'));
    const run = (args: string[]) =>
      promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: join(import.meta.dirname, '../../../../..'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent' },
      }).then(
        (r) => ({ code: 0, out: r.stdout.trim() }),
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr.trim() }),
      );
    try {
      expect(await run(['maintenance', 'on'])).toEqual({ code: 0, out: 'maintenance: on' });
      expect(await run(['maintenance', 'off'])).toEqual({ code: 0, out: 'maintenance: off' });
      const held = await openDatabase({ dataDir: join(dir, 'db') });
      try {
        const busy = await run(['maintenance', 'status']);
        expect(busy.code).toBe(1);
        expect(busy.out).toMatch(/in use by process \d+/);
      } finally {
        await held.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
