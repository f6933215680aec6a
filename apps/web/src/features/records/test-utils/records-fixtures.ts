import type { Attempt, CallResponse, examCalls, ExamBrief } from '@gre/contracts';

type Mock = CallResponse<typeof examCalls.simulateList>['mocks'][number];

/** 2026-11-22 12:00 in Shanghai, in unix seconds. */
export const NOV_22 = Date.UTC(2026, 10, 22, 4) / 1000;
export const DAY = 86_400;

export function makeMock(over: Partial<Mock> = {}): Mock {
  return {
    book_id: 'b-mock-1',
    title: '全真模考 1',
    sub_title: 'Issue 写作 1 篇 · 语文、数学各两部分',
    status: 'NotOpen',
    open_exam_id: null,
    finished_count: 0,
    best_total: null,
    refusal: null,
    ...over,
  };
}

export function makeBrief(over: Partial<ExamBrief> = {}): ExamBrief {
  return {
    id: 1,
    name: '全真模考 1 · 完整模考',
    kind: 'simulate',
    source: 'Simulate',
    template_id: 'b-mock-1',
    status: 'Finished',
    question_count: 55,
    answered_count: 55,
    correct: 40,
    verbal: 155,
    quant: 160,
    created_at: NOV_22,
    updated_at: NOV_22,
    ...over,
  };
}

export function makeAttempt(over: Partial<Attempt> = {}): Attempt {
  const verbal = over.verbal === undefined ? 150 : over.verbal;
  const quant = over.quant === undefined ? 155 : over.quant;
  return {
    exam_id: 1,
    finished_at: NOV_22,
    verbal,
    quant,
    total: verbal !== null && quant !== null ? verbal + quant : null,
    correct: 40,
    total_questions: 54,
    used_time_seconds: 88 * 60,
    issue: null,
    ...over,
  };
}
