import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRanges, queryTerms, snippetAround } from './snippet.js';

// The highlight ranges are the only thing the client trusts to mark text: every range must cover a term (any case),
// ranges never overlap, and a snippet of text that holds a term always holds a highlight.

const term = fc.stringMatching(/^[a-z\u4e00-\u4e2f%_'"]{1,6}$/);
const text = fc
  .array(fc.oneof(fc.stringMatching(/^[A-Za-z \u4e00-\u4e2f.,\n]{0,30}$/), term), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('snippets', () => {
  it('every highlight covers a term, ranges are sorted and disjoint', () => {
    fc.assert(
      fc.property(text, fc.array(term, { minLength: 1, maxLength: 3 }), (t, terms) => {
        const cut = snippetAround(t, terms);
        const lowered = t.toLowerCase();
        if (!terms.some((x) => lowered.includes(x))) {
          expect(cut).toBeNull();
          return;
        }
        expect(cut).not.toBeNull();
        expect(cut!.highlights.length).toBeGreaterThan(0);
        let last = -1;
        for (const [a, b] of cut!.highlights) {
          expect(a).toBeGreaterThanOrEqual(last);
          expect(b).toBeGreaterThan(a);
          expect(b).toBeLessThanOrEqual(cut!.snippet.length);
          const piece = cut!.snippet.slice(a, b).toLowerCase();
          expect(terms.some((x) => piece.includes(x))).toBe(true);
          last = b;
        }
      }),
    );
  });

  it('cuts long text around the first match with ellipses', () => {
    const long = `${'lorem ipsum '.repeat(30)}NEEDLE${' dolor sit'.repeat(30)}`;
    const cut = snippetAround(long, ['needle'])!;
    expect(cut.snippet.startsWith('…')).toBe(true);
    expect(cut.snippet.endsWith('…')).toBe(true);
    expect(cut.highlights.map(([a, b]) => cut.snippet.slice(a, b))).toEqual(['NEEDLE']);
  });

  it('merges overlapping terms and drops terms inside others', () => {
    expect(queryTerms('Econ  economy  REEF')).toEqual(['economy', 'reef']);
    expect(matchRanges('coral reefs', ['reef', 'reefs', 'al re'])).toEqual([[3, 11]]);
  });
});
