import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every staff action and every refused money- or role-changing call: who (the actor and the role they acted in),
 * what (`action`, a call path's name), on what (`target_kind`, `target_id`), the state before and after, the outcome,
 * from which device and address. Written in the transaction of the change it records; a trigger refuses UPDATE and
 * DELETE (migration 0020), and the actor is a plain number, not a foreign key, so deleting a user rewrites nothing.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** `done`, or `refused` with the error kind in `reason`. */
    outcome: text('outcome').notNull().default('done'),
    reason: text('reason'),
    deviceId: text('device_id').notNull().default(''),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetKind, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    check('audit_log_outcome_ck', sql`${t.outcome} in ('done', 'refused')`),
  ],
);

/**
 * A voucher (spec page source Voucher): a code that grants a tier for some days or flash coins, redeemed once per
 * learner, at most `use_limit` times, inside its window. Deleting one marks it (`deleted_at`): its redemptions stay.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Upper-case; learners type it in any case. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** `tier` (role_kind for days) or `coins` (flash coins). */
    grantKind: text('grant_kind').notNull(),
    roleKind: text('role_kind'),
    days: integer('days'),
    coins: integer('coins'),
    useLimit: integer('use_limit').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('vouchers_uses_ck', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.useLimit}`),
    check(
      'vouchers_grant_ck',
      sql`(${t.grantKind} = 'tier' and ${t.roleKind} is not null and ${t.days} > 0 and ${t.coins} is null)
        or (${t.grantKind} = 'coins' and ${t.coins} > 0 and ${t.roleKind} is null and ${t.days} is null)`,
    ),
    check('vouchers_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One row per learner and voucher: the primary key makes a second redemption impossible. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: bigint('voucher_id', { mode: 'number' })
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.userId] }), index('voucher_redemptions_user_idx').on(t.userId)],
);

/** A learner's own tailored book, built by a teacher from the questions of books whose tailor.custom flag is set. */
export const tailoredBooks = pgTable(
  'tailored_books',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: bigint('teacher_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Question ids (questions.id) in the order the teacher chose. */
    questionIds: text('question_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tailored_books_user_idx').on(t.userId)],
);

/** A learner's export of their own data (`/export`): made by a job, kept under DATA_DIR/exports until it expires. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `pdf`, `csv`, `anki` or `json`. */
    kind: text('kind').notNull(),
    /** What it holds (e.g. wrong / collected / noted questions), as the request named it. */
    scope: jsonb('scope').notNull().default({}),
    status: text('status').notNull().default('Queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    fileName: text('file_name'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_status_ck', sql`${t.status} in ('Queued', 'Running', 'Done', 'Failed')`),
    check('data_exports_progress_ck', sql`${t.progress} between 0 and 100`),
  ],
);
