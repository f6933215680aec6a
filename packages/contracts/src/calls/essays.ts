import { z } from 'zod';
import { idSchema, pageControlSchema } from '../common.js';
import { defineCall } from '../define.js';
import { ESSAY_DIMENSIONS, essayScoreSchema } from '../rules/essay.js';

/**
 * Issue essays and their judging (spec §4 essay judging; product.md "Essays"). An essay is written in an exam's
 * writing section (a mock, /idea practice, essay practice from the personal pages) and judged by a job when the exam
 * is finished: Empty (not judged: the judging quota was used up — the learner may ask again) → Judging → Finished, or
 * Failed (the learner may ask again). Teachers grade from a queue; their score replaces the machine's.
 */

export const ESSAY_STATUSES = ['Empty', 'Judging', 'Finished', 'Failed'] as const;
export type EssayStatus = (typeof ESSAY_STATUSES)[number];

export const ESSAY_LIMITS = {
  /** Essays a page of the learner's list or the teacher's queue holds at most. */
  pageSize: 50,
  /** A teacher's comment. */
  comment: 2000,
  /** Judging runs of one essay before it stays Failed (the learner can ask again). */
  attempts: 3,
} as const;

/** Where the reported score comes from (rules/essay.ts combineEssayScores). */
export const ESSAY_SCORE_SOURCES = ['teacher', 'agreed', 'machine', 'model'] as const;

/** What a judge says about one rubric dimension, and the essay's sentences it refers to ([start, end) characters). */
export const essayCommentSchema = z.object({
  dimension: z.enum(ESSAY_DIMENSIONS),
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type EssayComment = z.infer<typeof essayCommentSchema>;

/** An essay as listed: no text, no comments. */
export const essayBriefSchema = z.object({
  id: z.number().int(),
  question_id: z.string(),
  /** The prompt's one-line Chinese summary. */
  title: z.string(),
  exam_id: z.number().int().nullable(),
  status: z.enum(ESSAY_STATUSES),
  /** 0–100 while Judging. */
  progress: z.number().int(),
  words: z.number().int(),
  /** 0–6 in half points once Finished; null before. */
  score: essayScoreSchema.nullable(),
  /**
   * The range the score honestly stands for (the machine judge's measured agreement, docs/essay-judge.md); the
   * teacher's score has none (low = high).
   */
  band: z.object({ low: essayScoreSchema, high: essayScoreSchema }).nullable(),
  score_source: z.enum(ESSAY_SCORE_SOURCES).nullable(),
  /** Waiting for a teacher: the judges disagree, or the machine could not judge it fairly. */
  needs_teacher: z.boolean(),
  /** Why it is Empty or Failed, in Chinese; null otherwise. */
  error: z.string().nullable(),
  created_stamp: z.number().int(),
  judged_stamp: z.number().int().nullable(),
});
export type EssayBrief = z.infer<typeof essayBriefSchema>;

export const essaySchema = essayBriefSchema.extend({
  answer: z.string(),
  /** The prompt as the learner read it. */
  prompt: z.string(),
  /** The rank among every judged essay on this prompt, e.g. '前 20%'; null before judging. */
  rank: z.string().nullable(),
  /** The judges' comments per rubric dimension (the model judge's after the machine's when both judged). */
  comments: z.array(essayCommentSchema.extend({ judge: z.enum(['machine', 'model']) })),
  /** What the machine noticed about the essay as a whole (too short, not English, the prompt copied…), in Chinese. */
  notes: z.array(z.string()),
  teacher: z
    .object({ name: z.string(), score: essayScoreSchema, comment: z.string(), stamp: z.number().int() })
    .nullable(),
});
export type Essay = z.infer<typeof essaySchema>;

/** A line of the teacher's queue. */
export const essayQueueItemSchema = essayBriefSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  machine_score: essayScoreSchema.nullable(),
  model_score: essayScoreSchema.nullable(),
});
export type EssayQueueItem = z.infer<typeof essayQueueItemSchema>;

const pageRequest = {
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(ESSAY_LIMITS.pageSize).default(20),
};

export const essayCalls = {
  list: defineCall({
    path: '/api/essay/list',
    auth: 'user',
    summary: "The learner's own essays, newest first, with their judging state and score",
    request: z.strictObject(pageRequest),
    response: z.object({ items: z.array(essayBriefSchema), page_control: pageControlSchema }),
  }),
  get: defineCall({
    path: '/api/essay/get',
    auth: 'user',
    summary: "One essay with its judging: the learner's own, or any essay for a teacher",
    request: z.strictObject({ id: idSchema }),
    response: z.object({ essay: essaySchema }),
  }),
  judge: defineCall({
    path: '/api/essay/judge',
    auth: 'user',
    summary:
      'Asks for an Empty or Failed essay of the learner to be judged (again); takes one judging from the role quota (day_overflow / limit)',
    request: z.strictObject({ id: idSchema }),
    response: z.object({ essay: essaySchema }),
  }),
  queue: defineCall({
    path: '/api/essay/queue',
    auth: 'teacher',
    summary: 'Judged essays no teacher has graded: flagged ones first, then the oldest',
    request: z.strictObject({ ...pageRequest, flagged_only: z.boolean().default(false) }),
    response: z.object({ items: z.array(essayQueueItemSchema), page_control: pageControlSchema }),
  }),
  grade: defineCall({
    path: '/api/essay/grade',
    auth: 'teacher',
    summary: "A teacher's score and comment, replacing the machine's; the learner gets a mail",
    request: z.strictObject({
      id: idSchema,
      score: essayScoreSchema,
      comment: z.string().trim().min(1).max(ESSAY_LIMITS.comment),
    }),
    response: z.object({ essay: essaySchema }),
  }),
};
