import type { ExamChange, ExamItem, ExamResult, ExamSection, ExamView, QuestionView } from '@gre/contracts';
import { findBankQuestion, withheld } from '../../questions/test-utils/content-bank';
import { emptyAnswer } from '../../questions';

/** Real bank questions by input kind, as an exam in progress receives them (no answers, no analysis). */
export const fixtureQuestions = {
  single: () =>
    withheld(
      findBankQuestion(
        (q) => q.input_method.kind === 'SingleOption' && !q.passage_id && q.category === 3 && !q.quantity_a,
      ),
    ),
  box: () => withheld(findBankQuestion((q) => q.input_method.kind === 'TwoBoxFill')),
  reading: () => withheld(findBankQuestion((q) => q.input_method.kind === 'SingleOption' && Boolean(q.passage_id))),
  sixTwo: () => withheld(findBankQuestion((q) => q.input_method.kind === 'SixChooseTwo')),
  numeric: () => withheld(findBankQuestion((q) => q.input_method.kind === 'TextFill')),
  essay: () => withheld(findBankQuestion((q) => q.input_method.kind === 'Essay')),
};

export function item(question: QuestionView, over: Partial<ExamItem['action']> = {}): ExamItem {
  return {
    question,
    action: {
      answer: null,
      flagged: false,
      used_time_seconds: 0,
      state: 'NotEncountered',
      answered_time: null,
      ...over,
    },
    result: null,
  };
}

export function section(index: number, over: Partial<ExamSection> & Pick<ExamSection, 'items'>): ExamSection {
  return {
    index,
    name: over.area === 'quant' ? `Quant 第 ${over.part ?? 1} 部分` : `Verbal 第 ${over.part ?? 1} 部分`,
    area: 'verbal',
    part: 1,
    difficulty: null,
    time_limit_seconds: 18 * 60,
    action: { used_time_seconds: 0, finished: false },
    result: null,
    question_count: over.items.length,
    ...over,
  };
}

/** A two-section simulation (Verbal then Quant) of a few questions each. */
export function makeExam(over: Partial<ExamView> = {}): ExamView {
  const q = fixtureQuestions;
  return {
    id: 41,
    user_id: 7,
    template_id: 'b-mock-1',
    name: '全真模考 1 · 完整模考',
    kind: 'simulate',
    source: 'Simulate',
    status: 'Start',
    sections: [
      section(0, { items: [item(q.box()), item(q.sixTwo()), item(q.reading())] }),
      section(1, {
        area: 'quant',
        name: 'Quant 第 1 部分',
        time_limit_seconds: 21 * 60,
        items: [item(q.single()), item(q.numeric())],
      }),
    ],
    result: null,
    create_option: {
      kind: 'simulate',
      version: 'b-mock-1',
      include_done: false,
      with_issue: false,
      enable_count_up: false,
      pick_first: false,
      math_create_kind: 'any',
      select_kind: 'full_no_issue',
    },
    cursor: { section_index: 0, question_index: 0 },
    is_auto_commit: true,
    revision: 5,
    created_at: 1_790_000_000,
    ...over,
  };
}

export function change(revision: number, over: Partial<ExamChange> = {}): ExamChange {
  return {
    revision,
    status: 'Start',
    clock: { section_index: 0, used_time_seconds: 30, remaining_seconds: 1050, auto_committed: false },
    ...over,
  };
}

/** The exam as `/api/exam/result` answers it: finished, with the answers, the figures and the scores. */
export function finishedExam(): ExamView {
  const base = makeExam();
  const sections = base.sections.map((s) => ({
    ...s,
    action: { used_time_seconds: 300, finished: true },
    result: { correct: 1, total: s.items.length },
    items: s.items.map((it, i) => {
      const full = findBankQuestion((c) => c.id === it.question.id);
      return {
        question: full,
        action:
          i === 0
            ? {
                ...it.action,
                state: 'Answered' as const,
                used_time_seconds: 60,
                answer: { ...emptyAnswer(), ...pickAnswer(full) },
              }
            : { ...it.action, state: 'NotAnswered' as const, used_time_seconds: 60 + i * 10, answer: null },
        result: { correct: i === 0, issue: null, avg_time_seconds: 75, percent_correct: 62.5, withheld: null },
      };
    }),
  }));
  const result: ExamResult = {
    verbal: { raw: 18, raw_total: 27, scaled: 158, band_low: 155, band_high: 161, section2: 'medium' },
    quant: { raw: 22, raw_total: 27, scaled: 163, band_low: 160, band_high: 166, section2: 'hard' },
    total: 321,
    correct: 2,
    total_questions: 5,
    used_time_seconds: 600,
    kinds: [{ kind: 'tc2', correct: 1, total: 1, avg_time_seconds: 60 }],
    interpret: { verbal: 'strong', quant: 'strong' },
    issue: { status: 'Judging', words: 356 },
  };
  return { ...base, status: 'Finished', sections, result };
}

function pickAnswer(q: QuestionView) {
  const sa = q.standard_answer!;
  return { selects: sa.selects, multi_selects: sa.multi_selects, text: sa.text, text2: sa.text2 };
}
