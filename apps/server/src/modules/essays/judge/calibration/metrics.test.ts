import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCorpus } from './corpus.js';
import { agreement, agreementWithin, pearson, qwk } from './metrics.js';

describe('agreement figures', () => {
  it('counts exact and within-tolerance agreement on half points, rounding halves up', () => {
    const a = [3, 3.5, 4, 5, 2.25];
    const b = [3, 4, 5, 3, 2.5];
    expect(agreementWithin(a, b, 0)).toBe(2 / 5);
    expect(agreementWithin(a, b, 0.5)).toBe(3 / 5);
    expect(agreementWithin(a, b, 1)).toBe(4 / 5);
  });

  it('computes QWK as the textbook example gives it', () => {
    // Categories 1–3, observed [[2,1,0],[0,2,1],[0,0,2]], rows 3 3 2, columns 2 3 3, N = 8: Σ w·O = 2 and
    // Σ w·E = (1·9 + 4·9 + 1·6 + 1·9 + 4·4 + 1·6) / 8 = 10.25, so QWK = 1 − 2 / 10.25.
    const a = [1, 1, 1, 2, 2, 2, 3, 3];
    const b = [1, 1, 2, 2, 2, 3, 3, 3];
    expect(qwk(a, b)).toBeCloseTo(1 - 2 / 10.25, 10);
    expect(qwk([2, 3, 4], [2, 3, 4])).toBe(1);
    expect(qwk([2, 2], [2, 2])).toBe(1);
  });

  it('computes Pearson r, 0 for a constant list', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
    expect(pearson([1, 2, 3], [2, 2, 2])).toBe(0);
  });

  it('refuses lists of different lengths', () => {
    expect(() => qwk([1], [1, 2])).toThrow();
    expect(() => agreementWithin([], [], 0)).toThrow();
  });

  it('reproduces the corpus README’s human–human figures (each rater rounded to 0.5: exact 0.37, adjacent 0.86, QWK 0.50)', () => {
    const corpus = readCorpus();
    const r1 = corpus.map((e) => e.rater1_score);
    const r2 = corpus.map((e) => e.rater2_score);
    expect(agreement(r1, r2).n).toBe(258);
    expect(agreementWithin(r1, r2, 0)).toBeCloseTo(0.37, 2);
    expect(agreementWithin(r1, r2, 0.5)).toBeCloseTo(0.86, 2);
    expect(qwk(r1, r2)).toBeCloseTo(0.5, 2);
    expect(pearson(r1, r2)).toBeCloseTo(0.54, 2);
  });

  it('is symmetric, 1 against itself, and its shares grow with the tolerance', () => {
    const scores = fc.array(
      fc.integer({ min: 0, max: 12 }).map((n) => n / 2),
      { minLength: 2, maxLength: 60 },
    );
    fc.assert(
      fc.property(scores, scores, (x, y) => {
        const n = Math.min(x.length, y.length);
        const [a, b] = [x.slice(0, n), y.slice(0, n)];
        expect(qwk(a, b)).toBeCloseTo(qwk(b, a), 12);
        expect(qwk(a, a)).toBeCloseTo(1, 12);
        const shares = [0, 0.5, 1, 6].map((t) => agreementWithin(a, b, t));
        expect(shares).toEqual([...shares].sort((p, q) => p - q));
        expect(shares[3]).toBe(1);
      }),
    );
  });
});
