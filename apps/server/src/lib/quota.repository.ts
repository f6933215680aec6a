import type { Queryable } from '@gre/db';
import { sql } from 'drizzle-orm';

// The usage counters behind the role quotas (quota.ts): one conditional statement per take, so concurrent requests
// can neither pass a limit nor drive a counter below zero.

/**
 * Adds `k` to a counter if the result stays within `limit`, in one statement: the insert branch checks k itself,
 * the update branch re-reads the row under its lock, so of many concurrent takes only those that fit succeed.
 * Returns whether it was taken.
 */
export async function takeCounter(
  db: Queryable,
  userId: number,
  period: string,
  subject: string,
  k: number,
  limit: number,
): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`
    insert into usage_counters (user_id, period, subject, n)
    select ${userId}::bigint, ${period}::text, ${subject}::text, ${k}::int where ${k}::int <= ${limit}::int
    on conflict (user_id, period, subject) do update set n = usage_counters.n + excluded.n
    where usage_counters.n + excluded.n <= ${limit}::int
    returning n`);
  return res.rows.length > 0;
}

export async function counterValue(db: Queryable, userId: number, period: string, subject: string): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select n from usage_counters where user_id = ${userId} and period = ${period} and subject = ${subject}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}
