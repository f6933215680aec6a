import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineEssayScores,
  ESSAY_DISCREPANCY_MAX,
  ESSAY_SCORE_MAX,
  isEssayScore,
  roundEssayScore,
  type EssayScores,
} from './essay.js';

/** A score on the scale: 0, 0.5, …, 6. */
const score = fc.integer({ min: 0, max: 2 * ESSAY_SCORE_MAX }).map((n) => n / 2);
const maybe = fc.option(score, { nil: null });
const scores = fc.record({ machine: maybe, model: maybe, teacher: maybe });

describe('essay scores', () => {
  it('the scale is 0–6 in half points', () => {
    expect([0, 0.5, 3, 5.5, 6].every(isEssayScore)).toBe(true);
    expect([-0.5, 6.5, 7, 5.3, 4.25, Number.NaN, Infinity, '4', null].some(isEssayScore)).toBe(false);
  });

  it('rounds to the nearest half point, a quarter going up, within the scale', () => {
    expect([4.25, 4.75, 4.1, 4.3, 0.2, -1, 6.4, 9].map(roundEssayScore)).toEqual([4.5, 5, 4, 4.5, 0, 0, 6, 6]);
    fc.assert(
      fc.property(fc.double({ min: -10, max: 20, noNaN: true }), (x) => {
        const r = roundEssayScore(x);
        expect(isEssayScore(r)).toBe(true);
        if (x >= 0 && x <= ESSAY_SCORE_MAX) expect(Math.abs(r - x)).toBeLessThanOrEqual(0.25);
      }),
    );
  });
});

describe('combining the built-in judge, the model judge and a teacher', () => {
  it('averages close scores, flags far ones with the built-in score, lets the teacher decide', () => {
    const cases: [EssayScores, number | null, string | null, boolean][] = [
      [{ machine: 4, model: 4.5, teacher: null }, 4.5, 'agreed', false], // 4.25 rounds up
      [{ machine: 3, model: 4, teacher: null }, 3.5, 'agreed', false],
      [{ machine: 5, model: 5, teacher: null }, 5, 'agreed', false],
      [{ machine: 3, model: 4.5, teacher: null }, 3, 'machine', true],
      [{ machine: 5, model: 1, teacher: null }, 5, 'machine', true],
      [{ machine: 5, model: 1, teacher: 2.5 }, 2.5, 'teacher', false],
      [{ machine: 4, model: null, teacher: null }, 4, 'machine', false],
      [{ machine: null, model: 2, teacher: null }, 2, 'model', false],
      [{ machine: null, model: null, teacher: 0 }, 0, 'teacher', false],
      [{ machine: null, model: null, teacher: null }, null, null, false],
    ];
    for (const [input, expected, source, flagged] of cases) {
      expect(combineEssayScores(input)).toMatchObject({ score: expected, source, needsTeacher: flagged });
    }
  });

  it('refuses a score off the scale from any judge', () => {
    for (const bad of [7, 5.3, -0.5, Number.NaN]) {
      expect(() => combineEssayScores({ machine: bad, model: null, teacher: null })).toThrow(RangeError);
      expect(() => combineEssayScores({ machine: 4, model: bad, teacher: null })).toThrow(/model/);
      expect(() => combineEssayScores({ machine: 4, model: 4, teacher: bad })).toThrow(/teacher/);
    }
  });

  it('always reports a score on the scale when anyone scored, and none when nobody did', () => {
    fc.assert(
      fc.property(scores, (s) => {
        const c = combineEssayScores(s);
        if (s.machine === null && s.model === null && s.teacher === null) expect(c.score).toBeNull();
        else expect(isEssayScore(c.score)).toBe(true);
      }),
    );
  });

  it('flags for a teacher exactly when both judges scored more than the threshold apart and no teacher has', () => {
    fc.assert(
      fc.property(scores, (s) => {
        const c = combineEssayScores(s);
        const apart = s.machine !== null && s.model !== null && Math.abs(s.machine - s.model) > ESSAY_DISCREPANCY_MAX;
        expect(c.needsTeacher).toBe(apart && s.teacher === null);
        expect(c.discrepancy).toBe(s.machine !== null && s.model !== null ? Math.abs(s.machine - s.model) : null);
        // Flagged: the built-in judge's own score, never an average.
        if (c.needsTeacher) expect(c.score).toBe(s.machine);
      }),
    );
  });

  it('is symmetric in the two judges while they agree, and the flag is symmetric always', () => {
    fc.assert(
      fc.property(score, score, maybe, (a, b, teacher) => {
        const ab = combineEssayScores({ machine: a, model: b, teacher });
        const ba = combineEssayScores({ machine: b, model: a, teacher });
        expect(ab.needsTeacher).toBe(ba.needsTeacher);
        expect(ab.discrepancy).toBe(ba.discrepancy);
        if (!ab.needsTeacher) expect(ab.score).toBe(ba.score);
      }),
    );
  });

  it('an agreed score lies between the two judges, within a quarter point of their mean', () => {
    fc.assert(
      fc.property(score, score, (a, b) => {
        const c = combineEssayScores({ machine: a, model: b, teacher: null });
        fc.pre(c.source === 'agreed');
        expect(c.score!).toBeGreaterThanOrEqual(Math.min(a, b));
        expect(c.score!).toBeLessThanOrEqual(Math.max(a, b));
        expect(Math.abs(c.score! - (a + b) / 2)).toBeLessThanOrEqual(0.25);
      }),
    );
  });

  it("a teacher's score overrides both judges, whatever they said", () => {
    fc.assert(
      fc.property(maybe, maybe, score, (machine, model, teacher) => {
        expect(combineEssayScores({ machine, model, teacher })).toMatchObject({
          score: teacher,
          source: 'teacher',
          needsTeacher: false,
        });
      }),
    );
  });
});
