import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodStarts } from './calendar.js';
import { applyWindow, SCORE_WINDOWS, windowAverage } from './windows.js';

interface A {
  finished_at: number;
  total: number | null;
}
const score = (a: A) => a.total;
const attempts = fc.array(
  fc.record({
    finished_at: fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
    total: fc.option(fc.integer({ min: 260, max: 340 }), { nil: null }),
  }),
  { maxLength: 30 },
);
const now = fc.integer({ min: 1_700_000_000, max: 1_800_000_000 });

describe('score-history windows', () => {
  it('keeps a subset of the scored attempts, oldest first, for every window', () => {
    fc.assert(
      fc.property(attempts, now, fc.constantFrom(...SCORE_WINDOWS), (as, t, w) => {
        const kept = applyWindow(as, w, t, score);
        expect(kept.every((a) => as.includes(a) && a.total !== null)).toBe(true);
        expect(kept.map((a) => a.finished_at)).toEqual([...kept.map((a) => a.finished_at)].sort((x, y) => x - y));
      }),
    );
  });

  it('last N keeps the N newest; all except lowest 3 drops exactly the three lowest', () => {
    fc.assert(
      fc.property(attempts, now, (as, t) => {
        const scored = as.filter((a) => a.total !== null);
        expect(applyWindow(as, 'last_3', t, score)).toHaveLength(Math.min(3, scored.length));
        expect(applyWindow(as, 'last_10', t, score)).toHaveLength(Math.min(10, scored.length));
        const rest = applyWindow(as, 'except_lowest_3', t, score);
        if (scored.length <= 3) expect(rest).toHaveLength(scored.length);
        else {
          expect(rest).toHaveLength(scored.length - 3);
          const dropped = [...scored]
            .sort((a, b) => a.total! - b.total!)
            .slice(0, 3)
            .map((a) => a.total);
          const keptMin = Math.min(...rest.map((a) => a.total!));
          expect(keptMin).toBeGreaterThanOrEqual(Math.max(...(dropped as number[])));
        }
      }),
    );
  });

  it('this week starts on Monday 00:00 in Shanghai; this month on the 1st', () => {
    // 2026-11-25 (Wednesday) 10:00 Shanghai = 02:00 UTC.
    const wed = Date.UTC(2026, 10, 25, 2) / 1000;
    const { week, month } = periodStarts(wed);
    expect(new Date(week * 1000).toISOString()).toBe('2026-11-22T16:00:00.000Z'); // Mon 23rd 00:00 +08
    expect(new Date(month * 1000).toISOString()).toBe('2026-10-31T16:00:00.000Z'); // 1 Nov 00:00 +08
    const mondayEarly = Date.UTC(2026, 10, 22, 16, 30) / 1000; // Mon 00:30 Shanghai
    expect(periodStarts(mondayEarly).week).toBe(week);
    const sundayLate = Date.UTC(2026, 10, 22, 15, 59) / 1000; // Sun 23:59 Shanghai
    expect(periodStarts(sundayLate).week).toBe(week - 7 * 86_400);
  });

  it('averages the kept scores to one decimal, null when empty', () => {
    const as = [1, 2, 3].map((i) => ({ finished_at: i, total: 300 + i }));
    expect(windowAverage(as, score)).toBe(302);
    expect(windowAverage([], score)).toBeNull();
  });
});
