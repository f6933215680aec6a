import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An operator's unpublished question (the question editor, decision 031): the content file's shape as typed, problems
 * and all, which learners never see. `question_id` names the live question it edits, or is null for a new one until
 * its first publish gives it an id; one draft per live question. Publishing removes the draft.
 */
export const questionDrafts = pgTable(
  'question_drafts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: text('question_id'),
    kind: text('kind').notNull(),
    /** `{ question, passage }` in the content format (`content/bank/*.json`), not yet validated. */
    body: jsonb('body').notNull(),
    /** The revision the draft started from, so a publish over someone else's newer one is refused. */
    baseRevision: integer('base_revision').notNull().default(0),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_drafts_question_uq')
      .on(t.questionId)
      .where(sql`${t.questionId} is not null`),
    index('question_drafts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Each publish from the editor: the question (and its passage) before and after, in the content format, numbered per
 * question from 1. Never rewritten: loading an old revision makes a draft, and publishing it adds a new revision.
 */
export const questionRevisions = pgTable(
  'question_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: text('question_id').notNull(),
    revision: integer('revision').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** `{ question, passage }` as the live bank held it, null when the publish created the question. */
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_revisions_question_uq').on(t.questionId, t.revision),
    index('question_revisions_created_idx').on(t.createdAt, t.id),
    check('question_revisions_revision_ck', sql`${t.revision} > 0`),
  ],
);
