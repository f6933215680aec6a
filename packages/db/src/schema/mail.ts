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
 * Operator notices (spec §2 notice page): written once, then fanned out by a job into one `mails` row per recipient.
 * `delivered` counts the rows written; the unique (user_id, notice_id) of mails makes a retried fan-out write none twice.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    audience: jsonb('audience').notNull(),
    status: text('status').notNull().default('Queued'),
    delivered: integer('delivered').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notices_status_ck', sql`${t.status} in ('Queued', 'Sending', 'Done')`)],
);

/**
 * Spec §3 Mail: one row per learner and message. A reminder carries its `occasion` (kind and day, or kind and
 * object), unique per user, so a reminder job that runs twice writes it once; a notice's copy carries `notice_id`.
 */
export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    race: text('race').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull().default(''),
    link: text('link'),
    status: text('status').notNull().default('Inbox'),
    noticeId: bigint('notice_id', { mode: 'number' }).references(() => notices.id, { onDelete: 'cascade' }),
    occasion: text('occasion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mails_user_race_idx').on(t.userId, t.race, t.createdAt),
    index('mails_user_unread_idx')
      .on(t.userId, t.race)
      .where(sql`${t.status} = 'Inbox'`),
    uniqueIndex('mails_notice_uq')
      .on(t.userId, t.noticeId)
      .where(sql`${t.noticeId} is not null`),
    uniqueIndex('mails_occasion_uq')
      .on(t.userId, t.occasion)
      .where(sql`${t.occasion} is not null`),
    check('mails_race_ck', sql`${t.race} in ('remind', 'notice', 'chat')`),
    check('mails_status_ck', sql`${t.status} in ('Inbox', 'Read')`),
  ],
);

/** The reminder kinds a learner turned off (REMIND_KINDS); no row means every kind is on. */
export const mailSettings = pgTable('mail_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  off: text('off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
