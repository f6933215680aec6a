import { z } from 'zod';
import { str } from '../common.js';
import { DIFFICULTIES } from '../enums.js';
import { bookIdSchema, MATH_TOPICS, questionIdSchema } from '../content/question.js';
import { ALL_QUESTION_KINDS, filterCategorySchema } from './questions.js';
import { PERSONAL_SCOPES, personalFilterSchema } from './crafts.js';
import { FILTER_EXAM_MAX, MATH_CREATE_KINDS, SIMULATE_KINDS } from './exam-states.js';

// The requests that make an exam: create (a book, a big-bank filter, the personal pages, a mock) and untimed practice
// with checked answers. exams.ts re-exports them with the calls.

/** The big-bank filter an exam may be drawn from (the `/api/question/filter` fields without paging). */
export const examFilterSchema = z.strictObject({
  category: filterCategorySchema.default(0),
  kind: z.enum(ALL_QUESTION_KINDS).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  topic: z.enum(MATH_TOPICS).optional(),
  tag: str(30, 1).optional(),
});
export type ExamFilter = z.infer<typeof examFilterSchema>;

/** Shared by every create source: the clock mode and auto-submit. */
const clockOptions = {
  /** Untimed practice: the clock counts up from zero and nothing is submitted for the learner. */
  enable_count_up: z.boolean().default(false),
  /** Submit a section by itself when its time is up (the real test does). */
  is_auto_commit: z.boolean().default(true),
};

export const createExamRequestSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('book'), book_id: bookIdSchema, ...clockOptions }),
  z.strictObject({
    source: z.literal('filter'),
    filter: examFilterSchema,
    count: z.number().int().min(1).max(FILTER_EXAM_MAX).default(10),
    include_done: z.boolean().default(false),
    pick_first: z.boolean().default(false),
    math_create_kind: z.enum(MATH_CREATE_KINDS).default('any'),
    /** Put one Issue prompt first, as a 30-minute writing section, the way the test opens. Ignored for an Issue filter. */
    with_issue: z.boolean().default(false),
    ...clockOptions,
  }),
  z.strictObject({
    /** Practice from the personal pages (issue 5): collected, wrong, noted, higher ones, card, due reviews, or essays written before. */
    source: z.literal('personal'),
    scope: z.enum([...PERSONAL_SCOPES, 'due', 'essay']),
    filter: personalFilterSchema.omit({ scope: true }).default({ category: 0 }),
    count: z.number().int().min(1).max(FILTER_EXAM_MAX).default(10),
    ...clockOptions,
  }),
  z.strictObject({
    source: z.literal('simulate'),
    /** The mock book. */
    version: bookIdSchema,
    select_kind: z.enum(SIMULATE_KINDS),
    ...clockOptions,
  }),
]);
export type CreateExamRequest = z.input<typeof createExamRequestSchema>;

/** Untimed practice with checked answers: a book, or the questions a big-bank page listed. */
export const practiceRequestSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('book'), book_id: bookIdSchema }),
  z.strictObject({
    source: z.literal('list'),
    question_ids: z.array(questionIdSchema).min(1).max(FILTER_EXAM_MAX),
    /** What the list was (the filter's label), the practice's name in the record. */
    title: str(60, 1),
  }),
]);
export type PracticeRequest = z.input<typeof practiceRequestSchema>;
