import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankAmong } from './rank.js';

const halfPoint = fc.integer({ min: 0, max: 12 }).map((n) => n / 2);
const percentOf = (rank: string) => Number(/^前 (\d+)%$/.exec(rank)?.[1]);

describe('rankAmong', () => {
  it('ranks among every essay on the prompt, this one included', () => {
    expect(rankAmong(6, [1, 2, 3, 4])).toBe('前 20%');
    expect(rankAmong(1, [2, 3, 4, 5])).toBe('前 100%');
    expect(rankAmong(3.5, [4, 3, 3, 2, 1, 1, 1, 0, 0])).toBe('前 20%');
  });

  it('gives equal scores the same rank', () => {
    expect(rankAmong(4, [4, 4, 4, 4])).toBe('前 20%');
  });

  it('says when there is nothing to compare with, and leaves out scores that are not numbers', () => {
    expect(rankAmong(4, [])).toBe('暂无可比较的作文');
    expect(rankAmong(4, [Number.NaN, Number.POSITIVE_INFINITY])).toBe('暂无可比较的作文');
    expect(rankAmong(4, [Number.NaN, 5])).toBe('前 100%');
    expect(rankAmong(Number.NaN, [5])).toBe('暂无可比较的作文');
  });

  it('is a whole percent in 1–100, never worse for a higher score', () => {
    fc.assert(
      fc.property(halfPoint, halfPoint, fc.array(halfPoint, { minLength: 1, maxLength: 500 }), (a, b, others) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const pLo = percentOf(rankAmong(lo, others));
        const pHi = percentOf(rankAmong(hi, others));
        expect(Number.isInteger(pLo) && pLo >= 1 && pLo <= 100).toBe(true);
        expect(pHi).toBeLessThanOrEqual(pLo);
        // The top score of all is in the first share, the bottom one in the last.
        expect(rankAmong(Math.max(...others) + 0.5, others)).toBe(`前 ${Math.ceil(100 / (others.length + 1))}%`);
      }),
    );
  });
});
