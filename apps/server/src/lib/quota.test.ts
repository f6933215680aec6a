import { QUOTA_DEFAULTS, shanghaiDay } from '@gre/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/actors.js';
import { openTestDatabase } from '../../test/test-app.js';
import type { Database } from '@gre/db';
import { periodKeys, roleQuota } from './quota.js';
import { counterValue, takeCounter } from './quota.repository.js';

describe('roleQuota', () => {
  it('is the contract default without an override, per role', () => {
    expect(roleQuota('Trail', undefined)).toEqual(QUOTA_DEFAULTS.Trail);
    expect(roleQuota('SVIP', null)).toEqual(QUOTA_DEFAULTS.SVIP);
    expect(roleQuota('Stranger', undefined)).toEqual(QUOTA_DEFAULTS.Trail);
  });

  it('merges an override field by field, and ignores a malformed one as a whole', () => {
    const q = roleQuota('Trail', { Trail: { daily: { verbal: 5 }, total: null, simulate: { period: 'week' } } });
    expect(q).toEqual({
      ...QUOTA_DEFAULTS.Trail,
      daily: { ...QUOTA_DEFAULTS.Trail.daily, verbal: 5 },
      total: null,
      simulate: { n: 1, period: 'week' },
    });
    expect(roleQuota('VIP', { Trail: { total: 3 } })).toEqual(QUOTA_DEFAULTS.VIP);
    for (const bad of [{ Trail: { total: -1 } }, { Trail: { daily: { verbal: 'x' } } }, 'nonsense', 42])
      expect(roleQuota('Trail', bad)).toEqual(QUOTA_DEFAULTS.Trail);
  });
});

describe('periods', () => {
  it('counts days and weeks on the Shanghai calendar, weeks from Monday', () => {
    // 2026-11-22 is a Sunday; 16:30 UTC is already Monday 00:30 in Shanghai.
    expect(periodKeys(new Date('2026-11-22T15:59:00Z'))).toEqual({
      day: '2026-11-22',
      week: 'w2026-11-16',
      total: 'total',
    });
    expect(periodKeys(new Date('2026-11-22T16:30:00Z'))).toEqual({
      day: '2026-11-23',
      week: 'w2026-11-23',
      total: 'total',
    });
    expect(shanghaiDay(0)).toBe('1970-01-01');
  });
});

describe('takeCounter', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('never passes the limit nor refuses what fits, under concurrent takes', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 40 }),
        async (ks, limit) => {
          const user = await insertUser(db);
          const taken = await Promise.all(ks.map((k) => takeCounter(db, user.id, 'total', 'questions', k, limit)));
          const n = await counterValue(db, user.id, 'total', 'questions');
          expect(n).toBe(ks.reduce((sum, k, i) => sum + (taken[i] ? k : 0), 0));
          expect(n).toBeLessThanOrEqual(limit);
          // Whatever was refused did not fit on top of what the counter holds now.
          ks.forEach((k, i) => {
            if (!taken[i]) expect(n + k).toBeGreaterThan(limit);
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses a take larger than the limit on a fresh counter, and keeps counters apart', async () => {
    const db = database.db;
    const user = await insertUser(db);
    expect(await takeCounter(db, user.id, '2026-11-23', 'verbal', 31, 30)).toBe(false);
    expect(await counterValue(db, user.id, '2026-11-23', 'verbal')).toBe(0);
    expect(await takeCounter(db, user.id, '2026-11-23', 'verbal', 30, 30)).toBe(true);
    expect(await takeCounter(db, user.id, '2026-11-23', 'quant', 30, 30)).toBe(true);
    expect(await takeCounter(db, user.id, '2026-11-24', 'verbal', 1, 30)).toBe(true);
    expect(await takeCounter(db, user.id, '2026-11-23', 'verbal', 1, 30)).toBe(false);
    expect(await counterValue(db, user.id, '2026-11-23', 'verbal')).toBe(30);
  });
});
