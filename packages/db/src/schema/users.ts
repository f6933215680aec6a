import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Role kind and staff flags live on the row so one query gives the authorisation helper everything. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    signature: text('signature').notNull().default(''),
    todayAim: integer('today_aim').notNull().default(50),
    isAdmin: boolean('is_admin').notNull().default(false),
    isOperator: boolean('is_operator').notNull().default(false),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isFreeze: boolean('is_freeze').notNull().default(false),
    /** Current paid or gifted tier; falls back to `baseRoleKind` after `roleExpiresAt`. */
    roleKind: text('role_kind').notNull().default('Trail'),
    roleExpiresAt: timestamp('role_expires_at', { withTimezone: true }),
    baseRoleKind: text('base_role_kind').notNull().default('Trail'),
    flashCoins: integer('flash_coins').notNull().default(0),
    hasCrown: boolean('has_crown').notNull().default(false),
    showTailorShelf: boolean('show_tailor_shelf').notNull().default(false),
    /** Tailored books a teacher may still build for this learner (assign_custom_tailor_use). */
    customTailorUses: integer('custom_tailor_uses').notNull().default(0),
    showHigherCollect: boolean('show_higher_collect').notNull().default(false),
    canVisitMaterial: boolean('can_visit_material').notNull().default(false),
    /** Set by `set_higher`: may open the higher bank. */
    higherAccess: boolean('higher_access').notNull().default(false),
    /** Copy of this user's `entitlements` rows in the `authority.records` shape, kept so an authenticated read is one query. */
    records: jsonb('records').notNull().default([]),
    /** The exam screen of a mock shows the real test's English labels (ETS mode); the learner may switch it off. */
    examEtsMode: boolean('exam_ets_mode').notNull().default(true),
    /** Counts every change to this user's mails (a trigger on mails), so a cached inbox is known fresh by the gate's read. */
    mailRev: bigint('mail_rev', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.email} is not null`),
  ],
);

/** Every period a tier was held: trial, gift, purchase or manual grant (the `authority.records`). */
export const entitlements = pgTable(
  'entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleKind: text('role_kind').notNull(),
    source: text('source').notNull(),
    /** The trade that paid for it, once payments exist; unique so a trade grants at most once. */
    tradeId: bigint('trade_id', { mode: 'number' }).unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entitlements_user_idx').on(t.userId)],
);
