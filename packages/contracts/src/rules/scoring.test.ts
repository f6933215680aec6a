import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conversionTable,
  interpretLevel,
  LEVEL_LINES,
  RAW_MAX,
  scaledScore,
  scoreBand,
  section2Level,
  SECTION1_SIZE,
  SECTION2_SIZE,
  type Level,
} from './scoring.js';

const LEVELS: Level[] = ['easy', 'medium', 'hard'];
const run = fc.record({
  r1: fc.integer({ min: 0, max: SECTION1_SIZE }),
  r2: fc.integer({ min: 0, max: SECTION2_SIZE }),
});

describe('section-adaptive scoring', () => {
  it('routes section 1 raw scores to easy, medium and hard at 5 and 9', () => {
    expect([0, 4, 5, 8, 9, 12].map(section2Level)).toEqual(['easy', 'easy', 'medium', 'medium', 'hard', 'hard']);
  });

  it('gives every reachable run a score in 130–170 inside its band', () => {
    fc.assert(
      fc.property(run, ({ r1, r2 }) => {
        const s = scaledScore(section2Level(r1), r1 + r2);
        const band = scoreBand(s);
        expect(s).toBeGreaterThanOrEqual(130);
        expect(s).toBeLessThanOrEqual(170);
        expect(band.low).toBeLessThanOrEqual(s);
        expect(band.high).toBeGreaterThanOrEqual(s);
        expect(band.low).toBeGreaterThanOrEqual(130);
        expect(band.high).toBeLessThanOrEqual(170);
      }),
    );
  });

  it('never scores one more right answer lower, in either section', () => {
    fc.assert(
      fc.property(run, ({ r1, r2 }) => {
        const s = scaledScore(section2Level(r1), r1 + r2);
        if (r2 < SECTION2_SIZE) expect(scaledScore(section2Level(r1), r1 + r2 + 1)).toBeGreaterThanOrEqual(s);
        // One more right in section 1 may also move section 2 up a level: still never lower.
        if (r1 < SECTION1_SIZE) expect(scaledScore(section2Level(r1 + 1), r1 + 1 + r2)).toBeGreaterThanOrEqual(s);
      }),
    );
  });

  it('scores the same raw total at least as high after a harder section 2', () => {
    for (let raw = 0; raw <= RAW_MAX; raw++) {
      const reachable = LEVELS.filter((l) => raw >= LEVEL_LINES[l].rawMin && raw <= LEVEL_LINES[l].rawMax);
      const scores = reachable.map((l) => scaledScore(l, raw));
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
    }
  });

  it('reaches 170 only with every answer right, and 130 only with none', () => {
    expect(scaledScore('hard', RAW_MAX)).toBe(170);
    expect(scaledScore('hard', RAW_MAX - 1)).toBeLessThan(170);
    expect(scaledScore('easy', 0)).toBe(130);
    expect(scaledScore('easy', 1)).toBeGreaterThan(130);
  });

  it('interprets scores in the documented steps', () => {
    expect([170, 165, 164, 158, 157, 150, 149, 142, 141, 130].map(interpretLevel)).toEqual([
      'top',
      'top',
      'strong',
      'strong',
      'solid',
      'solid',
      'developing',
      'developing',
      'foundation',
      'foundation',
    ]);
  });

  it('matches the conversion table printed in docs/scoring.md', () => {
    const doc = readFileSync(new URL('../../../../docs/scoring.md', import.meta.url), 'utf8');
    const printed = [...doc.matchAll(/^\| (\d+) \| (\d+|—) \| (\d+|—) \| (\d+|—) \|$/gm)].map((m) => {
      const n = (v: string) => (v === '—' ? null : Number(v));
      return { raw: Number(m[1]), easy: n(m[2]!), medium: n(m[3]!), hard: n(m[4]!) };
    });
    expect(printed).toEqual(conversionTable());
  });
});
