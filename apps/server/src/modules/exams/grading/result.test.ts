import {
  RAW_MAX,
  scaledScore,
  scoreBand,
  section2Level,
  SECTION1_SIZE,
  SECTION2_SIZE,
  type Answer,
} from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeResult, gradeItem, type ResultSection } from './result.js';

const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
const area = (name: 'verbal' | 'quant', r1: number, r2: number, kind: string): ResultSection[] => {
  const level = section2Level(r1);
  const run = (n: number, right: number) =>
    Array.from({ length: n }, (_, i) => ({
      kind,
      inputKind: 'SingleOption',
      correct: i < right,
      usedTimeSeconds: 60,
      answer: blank,
    }));
  return [
    { area: name, part: 1, difficulty: null, usedTimeSeconds: 600, items: run(SECTION1_SIZE, r1) },
    { area: name, part: 2, difficulty: level, usedTimeSeconds: 700, items: run(SECTION2_SIZE, r2) },
  ];
};
const essay = (text: string): ResultSection => ({
  area: 'issue',
  part: 0,
  difficulty: null,
  usedTimeSeconds: 1500,
  items: [
    { kind: 'issue', inputKind: 'Essay', correct: false, usedTimeSeconds: 1500, answer: { ...blank, essay: text } },
  ],
});

describe('computeResult', () => {
  it('scores each area on the line of its section-2 level, within 130–170, total when both', () => {
    const raw = fc.record({
      r1: fc.integer({ min: 0, max: SECTION1_SIZE }),
      r2: fc.integer({ min: 0, max: SECTION2_SIZE }),
    });
    fc.assert(
      fc.property(raw, raw, ({ r1: v1, r2: v2 }, { r1: q1, r2: q2 }) => {
        const r = computeResult([...area('verbal', v1, v2, 'se'), ...area('quant', q1, q2, 'qc')]);
        const v = scaledScore(section2Level(v1), v1 + v2);
        const q = scaledScore(section2Level(q1), q1 + q2);
        expect(r.verbal).toEqual({
          raw: v1 + v2,
          raw_total: RAW_MAX,
          scaled: v,
          band_low: scoreBand(v).low,
          band_high: scoreBand(v).high,
          section2: section2Level(v1),
        });
        expect(r.quant?.scaled).toBe(q);
        expect(r.total).toBe(v + q);
        expect(r.correct).toBe(v1 + v2 + q1 + q2);
        expect(r.total_questions).toBe(2 * RAW_MAX);
        expect(r.kinds).toEqual([
          { kind: 'se', correct: v1 + v2, total: RAW_MAX, avg_time_seconds: 60 },
          { kind: 'qc', correct: q1 + q2, total: RAW_MAX, avg_time_seconds: 60 },
        ]);
        expect(r.interpret.verbal).not.toBeNull();
        expect(r.issue).toBeNull();
      }),
    );
  });

  it('keeps the essay as Judging (Empty when blank), never scored, out of the counts', () => {
    const r = computeResult([essay('  One two three.  '), ...area('verbal', 5, 5, 'tc1')]);
    expect(r.issue).toEqual({ status: 'Judging', words: 3 });
    expect([r.quant, r.total, r.total_questions, r.used_time_seconds]).toEqual([null, null, RAW_MAX, 2800]);
    expect(computeResult([essay('   ')]).issue).toEqual({ status: 'Empty', words: 0 });
  });

  it('gives practice exams counts and kinds but no scaled scores', () => {
    const r = computeResult([
      {
        area: 'practice',
        part: 0,
        difficulty: null,
        usedTimeSeconds: 90,
        items: [
          { kind: 'numeric', inputKind: 'TextFill', correct: true, usedTimeSeconds: 45, answer: blank },
          { kind: 'numeric', inputKind: 'TextFill', correct: false, usedTimeSeconds: 0, answer: null },
        ],
      },
    ]);
    expect(r).toMatchObject({
      verbal: null,
      quant: null,
      total: null,
      correct: 1,
      total_questions: 2,
      kinds: [{ kind: 'numeric', correct: 1, total: 2, avg_time_seconds: 22.5 }],
    });
  });
});

describe('gradeItem', () => {
  const q: Parameters<typeof gradeItem>[1] = {
    input_method: {
      kind: 'SingleOption',
      option_groups: [],
      fillable: false,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 1,
      option_size: 4,
    },
    standard_answer: { selects: ['B'], multi_selects: [], text: '', text2: '', description: '' },
  };
  it('is right only for an answered, equal answer; essays never', () => {
    expect(gradeItem({ inputKind: 'SingleOption', state: 'Answered', answer: { ...blank, selects: ['B'] } }, q)).toBe(
      true,
    );
    expect(
      gradeItem({ inputKind: 'SingleOption', state: 'NotAnswered', answer: { ...blank, selects: ['B'] } }, q),
    ).toBe(false);
    expect(gradeItem({ inputKind: 'SingleOption', state: 'Answered', answer: null }, q)).toBe(false);
    expect(
      gradeItem(
        { inputKind: 'Essay', state: 'Answered', answer: { ...blank, essay: 'x' } },
        { ...q, input_method: { ...q.input_method, kind: 'Essay' } },
      ),
    ).toBe(false);
  });
});
