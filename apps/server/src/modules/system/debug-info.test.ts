import { systemCalls } from '@gre/contracts';
import { sessions } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageSession, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  // The idle window (10 days) is shorter than the test sessions' absolute expiry (30 days), so it decides.
  t = await createTestApp({ SESSION_IDLE_DAYS: '10' });
});
afterAll(() => t.close());

const info = async (token?: string) => {
  const r = await t.call(systemCalls.debugInfo, {}, token ? { token } : {});
  expect(r.status).toBe(200);
  return r.data;
};

describe('/api/debug/info for the /debug page', () => {
  it('without a token: no user, no session end, and the switches this server runs with', async () => {
    const d = await info();
    expect(d.user_id).toBeNull();
    expect(d.session_ends_at).toBeNull();
    expect(d.flags).toEqual({
      maintenance: false,
      fast_paths: true,
      debug_clock: false,
      jobs: true,
      rate_limits: 'memory',
      pay_provider: 'sandbox',
      mail_provider: 'log',
      sms_provider: 'log',
    });
  });

  it('a live token: its user and when it ends — the idle window from now while that comes first', async () => {
    const u = await userWithToken(t.deps.database.db);
    const before = Date.now();
    const d = await info(u.token);
    expect(d.user_id).toBe(u.user.id);
    const ends = Date.parse(d.session_ends_at!);
    expect(ends).toBeGreaterThanOrEqual(before + 10 * DAY - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 10 * DAY + 1000);
  });

  it('the absolute expiry when it comes before the idle window', async () => {
    const u = await userWithToken(t.deps.database.db);
    const soon = new Date(Date.now() + 2 * DAY);
    await t.deps.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, u.sessionId));
    expect((await info(u.token)).session_ends_at).toBe(soon.toISOString());
  });

  it('an expired token reads as logged out: no user and no end', async () => {
    const u = await userWithToken(t.deps.database.db);
    await ageSession(t.deps.database.db, u.sessionId, { absolute: true });
    const d = await info(u.token);
    expect(d.user_id).toBeNull();
    expect(d.session_ends_at).toBeNull();
  });

  it('the maintenance flag follows the stored switch (staff still reach the page while it is on)', async () => {
    const admin = await userWithToken(t.deps.database.db, { isAdmin: true });
    await t.deps.settings.set('maintenance', true);
    try {
      expect((await info(admin.token)).flags.maintenance).toBe(true);
    } finally {
      await t.deps.settings.set('maintenance', false);
    }
  });
});

describe('/api/debug/info under other switches', () => {
  it('reports the fast paths off and the debug clock on', async () => {
    const other = await createTestApp({ FAST_PATHS: 'off', DEBUG_CLOCK: 'on', JOBS: 'off' });
    try {
      const d = (await other.call(systemCalls.debugInfo, {})).data;
      expect(d.flags).toMatchObject({ fast_paths: false, debug_clock: true, jobs: false });
    } finally {
      await other.close();
    }
  });
});
