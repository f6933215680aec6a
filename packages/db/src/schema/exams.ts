import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookTemplates, questions, userBooks } from './questions.js';
import { users } from './users.js';

/**
 * An exam (spec §3 Exam): a book practised, a big-bank filter or a simulated GRE. `revision` is bumped by every change;
 * a change call must name the revision it saw, so a replayed or stale call changes nothing. `last_beat_at` is when the
 * on-screen clock was last advanced (heartbeats, capped gaps): it is the clock of untimed sections and of the time per
 * question; a timed section runs on wall time from its `started_at` (decision 015).
 */
export const exams = pgTable(
  'exams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text('template_id').references(() => bookTemplates.id),
    userBookId: bigint('user_book_id', { mode: 'number' }).references(() => userBooks.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** book, filter, simulate. */
    kind: text('kind').notNull(),
    /** Spec §2 page source the exam was started from. */
    source: text('source').notNull(),
    /** NotStart, Start, PartCompleted, Finished, Close. */
    status: text('status').notNull().default('NotStart'),
    createOption: jsonb('create_option').notNull(),
    cursorSection: smallint('cursor_section').notNull().default(0),
    cursorQuestion: smallint('cursor_question').notNull().default(0),
    isAutoCommit: boolean('is_auto_commit').notNull().default(true),
    revision: integer('revision').notNull().default(0),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }),
    /** Spec §3 Exam.result once finished. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('exams_user_idx').on(t.userId, t.createdAt),
    index('exams_user_template_idx').on(t.userId, t.templateId),
  ],
);

/** The sections of an exam; a section 2 gets its level and items when section 1 is submitted. */
export const examSections = pgTable(
  'exam_sections',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    index: smallint('index').notNull(),
    name: text('name').notNull(),
    /** issue, verbal, quant, practice. */
    area: text('area').notNull(),
    /** 1 or 2 inside an adaptive area; 0 otherwise. */
    part: smallint('part').notNull().default(0),
    /** The mock book's section this one draws from ('v1', 'q2-hard', …); '' for practice. */
    bookSection: text('book_section').notNull().default(''),
    difficulty: text('difficulty'),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    usedTimeSeconds: integer('used_time_seconds').notNull().default(0),
    /**
     * When the section opened (start, or the previous section's submission); null until then. A timed section's time
     * is now() − this, closed tab or not (decision 015).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    questionCount: smallint('question_count').notNull(),
    finished: boolean('finished').notNull().default(false),
    result: jsonb('result'),
  },
  (t) => [primaryKey({ columns: [t.examId, t.index] })],
);

/** One question of an exam section with the learner's action (spec §3 Question action) and, once graded, the result. */
export const examItems = pgTable(
  'exam_items',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    sectionIndex: smallint('section_index').notNull(),
    position: smallint('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    /** The question's input kind, copied at creation so the answer call checks the shape without a join. */
    inputKind: text('input_kind').notNull(),
    answer: jsonb('answer'),
    flagged: boolean('flagged').notNull().default(false),
    usedTimeSeconds: integer('used_time_seconds').notNull().default(0),
    /** NotEncountered, NotAnswered, Answered. */
    state: text('state').notNull().default('NotEncountered'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Graded when the section is submitted, or at once when the learner checks it (untimed practice). */
    correct: boolean('correct'),
    /**
     * Set when the learner checked this answer in untimed practice: it was graded and recorded (craft, community
     * figures, today's activity) then, and submitting the section does not record it again.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.sectionIndex, t.position] }),
    index('exam_items_question_idx').on(t.questionId),
  ],
);

/**
 * Community figures per question, kept up to date as sections are submitted (never recomputed per request):
 * how many graded answers, how many right, and the seconds spent.
 */
export const questionStats = pgTable('question_stats', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  timeSeconds: bigint('time_seconds', { mode: 'number' }).notNull().default(0),
});

/**
 * Quota counters. `period` is a day ('2026-11-23'), a week ('w2026-11-16', its Monday) or 'total'; `subject` is a
 * quota subject (verbal, quant, words), 'questions' for the lifetime total, 'simulate' or 'essay'. A counter only moves
 * in one conditional statement that refuses to pass the limit, so concurrent requests cannot overrun it.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    subject: text('subject').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period, t.subject] })],
);

/**
 * The questions a learner opened, per Shanghai day: the daily quota counts a question the first time it is opened on
 * a day, whatever screen it is on (product.md "Roles, access and quotas").
 */
export const questionOpens = pgTable(
  'question_opens',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Shanghai day, '2026-11-25'. */
    day: text('day').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.questionId] })],
);

/**
 * A learner's personal mark on a question (spec §3 Craft). Exams write `wrong`; collect, notes, cards and the essay
 * judging fill the other fields. One row per learner and question.
 */
export const crafts = pgTable(
  'crafts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** {answer, time, source {name, exam_id, template_id, update_time_stamp}, count}. */
    wrong: jsonb('wrong'),
    issue: jsonb('issue'),
    collect: jsonb('collect'),
    note: jsonb('note'),
    card: jsonb('card'),
    inHigher: boolean('in_higher').notNull().default(false),
    /** Where the learner last marked it from (spec §3 Craft source): a book, an exam, or the search label. */
    source: jsonb('source'),
    /** FSRS card of a wrong question (ts-fsrs fields), for the spaced re-review; null until it was first wrong. */
    schedule: jsonb('schedule'),
    /** `schedule.due`, as a column so "due today" is an index range. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crafts_user_question_uq').on(t.userId, t.questionId),
    index('crafts_user_updated_idx').on(t.userId, t.updatedAt),
    index('crafts_user_due_idx').on(t.userId, t.dueAt),
  ],
);
