import { systemCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createDeps } from '../../app.js';
import { loadEnv } from '../../env.js';

const DAY = 86_400_000;

describe('DEBUG_CLOCK=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEBUG_CLOCK: 'on' });
  });
  afterAll(() => t.close());

  it('lets an admin move the clock forward by whole days, and every rule reads the moved time', async () => {
    const admin = await userWithToken(t.deps.database.db, { isAdmin: true });
    const before = t.deps.clock.now().getTime();
    const r = await t.call(systemCalls.advanceClock, { days: 3 }, { token: admin.token });
    expect(r.status).toBe(200);
    const moved = Date.parse(r.data.now);
    expect(moved - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(moved - before).toBeLessThan(3 * DAY + 60_000);
    expect(t.deps.clock.now().getTime()).toBeGreaterThanOrEqual(moved);
  });

  it('is refused to learners and to bodies outside 1–60 whole days', async () => {
    const learner = await userWithToken(t.deps.database.db);
    expect((await t.call(systemCalls.advanceClock, { days: 1 }, { token: learner.token })).status).toBe(403);
    const admin = await userWithToken(t.deps.database.db, { isAdmin: true });
    for (const days of [0, -1, 61, 1.5, '2']) {
      const r = await t.call(systemCalls.advanceClock, { days }, { token: admin.token });
      expect(r.status, `days ${String(days)}`).toBe(400);
      expect(r.err?.kind).toBe('invalid_input');
    }
  });
});

describe('DEBUG_CLOCK off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers not_found and leaves the clock alone', async () => {
    const admin = await userWithToken(t.deps.database.db, { isAdmin: true });
    const r = await t.call(systemCalls.advanceClock, { days: 1 }, { token: admin.token });
    expect(r.status).toBe(404);
    expect(r.err?.kind).toBe('not_found');
    expect(Math.abs(t.deps.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('cannot be turned on in production', async () => {
    const env = loadEnv({ NODE_ENV: 'production', DEBUG_CLOCK: 'on', DATABASE_URL: '' });
    await expect(createDeps(env, { database: t.deps.database })).rejects.toThrow(/DEBUG_CLOCK/);
  });
});
