import { allCalls, HEADERS, systemCalls, userCalls, type Envelope } from '@gre/contracts';
import { sessions } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ageSession, insertUser, revokeSessionRow, sessionFor, userWithToken } from '../../test/actors.js';
import { issueOpCode } from '../../test/op-code.js';
import { registerTestCalls, testCalls } from '../../test/test-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const ADMIN_EMAIL = 'gate-admin@test.gre';
let admin: { token: string };
let member: { token: string; sessionId: number; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: (app) => registerTestCalls(app) });
  admin = await userWithToken(t.deps.database.db, { isAdmin: true, email: ADMIN_EMAIL });
  member = await userWithToken(t.deps.database.db);
});
afterAll(() => t.close());
afterEach(async () => {
  await t.deps.settings.remove('maintenance');
  await t.deps.settings.remove('min_api_version');
});

describe('client version', () => {
  it('refuses a version below the stored minimum with api_version_low (426)', async () => {
    await t.deps.settings.set('min_api_version', 3);
    for (const v of ['0', '2']) {
      const r = await t.call(systemCalls.echo, { text: 'a' }, { apiVersion: v });
      expect(r).toMatchObject({ status: 426, ok: false, err: { kind: 'api_version_low' } });
    }
    expect((await t.call(systemCalls.echo, { text: 'a' }, { apiVersion: '3' })).status).toBe(200);
    expect((await t.call(systemCalls.echo, { text: 'a' }, { apiVersion: '17' })).status).toBe(200);
  });

  it('refuses a version that is not a plain integer, even with no minimum set', async () => {
    for (const v of ['abc', '', '1.5', '0x2', '1e3', '-1', '9'.repeat(30)]) {
      const r = await t.call(systemCalls.echo, { text: 'a' }, { apiVersion: v });
      expect(r.err?.kind, `X-Api-Version: ${v}`).toBe('api_version_low');
      expect(r.status).toBe(426);
    }
  });

  it('serves a request that sends no version (curl, the OpenAPI viewer)', async () => {
    await t.deps.settings.set('min_api_version', 5);
    const r = await t.call(systemCalls.echo, { text: 'a' }, { apiVersion: null });
    expect(r).toMatchObject({ status: 200, data: { text: 'a' } });
  });

  it('checks the version before maintenance and before the token', async () => {
    await t.deps.settings.set('min_api_version', 5);
    await t.deps.settings.set('maintenance', true);
    const r = await t.call(systemCalls.getSettings, {}, { apiVersion: '1' });
    expect(r.err?.kind).toBe('api_version_low');
  });
});

describe('maintenance switch', () => {
  it('answers server_upgrading (503) to learners and anonymous callers on every call but the switch and the sign-in calls', async () => {
    await t.deps.settings.set('maintenance', true);
    const closed = allCalls.filter((c) => !c.duringMaintenance);
    expect(closed.length).toBeGreaterThan(0);
    for (const call of closed) {
      for (const token of [member.token, undefined]) {
        const r = await t.call(call, {}, { token });
        expect(r.status, call.path).toBe(503);
        expect(r.err?.kind, call.path).toBe('server_upgrading');
      }
    }
    // The sign-in calls pass the gate (here they stop at the empty body); their services refuse learners.
    const signIn = allCalls.filter((c) => c.duringMaintenance === 'sign_in');
    expect(signIn.map((c) => c.path).sort()).toEqual([
      '/api/email/send_code',
      '/api/sms/send_code',
      '/api/user/login',
      '/api/user/reset_password',
    ]);
    for (const call of signIn) expect((await t.call(call, {})).err?.kind, call.path).toBe('invalid_input');
  });

  it('lets staff through on every call, so an admin can check the site and turn it off', async () => {
    await t.deps.settings.set('maintenance', true);
    // Logout would end the session this loop runs on; it passes the gate like the rest.
    for (const call of allCalls.filter((c) => c.path !== userCalls.logout.path)) {
      const r = await t.call(call, {}, { token: admin.token });
      expect(r.err?.kind, call.path).not.toBe('server_upgrading');
    }
  });

  it('answers before authentication, so a logged-out client sees the overlay too', async () => {
    await t.deps.settings.set('maintenance', true);
    const r = await t.call(testCalls.whoami, {});
    expect(r.err?.kind).toBe('server_upgrading');
  });

  it('lets an admin turn it off, and nobody else', async () => {
    await t.deps.settings.set('maintenance', true);
    const anon = await t.call(systemCalls.setMaintenance, { on: false });
    expect(anon).toMatchObject({ status: 401, err: { kind: 'unauthorized' } });
    const user = await t.call(systemCalls.setMaintenance, { on: false }, { token: member.token });
    expect(user).toMatchObject({ status: 403, err: { kind: 'forbidden' } });
    expect((await t.call(systemCalls.echo, { text: 'a' })).status).toBe(503);

    const off = await t.call(systemCalls.setMaintenance, { on: false }, { token: admin.token });
    expect(off).toMatchObject({ status: 200, data: { maintenance: false } });
    expect((await t.call(systemCalls.echo, { text: 'a' })).status).toBe(200);
  });

  it('is stored in the database: a second instance on the same database sees it', async () => {
    const on = await t.call(systemCalls.setMaintenance, { on: true }, { token: admin.token });
    expect(on.data.maintenance).toBe(true);
    const rows = await t.deps.database.db.execute<{ value: unknown }>(
      sql`select value from settings where key = 'maintenance'`,
    );
    expect(rows.rows[0]?.value).toBe(true);
  });
});

describe('authentication', () => {
  const malformed = [
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'Bearer short',
    `Bearer ${'a'.repeat(129)}`,
    `Bearer ${'a'.repeat(30)}!`,
    `Bearer ${'a'.repeat(30)} extra`,
    `Token ${'a'.repeat(43)}`,
  ];

  it('refuses a protected call with no token', async () => {
    const r = await t.call(testCalls.whoami, {});
    expect(r).toMatchObject({ status: 401, ok: false, err: { kind: 'unauthorized' } });
  });

  it('refuses malformed Authorization headers with unauthorized', async () => {
    for (const header of malformed) {
      const res = await t.app.inject({
        method: 'POST',
        url: testCalls.whoami.path,
        headers: { 'content-type': 'application/json', [HEADERS.authorization]: header },
        payload: '{}',
      });
      expect(res.statusCode, header).toBe(401);
      expect(res.json<Envelope<unknown>>().err_data?.kind, header).toBe('unauthorized');
    }
  });

  it('refuses a well-formed token that no session has', async () => {
    const r = await t.call(testCalls.whoami, {}, { token: 'A'.repeat(43) });
    expect(r).toMatchObject({ status: 401, err: { kind: 'unauthorized' } });
  });

  it('refuses a revoked session with unauthorized', async () => {
    const s = await sessionFor(t.deps.database.db, member.user.id);
    await revokeSessionRow(t.deps.database.db, s.sessionId);
    const r = await t.call(testCalls.whoami, {}, { token: s.token });
    expect(r).toMatchObject({ status: 401, err: { kind: 'unauthorized' } });
  });

  it('answers token_expired past the absolute expiry', async () => {
    const s = await sessionFor(t.deps.database.db, member.user.id);
    await ageSession(t.deps.database.db, s.sessionId, { absolute: true });
    const r = await t.call(testCalls.whoami, {}, { token: s.token });
    expect(r).toMatchObject({ status: 401, err: { kind: 'token_expired' } });
  });

  it('answers token_expired after the idle window', async () => {
    const s = await sessionFor(t.deps.database.db, member.user.id);
    await ageSession(t.deps.database.db, s.sessionId, { idleDays: t.deps.env.SESSION_IDLE_DAYS });
    const r = await t.call(testCalls.whoami, {}, { token: s.token });
    expect(r).toMatchObject({ status: 401, err: { kind: 'token_expired' } });
  });

  it('accepts a live session', async () => {
    const r = await t.call(testCalls.whoami, {}, { token: member.token });
    expect(r).toMatchObject({ status: 200, data: { user_id: member.user.id, session_id: member.sessionId } });
  });

  it('refuses a frozen user with user_frozen (403) on every protected call', async () => {
    const frozen = await userWithToken(t.deps.database.db, { isFreeze: true, isAdmin: true });
    const r = await t.call(testCalls.whoami, {}, { token: frozen.token });
    expect(r).toMatchObject({ status: 403, err: { kind: 'user_frozen' } });
    const adminCall = await t.call(systemCalls.getSettings, {}, { token: frozen.token });
    expect(adminCall.err?.kind).toBe('user_frozen');
  });

  it('treats a frozen user as logged out on public calls', async () => {
    const frozen = await userWithToken(t.deps.database.db, { isFreeze: true });
    const seen = await t.call(systemCalls.debugInfo, {}, { token: frozen.token });
    expect(seen).toMatchObject({ status: 200, data: { user_id: null } });
    const live = await t.call(systemCalls.debugInfo, {}, { token: member.token });
    expect(live.data.user_id).toBe(member.user.id);
  });

  it('serves public calls with a stale token as if logged out', async () => {
    const r = await t.call(systemCalls.debugInfo, {}, { token: 'B'.repeat(43) });
    expect(r).toMatchObject({ status: 200, data: { user_id: null } });
  });

  it('answers forbidden when a non-admin makes an admin call', async () => {
    const operator = await userWithToken(t.deps.database.db, { isOperator: true, isTeacher: true });
    for (const token of [member.token, operator.token]) {
      const r = await t.call(systemCalls.getSettings, {}, { token });
      expect(r).toMatchObject({ status: 403, err: { kind: 'forbidden' } });
    }
    expect((await t.call(systemCalls.getSettings, {}, { token: admin.token })).status).toBe(200);
  });
});

describe('cost of authentication', () => {
  /** Counts statements the database driver receives, on whichever database the suite runs. */
  function spyQueries() {
    const target = (t.deps.database.pool ?? t.deps.database.pglite) as unknown as {
      query: (...a: unknown[]) => unknown;
    };
    return vi.spyOn(target, 'query');
  }

  it('costs one query per authenticated request once the settings are cached', async () => {
    const user = await insertUser(t.deps.database.db);
    const { token } = await sessionFor(t.deps.database.db, user.id);
    await t.call(testCalls.whoami, {}, { token });
    const spy = spyQueries();
    try {
      for (let i = 0; i < 3; i++) expect((await t.call(testCalls.whoami, {}, { token })).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('shares look-ups among concurrent requests, yet a freeze committed before a request is seen by it', async () => {
    const db = t.deps.database.db;
    const users = await Promise.all(Array.from({ length: 6 }, () => userWithToken(db)));
    for (const u of users) await t.call(testCalls.whoami, {}, { token: u.token });
    const spy = spyQueries();
    try {
      const answers = await Promise.all(
        users.flatMap((u) => Array.from({ length: 5 }, () => t.call(testCalls.whoami, {}, { token: u.token }))),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      // Thirty requests in flight at once share statements: well under one each.
      expect(spy.mock.calls.length).toBeLessThan(20);
    } finally {
      spy.mockRestore();
    }
    // Keep batches in flight while the freeze commits; every request sent after the commit must see it.
    const target = users[0]!;
    const background = users
      .slice(1)
      .flatMap((u) => Array.from({ length: 10 }, () => t.call(testCalls.whoami, {}, { token: u.token })));
    const op_code = await issueOpCode(t.deps, { phone: null, email: ADMIN_EMAIL });
    await t.call(userCalls.freeze, { user_id: target.user.id, freeze: true, op_code }, { token: admin.token });
    const after = await Promise.all(
      Array.from({ length: 10 }, () => t.call(testCalls.whoami, {}, { token: target.token })),
    );
    await Promise.all(background);
    for (const r of after) expect(r.status).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const db = t.deps.database.db;
    const user = await insertUser(db);
    const { token, sessionId } = await sessionFor(db, user.id);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.id, sessionId));
    const lastSeen = async () =>
      (await db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.lastSeenAt.getTime();
    const before = await lastSeen();

    await t.call(testCalls.whoami, {}, { token });
    const touched = await lastSeen();
    expect(touched - before).toBeGreaterThan(4 * 60_000);

    await t.call(testCalls.whoami, {}, { token });
    expect(await lastSeen()).toBe(touched);
  });
});
