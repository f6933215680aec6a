import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { exams } from './exams.js';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * One written Issue essay and its judging (spec §4 essay judging: Empty → Judging → Finished or Failed). Written when
 * an exam with a writing section is finished; the job (modules/essays) judges it and keeps both judges' results.
 * `score` is what the learner is shown: the teacher's when one graded it, else the machine's (combined with the model
 * judge's when that is configured and they agree). Half points 0–6.
 */
export const essays = pgTable(
  'essays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    examId: bigint('exam_id', { mode: 'number' }).references(() => exams.id, { onDelete: 'set null' }),
    answer: text('answer').notNull(),
    /** Empty: not judged (the judging quota was used up; the learner may ask again). */
    status: text('status').notNull().default('Judging'),
    progress: integer('progress').notNull().default(0),
    /** One judging was taken from the learner's role quota for this essay (a retry or a re-judge takes no more). */
    quotaTaken: boolean('quota_taken').notNull().default(false),
    /** Judging runs so far; a job past its retries leaves the essay Failed. */
    attempts: integer('attempts').notNull().default(0),
    /** The built-in judge's result (score, band, comments with ranges, features, flags). */
    machine: jsonb('machine'),
    /** The configured model judge's result, when one judged. */
    model: jsonb('model'),
    score: numeric('score', { precision: 2, scale: 1, mode: 'number' }),
    bandLow: numeric('band_low', { precision: 2, scale: 1, mode: 'number' }),
    bandHigh: numeric('band_high', { precision: 2, scale: 1, mode: 'number' }),
    /** The judges disagree by more than the rule allows, or the machine could not judge it fairly: a teacher looks. */
    needsTeacher: boolean('needs_teacher').notNull().default(false),
    teacherId: bigint('teacher_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    teacherScore: numeric('teacher_score', { precision: 2, scale: 1, mode: 'number' }),
    teacherComment: text('teacher_comment'),
    teacherAt: timestamp('teacher_at', { withTimezone: true }),
    /** Why the last judging failed or why it is Empty, in Chinese for the learner. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
  },
  (t) => [
    index('essays_user_idx').on(t.userId, t.createdAt),
    index('essays_question_idx').on(t.questionId, t.status),
    index('essays_exam_idx').on(t.examId),
    // The teacher's queue: judged, not yet graded, flagged first, oldest first.
    index('essays_queue_idx')
      .on(t.needsTeacher, t.createdAt)
      .where(sql`${t.teacherScore} is null and ${t.status} = 'Finished'`),
    check('essays_status_ck', sql`${t.status} in ('Empty', 'Judging', 'Finished', 'Failed')`),
    check('essays_progress_ck', sql`${t.progress} between 0 and 100`),
    check(
      'essays_scores_ck',
      sql`(${t.score} is null or ${t.score} between 0 and 6) and (${t.teacherScore} is null or ${t.teacherScore} between 0 and 6)`,
    ),
  ],
);
