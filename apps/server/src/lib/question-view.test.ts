import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stemPreview } from './question-view.js';

const unescapedDollars = (s: string) => [...s.matchAll(/(?<!\\)\$/g)].length;

describe('stemPreview', () => {
  it('keeps short stems whole, blanks as ____ and whitespace collapsed', () => {
    expect(stemPreview('The  critic was {{1}}\nby the\tresult.')).toBe('The critic was ____ by the result.');
  });

  it('stops before a formula the cut would split', () => {
    const stem = `${'word '.repeat(26)}then $\\frac{1}{2 \\times 3} + \\frac{1}{3 \\times 4}$ and more text after it`;
    const preview = stemPreview(stem);
    expect(preview.endsWith('then…')).toBe(true);
    expect(unescapedDollars(preview)).toBe(0);
  });

  it('never ends inside math and never grows past 140 characters', () => {
    const piece = fc.constantFrom('word ', 'x ', '$x^2$ ', '$\\frac{a}{b}$ ', '\\$5 ', '{{1}} ', '  ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), (pieces) => {
        const preview = stemPreview(pieces.join(''));
        expect(preview.length).toBeLessThanOrEqual(140);
        expect(unescapedDollars(preview) % 2).toBe(0);
      }),
    );
  });
});
