import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { essayRuns } from './essay-marks';

const range = fc.tuple(fc.integer({ min: -5, max: 60 }), fc.integer({ min: -5, max: 60 }));

describe('essayRuns', () => {
  it('cuts at the ranges’ edges and merges neighbours marked alike', () => {
    expect(
      essayRuns('One. Two. Three.', [
        [[0, 4]],
        [
          [5, 9],
          [0, 4],
        ],
      ]),
    ).toEqual([
      { text: 'One.', start: 0, marks: [0, 1] },
      { text: ' ', start: 4, marks: [] },
      { text: 'Two.', start: 5, marks: [1] },
      { text: ' Three.', start: 9, marks: [] },
    ]);
    expect(essayRuns('', [[[0, 3]]])).toEqual([]);
    // Reversed, empty and out-of-text ranges mark nothing and lose nothing.
    expect(essayRuns('abc', [[[2, 1]], [[1, 1]], [[-4, 99]]])).toEqual([{ text: 'abc', start: 0, marks: [2] }]);
  });

  it('keeps every character once, in order, each marked by exactly the comments whose ranges hold it', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 50 }),
        fc.array(fc.array(range, { maxLength: 4 }), { maxLength: 5 }),
        (text, ranges) => {
          const runs = essayRuns(text, ranges);
          expect(runs.map((r) => r.text).join('')).toBe(text);
          let at = 0;
          for (const [i, run] of runs.entries()) {
            expect(run.start).toBe(at);
            expect(run.text.length).toBeGreaterThan(0);
            if (i > 0) expect(run.marks).not.toEqual(runs[i - 1]!.marks);
            for (let k = run.start; k < run.start + run.text.length; k += 1) {
              const holding = ranges.flatMap((rs, c) => (rs.some(([s, e]) => s <= k && k < e) ? [c] : []));
              expect(run.marks).toEqual(holding);
            }
            at += run.text.length;
          }
        },
      ),
    );
  });
});
