import { trades, users, type Queryable } from '@gre/db';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { TradeRow } from './trades.repository.js';

export interface TradeFilter {
  status?: string | undefined;
  userId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(f: TradeFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(eq(trades.status, f.status));
  if (f.userId !== undefined) parts.push(eq(trades.userId, f.userId));
  if (f.from !== undefined) parts.push(gte(trades.createdAt, f.from));
  if (f.to !== undefined) parts.push(lt(trades.createdAt, f.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Every learner's trades matching the filter, newest first, with the buyer's name; and how many match. */
export async function tradesPage(
  db: Queryable,
  filter: TradeFilter,
  limit: number,
  offset: number,
): Promise<{ rows: (TradeRow & { userName: string })[]; total: number }> {
  const cond = where(filter);
  const rows = await db
    .select({ trade: trades, userName: users.name })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .where(cond)
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(trades).where(cond);
  return { rows: rows.map((r) => ({ ...r.trade, userName: r.userName })), total: Number(total?.n ?? 0) };
}

export async function tradeUserName(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? '';
}
