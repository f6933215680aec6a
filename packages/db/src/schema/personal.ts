import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A learner's collect tags (spec §3 Collect tag); crafts refer to them by id in `collect.collect_ids`. */
export const collectTags = pgTable(
  'collect_tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    desp: text('desp').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collect_tags_user_name_uq').on(t.userId, t.name)],
);

/**
 * One row per learner and Shanghai calendar day: what was done (kept up to date as exam sections are submitted and
 * words are studied) and the sign-in with the streak it reached. The home summary, the calendar heat map and the
 * growth charts read these rows instead of scanning exams.
 */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    questions: integer('questions').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    timeSeconds: integer('time_seconds').notNull().default(0),
    words: integer('words').notNull().default(0),
    /** Wrong questions re-reviewed today (the spaced re-review's daily cap counts these). */
    reviews: integer('reviews').notNull().default(0),
    signedIn: boolean('signed_in').notNull().default(false),
    /** Consecutive signed-in days ending today; 0 when not signed in today. */
    streak: integer('streak').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
