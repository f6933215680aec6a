import type { TradeStatus } from '@gre/contracts';
import { tradeEvents, trades, type Queryable } from '@gre/db';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
export type TradePatch = Partial<
  Pick<NewTrade, 'qrcodeText' | 'qrcodeUrl' | 'providerTxnId' | 'paidFen' | 'paidAt' | 'note'>
>;

export async function insertTrade(db: Queryable, values: NewTrade): Promise<TradeRow> {
  const [row] = await db.insert(trades).values(values).returning();
  return row!;
}

export async function findTrade(db: Queryable, id: number): Promise<TradeRow | null> {
  const rows = await db.select().from(trades).where(eq(trades.id, id)).limit(1);
  return rows[0] ?? null;
}

/** One of a user's trades (the poll): the user id in the condition, so another's id reads as absent. */
export async function findUserTrade(db: Queryable, userId: number, id: number): Promise<TradeRow | null> {
  const rows = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, id), eq(trades.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findTradeByOrder(db: Queryable, order: string): Promise<TradeRow | null> {
  const rows = await db.select().from(trades).where(eq(trades.order, order)).limit(1);
  return rows[0] ?? null;
}

/** The trade locked until the transaction ends: its grant and its move happen under one lock. */
export async function lockTrade(tx: Queryable, id: number): Promise<TradeRow | null> {
  const rows = await tx.select().from(trades).where(eq(trades.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/** A user's open trades (None, WaitPay) of one kind: the ones a new trade replaces. */
export async function openTrades(db: Queryable, userId: number, kind: string): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.kind, kind), inArray(trades.status, ['None', 'WaitPay'])));
}

/**
 * Moves a trade to `to` only if its status is still one of `from` — the conditional update every move is, so a
 * replayed notification or a second poll finds nothing to move. Null when it did not move.
 */
export async function moveTrade(
  db: Queryable,
  id: number,
  from: readonly TradeStatus[],
  to: TradeStatus,
  now: Date,
  patch: TradePatch = {},
): Promise<TradeRow | null> {
  const [row] = await db
    .update(trades)
    .set({ ...patch, status: to, updatedAt: now })
    .where(and(eq(trades.id, id), inArray(trades.status, [...from])))
    .returning();
  return row ?? null;
}

export async function insertTradeEvent(db: Queryable, values: typeof tradeEvents.$inferInsert): Promise<void> {
  await db.insert(tradeEvents).values(values);
}

/** Open trades past their expiry, oldest first: the expiry job's work. */
export async function expiredOpenTrades(db: Queryable, now: Date, limit: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(inArray(trades.status, ['None', 'WaitPay']), lte(trades.expiresAt, now)))
    .orderBy(asc(trades.expiresAt))
    .limit(limit);
}

/** Paid trades whose grant has not happened since `before` (a crash, a transient failure): the sweep retries them. */
export async function stalePaidTrades(db: Queryable, before: Date, limit: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.status, 'PaySuccess'), lte(trades.updatedAt, before)))
    .orderBy(asc(trades.updatedAt))
    .limit(limit);
}
