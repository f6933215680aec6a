import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { actorOf } from './summary.fixtures.js';
import { getDaily, overall, signIn } from './summary.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

/** Offsets are days before today: the run of signed-in days ending at `end` is `end`, `end` + 1, … back in time. */
const runEndingAt = (days: Set<number>, end: number) => {
  let n = 0;
  while (days.has(end + n)) n += 1;
  return n;
};

describe('the streak rule', () => {
  it('any sequence of sign-in days: the streak is the run of consecutive days ending today, the best the longest run', async () => {
    const base = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 15 }), async (offsets) => {
        const user = await insertUser(t.deps.database.db);
        const actor = await actorOf(t, user.id);
        const days = new Set(offsets);
        for (const back of [...offsets].sort((a, b) => b - a)) {
          const res = await signIn(t.deps, actor, new Date(base - back * DAY_MS));
          expect(res.streak).toBe(runEndingAt(days, back));
        }
        const now = new Date(base);
        expect((await getDaily(t.deps, actor, now)).streak).toBe(runEndingAt(days, 0));
        const best = Math.max(0, ...offsets.map((o) => runEndingAt(days, o)));
        expect((await overall(t.deps, actor, now)).best_streak).toBe(best);
      }),
      { numRuns: 30 },
    );
  });
});
