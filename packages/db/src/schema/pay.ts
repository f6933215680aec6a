import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

/** Discount codes (product.md): fixed fen off or whole percent off, a validity window and a use count. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Upper-case; learners type it in any case. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses').notNull(),
    /** Trades holding the code (open or paid); taken by a conditional increment, given back when a trade closes unpaid. */
    usedCount: integer('used_count').notNull().default(0),
    invalid: boolean('invalid').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discount_codes_uses_ck', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`)],
);

/** Spec §3 Trade: one purchase attempt, its amount fixed at creation from the price table and the code. */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    param: integer('param').notNull(),
    /** Merchant order number (out_trade_no): unique, unguessable, ≤ 32 characters of [0-9A-Za-z]. */
    order: text('order').notNull().unique(),
    status: text('status').notNull().default('None'),
    provider: text('provider').notNull(),
    /** Fen from the price table, before the discount. */
    listPriceFen: integer('list_price_fen').notNull(),
    /** Fen the provider is asked for; a paid amount that differs sends the trade to ManualInvalid. */
    amountFen: integer('amount_fen').notNull(),
    codeId: bigint('code_id', { mode: 'number' }).references(() => discountCodes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    qrcodeText: text('qrcode_text'),
    qrcodeUrl: text('qrcode_url'),
    deviceId: text('device_id'),
    /** The provider's own id of the payment (transaction_id, trade_no); unique per provider so one payment grants once. */
    providerTxnId: text('provider_txn_id'),
    paidFen: integer('paid_fen'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Why the trade ended in ApplyFail or ManualInvalid, for staff. */
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trades_provider_txn_uq')
      .on(t.provider, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    // One open trade per user and kind: a second concurrent init fails here instead of leaving two QR codes.
    uniqueIndex('trades_one_open_uq')
      .on(t.userId, t.kind)
      .where(sql`${t.status} in ('None', 'WaitPay')`),
    index('trades_user_idx').on(t.userId, t.id),
    // The admin's trade list, newest first, paged.
    index('trades_created_idx').on(t.createdAt, t.id),
    index('trades_sweep_idx')
      .on(t.status, t.expiresAt)
      .where(sql`${t.status} in ('None', 'WaitPay', 'PaySuccess')`),
  ],
);

/** Every status move of a trade and every alert about one (a wrong amount, money for a closed trade): the payment audit trail. */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: bigint('trade_id', { mode: 'number' })
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** What moved it: init, notify, query, check_paid, expiry, sweep, replaced. */
    source: text('source').notNull(),
    /** An admin must look at it. */
    alert: boolean('alert').notNull().default(false),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_events_trade_idx').on(t.tradeId),
    index('trade_events_alert_idx')
      .on(t.createdAt)
      .where(sql`${t.alert}`),
  ],
);

/** Discount codes a learner tried, for the ten-invalid-in-24-hours freeze. */
export const codeAttempts = pgTable(
  'code_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    valid: boolean('valid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_attempts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The sandbox gateway's own books (PAY_PROVIDER=sandbox): a stand-in for the provider's side, kept apart from
 * `trades` so the app learns of a payment only the way it learns from a real gateway — a signed notification or a query.
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  order: text('order').primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  title: text('title').notNull(),
  /** WaitPay, Paid, Closed. */
  status: text('status').notNull().default('WaitPay'),
  txnId: text('txn_id'),
  notifyUrl: text('notify_url').notNull(),
  /** When the app acknowledged the notification of the order's last change; null: the gateway keeps sending it. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  /** Deliveries tried; the gateway retries with growing gaps, like WeChat Pay and Alipay. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
