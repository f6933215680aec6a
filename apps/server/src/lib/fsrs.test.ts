import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueBefore, reviewCap, stepSchedule, DEFAULT_REVIEW_CAP } from './fsrs.js';

const DAY = 86_400;
const t0 = new Date('2026-11-20T10:00:00Z');
const at = (s: number) => new Date(s * 1000);

describe('FSRS steps', () => {
  it('a first wrong answer is due the next day; right answers on time push further out', () => {
    const first = stepSchedule(null, false, t0);
    expect(first).toMatchObject({ reps: 1, lapses: 0, state: 'Review', last_review: t0.getTime() / 1000 });
    expect(first.due - t0.getTime() / 1000).toBe(DAY);
    let s = first;
    let gap = first.due - t0.getTime() / 1000;
    for (let i = 0; i < 4; i++) {
      const next = stepSchedule(s, true, at(s.due));
      expect(next.due - s.due).toBeGreaterThan(gap);
      gap = next.due - s.due;
      s = next;
    }
    const lapse = stepSchedule(s, false, at(s.due));
    expect(lapse.lapses).toBe(1);
    expect(lapse.due - s.due).toBeLessThan(gap);
  });

  it('any sequence of answers keeps the schedule well formed and a wrong answer never waits longer than a right one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 60 })), { maxLength: 20 }), (steps) => {
        let s: ReturnType<typeof stepSchedule> | null = null;
        let now = t0.getTime() / 1000;
        for (const [right, wait] of steps) {
          now += wait * DAY;
          const good = stepSchedule(s, true, at(now));
          const again = stepSchedule(s, false, at(now));
          expect(again.due).toBeLessThanOrEqual(good.due);
          s = right ? good : again;
          expect(s.due).toBeGreaterThan(now);
          expect(s.reps).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('a malformed stored schedule restarts as a new card', () => {
    expect(stepSchedule({ due: 'soon' }, false, t0)).toEqual(stepSchedule(null, false, t0));
  });
});

describe('the day boundary and the cap', () => {
  it('due today means before the next midnight in Shanghai', () => {
    expect(dueBefore(new Date('2026-11-20T10:00:00Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(dueBefore(new Date('2026-11-20T16:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(dueBefore(new Date('2026-11-20T15:59:59Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
  });

  it('the admin override replaces the default cap only when it is a sensible count', () => {
    expect(reviewCap(undefined)).toBe(DEFAULT_REVIEW_CAP);
    expect(reviewCap(5)).toBe(5);
    expect(reviewCap(0)).toBe(0);
    for (const bad of [-1, 1.5, '10', null, { n: 3 }, 1e9]) expect(reviewCap(bad)).toBe(DEFAULT_REVIEW_CAP);
  });
});
