import fc from 'fast-check';
import { GRE_BANDS } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import { cutBands, greBands } from './gre-bands.js';

describe('cutBands', () => {
  it('puts the commonest words in band 1 and words without a rank last', () => {
    const list = [
      { word: 'rare', frq: 40_000 },
      { word: 'common', frq: 100 },
      { word: 'unranked', frq: null },
      { word: 'mid', frq: 5000 },
      { word: 'often', frq: 900 },
    ];
    const bands = cutBands(list);
    expect(['common', 'often', 'mid', 'rare', 'unranked'].map((w) => bands.bandOf(w))).toEqual([1, 2, 3, 4, 5]);
    expect(bands.sizes).toEqual([1, 1, 1, 1, 1]);
    expect(bands.bandOf('absent')).toBeNull();
  });

  it('bands only lower-case headwords, ties in list order, the last band taking the remainder', () => {
    const list = ['b', 'a', 'Polish', 'c d', 'e', 'f', 'g', 'h', 'well-being'].map((word) => ({ word, frq: 7 }));
    const bands = cutBands(list);
    expect(bands.sizes).toEqual([2, 2, 2, 1, 0]);
    expect(['b', 'a', 'e', 'f', 'g', 'h', 'well-being'].map((w) => bands.bandOf(w))).toEqual([1, 1, 2, 2, 3, 3, 4]);
    expect(bands.bandOf('Polish')).toBeNull();
    expect(bands.bandOf('c d')).toBeNull();
  });

  it('cuts full bands but the last that never invert the ranks', () => {
    const row = fc.record({
      word: fc.stringMatching(/^[a-z]{1,6}$/),
      frq: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 200 }), (list) => {
        const bands = cutBands(list);
        const words = [...new Map(list.map((w) => [w.word, w] as const).reverse()).values()];
        expect(bands.sizes).toHaveLength(GRE_BANDS);
        expect(bands.sizes.reduce((a, b) => a + b, 0)).toBe(words.length);
        const size = Math.ceil(words.length / GRE_BANDS);
        const full = bands.sizes.filter((n) => n === size).length;
        expect(bands.sizes.slice(0, full).every((n) => n === size)).toBe(true);
        expect(bands.sizes.slice(full + 1).every((n) => n === 0)).toBe(true);
        const firstRow = (w: string) => list.find((r) => r.word === w)!;
        for (const a of words)
          for (const b of words) {
            const [fa, fb] = [firstRow(a.word).frq ?? Infinity, firstRow(b.word).frq ?? Infinity];
            if (fa < fb) expect(bands.bandOf(a.word)!).toBeLessThanOrEqual(bands.bandOf(b.word)!);
          }
      }),
    );
  });
});

describe('greBands', () => {
  it('bands the shipped GRE list', async () => {
    const bands = await greBands();
    expect(bands.sizes.every((n) => n > 1000)).toBe(true);
    expect(bands.bandOf('abandon')).toBe(1);
    expect(bands.bandOf('abase')).toBeGreaterThan(3);
  });
});
