import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PACE_STATUSES, paceStatus, pacingSummary, pacingTarget, PACING_TARGET_SECONDS } from './pacing.js';

const seconds = fc.integer({ min: 0, max: 4 * 3600 });
const target = fc.integer({ min: 1, max: 600 });
const item = fc.record({ category: fc.integer({ min: 0, max: 6 }), seconds });

describe('pacing', () => {
  it('Verbal questions (filling, reading) get 1.5 minutes, Quant 1.75; writing, words and "all" none', () => {
    expect([1, 2, 3].map(pacingTarget)).toEqual([90, 90, 105]);
    expect([0, 4, 5, 99, -1].map(pacingTarget)).toEqual([null, null, null, null, null]);
    expect(PACING_TARGET_SECONDS.verbal).toBeLessThan(PACING_TARGET_SECONDS.quant);
  });

  it('a time is within its target up to it, over it up to twice it, far over beyond', () => {
    expect([90, 91, 180, 181].map((s) => paceStatus(s, 90))).toEqual(['within', 'over', 'over', 'far_over']);
    fc.assert(
      fc.property(seconds, target, (s, t) => {
        const status = paceStatus(s, t);
        expect(status === 'within').toBe(s <= t);
        expect(status === 'far_over').toBe(s > 2 * t);
      }),
    );
  });

  it('more time never means a better pace', () => {
    fc.assert(
      fc.property(seconds, seconds, target, (a, b, t) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(PACE_STATUSES.indexOf(paceStatus(lo, t))).toBeLessThanOrEqual(PACE_STATUSES.indexOf(paceStatus(hi, t)));
      }),
    );
  });

  it('the summary counts only paced questions, far over within over, and their mean time', () => {
    expect(
      pacingSummary([
        { category: 1, seconds: 60 },
        { category: 2, seconds: 100 },
        { category: 3, seconds: 300 },
        { category: 4, seconds: 1800 },
      ]),
    ).toEqual({ paced: 3, over: 2, farOver: 1, meanSeconds: 153 });
    expect(pacingSummary([])).toEqual({ paced: 0, over: 0, farOver: 0, meanSeconds: null });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const s = pacingSummary(items);
        const paced = items.filter((i) => pacingTarget(i.category) !== null);
        expect(s.paced).toBe(paced.length);
        expect(s.farOver).toBeLessThanOrEqual(s.over);
        expect(s.over).toBeLessThanOrEqual(s.paced);
        if (paced.length === 0) expect(s.meanSeconds).toBeNull();
        else {
          const times = paced.map((i) => i.seconds);
          expect(s.meanSeconds).toBeGreaterThanOrEqual(Math.floor(Math.min(...times)));
          expect(s.meanSeconds).toBeLessThanOrEqual(Math.ceil(Math.max(...times)));
        }
        // Unpaced questions (an essay, a word card) never move the summary.
        expect(pacingSummary([...items, { category: 4, seconds: 1800 }])).toEqual(s);
      }),
    );
  });
});
