import { z } from 'zod';
import { idSchema, okSchema } from '../common.js';
import { defineCall } from '../define.js';
import { DIFFICULTIES, PAGE_SOURCES } from '../enums.js';
import { bookIdSchema } from '../content/question.js';
import { answerSchema, questionViewSchema } from './question-view.js';
import { SCORE_WINDOWS } from '../rules/windows.js';
import { quotaTodaySchema } from '../rules/quotas.js';
import {
  EXAM_KINDS,
  EXAM_STATUSES,
  MATH_CREATE_KINDS,
  QUESTION_STATES,
  SECTION_AREAS,
  SIMULATE_KINDS,
} from './exam-states.js';

/**
 * Exams (spec §3 Exam, §4 exam status and question state). One exam is any timed or untimed run over questions: a book
 * practised, a big-bank filter, or a simulated GRE built from a mock book. The server keeps every answer, the cursor
 * and the clock; the client only shows them.
 */
export * from './exam-states.js';
export * from './exam-requests.js';
import { createExamRequestSchema, practiceRequestSchema } from './exam-requests.js';

/**
 * Spec §3 Exam.create_option, as stored on the exam. `select_kind` is the simulate kind for simulations (`with_issue`
 * adds the Issue to a full test), `version` the mock book. `include_done`, `pick_first` and `math_create_kind` shape a
 * filter draw: questions the learner answered before are left out unless `include_done`; `pick_first` takes the
 * first questions in bank order instead of a random draw.
 */
export const createOptionSchema = z.object({
  kind: z.enum(EXAM_KINDS),
  version: z.string(),
  include_done: z.boolean(),
  with_issue: z.boolean(),
  enable_count_up: z.boolean(),
  pick_first: z.boolean(),
  math_create_kind: z.enum(MATH_CREATE_KINDS),
  select_kind: z.enum(SIMULATE_KINDS).nullable(),
  /**
   * Untimed practice in which each answer is checked on its own (`/api/exam/check`): graded and recorded at once, its
   * explanation shown. Absent on exams made before it existed.
   */
  check: z.boolean().optional(),
});
export type CreateOption = z.infer<typeof createOptionSchema>;

/** Spec §3 Question action: what the learner did with one question of an exam. */
export const questionActionSchema = z.object({
  /** Null while nothing was given. */
  answer: answerSchema.nullable(),
  flagged: z.boolean(),
  used_time_seconds: z.number().int(),
  state: z.enum(QUESTION_STATES),
  /** Unix seconds of the last answer; null when never answered. */
  answered_time: z.number().int().nullable(),
  /** Checked in untimed practice: graded and recorded, its answer final. */
  checked: z.boolean().optional(),
});
export type QuestionAction = z.infer<typeof questionActionSchema>;

/** Spec §3 Question result, once the exam is finished; with the community figures for the result page. */
export const questionResultSchema = z.object({
  correct: z.boolean(),
  /** The Issue essay's judging state (spec §4 essay judging); null for every other kind. */
  issue: z.enum(['Empty', 'Judging', 'Finished', 'Failed']).nullable(),
  /** Mean seconds all learners spent on this question in finished sections; null before anyone did. */
  avg_time_seconds: z.number().nullable(),
  /** Share of all learners' answers that were right, 0–100; null before anyone answered. */
  percent_correct: z.number().nullable(),
  /**
   * Why the question's `standard_answer` and `analysis` are null (decision 013): `public_only`, a locked question
   * beyond this learner's tier; `in_exam`, the question is in an exam they are taking now; `not_opened`, the learner
   * never opened it in this exam (the daily quota counts opened questions, so a result does not hand out the rest);
   * `prevent`, a checked answer of a book that shows its answers once it is finished. Null when both are sent.
   */
  withheld: z.enum(['public_only', 'in_exam', 'not_opened', 'prevent']).nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const examItemSchema = z.object({
  question: questionViewSchema,
  action: questionActionSchema,
  /** Null until the exam is finished. */
  result: questionResultSchema.nullable(),
});
export type ExamItem = z.infer<typeof examItemSchema>;

export const sectionResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
});

export const examSectionSchema = z.object({
  index: z.number().int(),
  /** Chinese display name, e.g. 'Verbal 第 2 部分'. */
  name: z.string(),
  area: z.enum(SECTION_AREAS),
  /** Section 1 of an area, or 2 (adaptive). 0 for practice and the essay. */
  part: z.number().int(),
  /** The section-2 level the section-1 raw score chose; null for every other section and before it is chosen. */
  difficulty: z.enum(DIFFICULTIES).nullable(),
  /** 0 for untimed (count-up) exams. */
  time_limit_seconds: z.number().int(),
  /** Spec §3 section action: server-measured time spent and whether the section is submitted. */
  action: z.object({ used_time_seconds: z.number().int(), finished: z.boolean() }),
  result: sectionResultSchema.nullable(),
  /** Empty for a section 2 whose level is not chosen yet (its size is `question_count`). */
  items: z.array(examItemSchema),
  question_count: z.number().int(),
});
export type ExamSection = z.infer<typeof examSectionSchema>;

/** A V or Q scaled score with its honest band (docs/scoring.md). */
export const scaledScoreSchema = z.object({
  raw: z.number().int(),
  raw_total: z.number().int(),
  scaled: z.number().int(),
  band_low: z.number().int(),
  band_high: z.number().int(),
  section2: z.enum(DIFFICULTIES),
});
export type ScaledScore = z.infer<typeof scaledScoreSchema>;

export const kindStatSchema = z.object({
  kind: z.string(),
  correct: z.number().int(),
  total: z.number().int(),
  avg_time_seconds: z.number(),
});
export type KindStat = z.infer<typeof kindStatSchema>;

/** Spec §3 Exam.result: scores (simulations), per-kind stats, the interpretation levels and the essay state. */
export const examResultSchema = z.object({
  verbal: scaledScoreSchema.nullable(),
  quant: scaledScoreSchema.nullable(),
  /** V + Q when both were taken. */
  total: z.number().int().nullable(),
  correct: z.number().int(),
  total_questions: z.number().int(),
  used_time_seconds: z.number().int(),
  kinds: z.array(kindStatSchema),
  /** Which interpretation text the client shows per area (docs/scoring.md). */
  interpret: z.object({
    verbal: z.enum(['top', 'strong', 'solid', 'developing', 'foundation']).nullable(),
    quant: z.enum(['top', 'strong', 'solid', 'developing', 'foundation']).nullable(),
  }),
  /** The Issue essay: stored, judged by a job (modules/essays); never an invented score. */
  issue: z
    .object({
      status: z.enum(['Empty', 'Judging', 'Finished', 'Failed']),
      words: z.number().int(),
      /** Once judged: 0–6 in half points (the teacher's when one graded it), and the band it honestly stands for. */
      score: z.number().nullable().optional(),
      band: z.object({ low: z.number(), high: z.number() }).nullable().optional(),
      /** The essay's judging record (/api/essay/get); absent on results stored before essays were judged. */
      essay_id: z.number().int().nullable().optional(),
    })
    .nullable(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

export const cursorSchema = z.object({
  section_index: z.number().int().min(0).max(10),
  question_index: z.number().int().min(0).max(200),
});
export type ExamCursor = z.infer<typeof cursorSchema>;

export const examViewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  template_id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  source: z.enum(PAGE_SOURCES),
  status: z.enum(EXAM_STATUSES),
  sections: z.array(examSectionSchema),
  result: examResultSchema.nullable(),
  create_option: createOptionSchema,
  cursor: cursorSchema,
  is_auto_commit: z.boolean(),
  /** Bumped by every change; each change call sends the revision it saw (a replayed or stale call changes nothing). */
  revision: z.number().int(),
  created_at: z.number().int(),
});
export type ExamView = z.infer<typeof examViewSchema>;

/** The clock of the current section after a heartbeat or a change. */
export const clockSchema = z.object({
  section_index: z.number().int(),
  used_time_seconds: z.number().int(),
  /** Seconds left; null for untimed exams. */
  remaining_seconds: z.number().int().nullable(),
  /** The section was submitted by the server because its time ran out (is_auto_commit). */
  auto_committed: z.boolean(),
});
export type ExamClock = z.infer<typeof clockSchema>;

/** What every change answers: the new revision, the clock and the exam status. */
export const changeResponseSchema = z.object({
  revision: z.number().int(),
  status: z.enum(EXAM_STATUSES),
  clock: clockSchema,
});
export type ExamChange = z.infer<typeof changeResponseSchema>;

const examRef = { id: idSchema };
const change = { id: idSchema, revision: z.number().int().min(0).max(1_000_000) };
const at = { section_index: z.number().int().min(0).max(10), question_index: z.number().int().min(0).max(200) };

export const examBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  source: z.enum(PAGE_SOURCES),
  template_id: z.string().nullable(),
  status: z.enum(EXAM_STATUSES),
  question_count: z.number().int(),
  answered_count: z.number().int(),
  correct: z.number().int().nullable(),
  verbal: z.number().int().nullable(),
  quant: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ExamBrief = z.infer<typeof examBriefSchema>;

/** One finished attempt of a book, for `/report/{bookID}` and the score history. */
export const attemptSchema = z.object({
  exam_id: z.number().int(),
  finished_at: z.number().int(),
  verbal: z.number().int().nullable(),
  quant: z.number().int().nullable(),
  total: z.number().int().nullable(),
  correct: z.number().int(),
  total_questions: z.number().int(),
  used_time_seconds: z.number().int(),
  issue: z.enum(['Empty', 'Judging', 'Finished', 'Failed']).nullable(),
  /** The essay's score once Finished, with the band it stands for (low = high for a teacher's); null before. */
  issue_score: z.object({ score: z.number(), low: z.number(), high: z.number() }).nullable().optional(),
  /** True when an essay was written (an Empty one was then left unjudged, not unanswered). */
  issue_written: z.boolean().optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const simulateEntrySchema = z.object({
  book_id: z.string(),
  title: z.string(),
  sub_title: z.string(),
  /** The learner's copy: NotOpen before the first simulation. */
  status: z.enum(['NotOpen', 'Start', 'Finish', 'Expired']),
  /** The latest unfinished simulation of this mock, to resume. */
  open_exam_id: z.number().int().nullable(),
  finished_count: z.number().int(),
  best_total: z.number().int().nullable(),
  /** Null when the mock opens; else the kind creating a simulation of it answers. */
  refusal: z.enum(['limit', 'sim_no_perm', 'forbidden']).nullable(),
});

export const examCalls = {
  create: defineCall({
    path: '/api/exam/create',
    auth: 'user',
    summary:
      'A new exam from a book, a big-bank filter or a mock (simulate kinds); checks that it can be started and takes nothing: questions count when opened',
    request: createExamRequestSchema,
    response: z.object({ id: z.number().int() }),
  }),
  get: defineCall({
    path: '/api/exam/get',
    auth: 'user',
    summary: "One of the learner's exams with its sections, questions, actions and cursor; answers only once finished",
    request: z.strictObject(examRef),
    response: examViewSchema,
  }),
  start: defineCall({
    path: '/api/exam/start',
    auth: 'user',
    summary: 'Leaves the start intro: NotStart → Start, the first section clock runs',
    request: z.strictObject(change),
    response: changeResponseSchema,
  }),
  practice: defineCall({
    path: '/api/exam/practice',
    auth: 'user',
    summary:
      "Opens untimed practice with checked answers: the learner's open practice of this book or list, else a new one (started, nothing taken from the quota until a question is opened)",
    request: practiceRequestSchema,
    response: examViewSchema,
  }),
  check: defineCall({
    path: '/api/exam/check',
    auth: 'user',
    summary:
      'Saves and checks one answer of untimed practice: graded and recorded at once (wrong-answer book, today, community figures); the item comes back with its answer and analysis when the learner may see them',
    request: z.strictObject({ ...change, ...at, answer: answerSchema }),
    response: z.object({ change: changeResponseSchema, item: examItemSchema }),
  }),
  heartbeat: defineCall({
    path: '/api/exam/heartbeat',
    auth: 'user',
    summary:
      'The learner is on the exam screen: the server brings the section clock up to now (timed: since the section opened; count-up: since the last beat, capped) and may auto-submit',
    request: z.strictObject({ ...examRef, ...at }),
    response: clockSchema,
  }),
  move: defineCall({
    path: '/api/exam/move',
    auth: 'user',
    summary: 'Saves the cursor; a question seen for the first time becomes NotAnswered',
    request: z.strictObject({ ...change, ...at }),
    response: changeResponseSchema,
  }),
  answer: defineCall({
    path: '/api/exam/answer',
    auth: 'user',
    summary: 'Saves the answer to one question of the open section; the shape must fit its input kind',
    request: z.strictObject({ ...change, ...at, answer: answerSchema }),
    response: changeResponseSchema,
  }),
  flag: defineCall({
    path: '/api/exam/flag',
    auth: 'user',
    summary: 'Marks or unmarks a question for review (Mark)',
    request: z.strictObject({ ...change, ...at, flagged: z.boolean() }),
    response: changeResponseSchema,
  }),
  finishSection: defineCall({
    path: '/api/exam/finish_section',
    auth: 'user',
    summary: 'Submits the open section; after section 1 the section-2 level is chosen; the last one finishes the exam',
    request: z.strictObject({ ...change, section_index: at.section_index }),
    response: changeResponseSchema,
  }),
  result: defineCall({
    path: '/api/exam/result',
    auth: 'user',
    summary: 'A finished exam with scores, per-kind stats, answers, explanations and community figures',
    request: z.strictObject(examRef),
    response: examViewSchema,
  }),
  list: defineCall({
    path: '/api/exam/list',
    auth: 'user',
    summary: "The learner's exams and practices, newest first (the record page)",
    request: z.strictObject({
      page: z.number().int().min(1).max(1000).default(1),
      page_size: z.number().int().min(1).max(50).default(20),
      kind: z.enum(EXAM_KINDS).optional(),
    }),
    response: z.object({ items: z.array(examBriefSchema), total: z.number().int() }),
  }),
  delete: defineCall({
    path: '/api/exam/delete',
    auth: 'user',
    summary: 'Removes an exam from the record (status Close); its answers stay in the wrong book and the statistics',
    request: z.strictObject(examRef),
    response: okSchema,
  }),
  report: defineCall({
    path: '/api/exam/report',
    auth: 'user',
    summary: 'Every finished attempt of a book by this learner, oldest first, with the scores of the chosen window',
    request: z.strictObject({ book_id: bookIdSchema, window: z.enum(SCORE_WINDOWS).default('all') }),
    response: z.object({
      book_id: z.string(),
      title: z.string(),
      sub_title: z.string(),
      attempts: z.array(attemptSchema),
    }),
  }),
  quotaToday: defineCall({
    path: '/api/exam/quota_today',
    auth: 'user',
    summary: "Today's question quota: what the learner opened per subject and in all, the limits, when it renews",
    request: z.strictObject({}),
    response: quotaTodaySchema,
  }),
  simulateList: defineCall({
    path: '/api/exam/simulate_list',
    auth: 'user',
    summary: 'The mocks with this learner’s status, the exam to resume and the simulation quota left',
    request: z.strictObject({}),
    response: z.object({
      mocks: z.array(simulateEntrySchema),
      /** Simulations left in the current quota period; null when unlimited. */
      remaining: z.number().int().nullable(),
      period: z.enum(['total', 'week', 'none']),
      /** Simulations the period allows; null when unlimited. */
      limit: z.number().int().nullable().optional(),
    }),
  }),
};
