import { EXAM_TIMING_DEFAULTS, SIMULATE_KINDS } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import {
  filterLabel,
  mockSectionsFor,
  pageSourceOf,
  practiceSection,
  quotaNeed,
  simulateSections,
  type PlanItem,
} from './plan.js';

const items = (n: number, category: number, prefix: string): PlanItem[] =>
  Array.from({ length: n }, (_, i) => ({
    questionId: `${prefix}${i}`,
    inputKind: category === 4 ? 'Essay' : 'SingleOption',
    category,
  }));
const mock = new Map([
  ['issue', items(1, 4, 'qi')],
  ['v1', items(12, 1, 'qv')],
  ['q1', items(12, 3, 'qq')],
]);
const timed = { scale: 1, countUp: false };

describe('simulateSections', () => {
  it('puts the essay first, then both areas in the order asked, section 2 empty until chosen', () => {
    const full = simulateSections('full', mock, EXAM_TIMING_DEFAULTS, timed, false);
    expect(
      full.map((s) => [s.name, s.area, s.part, s.bookSection, s.timeLimit, s.items.length, s.questionCount]),
    ).toEqual([
      ['分析性写作 Issue', 'issue', 0, 'issue', 1800, 1, 1],
      ['Quant 第 1 部分', 'quant', 1, 'q1', 1260, 12, 12],
      ['Quant 第 2 部分', 'quant', 2, '', 1560, 0, 15],
      ['Verbal 第 1 部分', 'verbal', 1, 'v1', 1080, 12, 12],
      ['Verbal 第 2 部分', 'verbal', 2, '', 1380, 0, 15],
    ]);
    expect(simulateSections('full', mock, EXAM_TIMING_DEFAULTS, timed, true)[1]!.area).toBe('verbal');
  });

  it('takes the areas of each simulate kind, and only the mock sections it reads', () => {
    const areas = Object.fromEntries(
      SIMULATE_KINDS.map((k) => [
        k,
        simulateSections(k, mock, EXAM_TIMING_DEFAULTS, timed, true).map((s) => `${s.area}${s.part}`),
      ]),
    );
    expect(areas).toEqual({
      full: ['issue0', 'verbal1', 'verbal2', 'quant1', 'quant2'],
      full_no_issue: ['verbal1', 'verbal2', 'quant1', 'quant2'],
      verbal: ['verbal1', 'verbal2'],
      quant: ['quant1', 'quant2'],
      issue: ['issue0'],
    });
    expect(mockSectionsFor('full_no_issue')).toEqual(['v1', 'q1']);
    expect(mockSectionsFor('issue')).toEqual(['issue']);
  });

  it('scales every limit and drops them in count-up mode', () => {
    expect(
      simulateSections('verbal', mock, EXAM_TIMING_DEFAULTS, { scale: 0.01, countUp: false }, true).map(
        (s) => s.timeLimit,
      ),
    ).toEqual([11, 14]);
    expect(
      simulateSections('full', mock, EXAM_TIMING_DEFAULTS, { scale: 1, countUp: true }, true).every(
        (s) => s.timeLimit === 0,
      ),
    ).toBe(true);
  });
});

describe('quotaNeed', () => {
  it('counts section 2 at its full size and the essay not at all', () => {
    expect(quotaNeed(simulateSections('full', mock, EXAM_TIMING_DEFAULTS, timed, true), true)).toEqual({
      questions: { verbal: 27, quant: 27 },
      simulate: true,
    });
    const practice = practiceSection(
      [...items(3, 1, 'a'), ...items(2, 2, 'b'), ...items(4, 3, 'c'), ...items(2, 5, 'w'), ...items(1, 4, 'e')],
      EXAM_TIMING_DEFAULTS,
      timed,
    );
    expect(practice.timeLimit).toBe(12 * 90);
    expect(quotaNeed([practice], false)).toEqual({ questions: { verbal: 5, quant: 4, words: 2 }, simulate: false });
  });
});

describe('names and sources', () => {
  it('labels a filter by its conditions and maps book kinds to page sources', () => {
    expect(filterLabel({ category: 0 }, 'any')).toBe('大题库练习');
    expect(filterLabel({ category: 1, kind: 'tc2', difficulty: 'hard', tag: 'art' }, 'any')).toBe(
      '大题库练习 · 填空 · 双空填空 · 困难 · #art',
    );
    expect(filterLabel({ category: 3, topic: 'geometry' }, 'solving')).toBe('大题库练习 · 数学 · 问题求解 · 几何');
    expect(
      ['pick', 'best', 'math2', 'season', 'higher', 'archived_pick', 'archived_six_two', 'mock'].map((k) =>
        pageSourceOf(k as never),
      ),
    ).toEqual(['Exercise', 'Exercise', 'Exercise', 'Season', 'Higher', 'ArchivedPick', 'ArchivedSixTwo', 'Simulate']);
  });
});
