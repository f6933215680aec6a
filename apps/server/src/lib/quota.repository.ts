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

/** Records the questions opened on `day`; returns those not opened that day before (the ones that count). */
export async function insertOpens(
  db: Queryable,
  userId: number,
  day: string,
  questionIds: string[],
  now: Date,
): Promise<Set<string>> {
  const ids = [...new Set(questionIds)].sort();
  const res = await db.execute<{ id: string }>(sql`
    insert into question_opens (user_id, day, question_id, opened_at)
    select ${userId}::bigint, ${day}::text, q, ${now.toISOString()}::timestamptz
    from unnest(${`{${ids.map((id) => `"${id}"`).join(',')}}`}::text[]) as q
    on conflict do nothing
    returning question_id as id`);
  return new Set(res.rows.map((r) => r.id));
}

/** Of `questionIds`, those the learner opened on `day`. */
export async function openedToday(
  db: Queryable,
  userId: number,
  day: string,
  questionIds: string[],
): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const res = await db.execute<{ id: string }>(sql`
    select question_id as id from question_opens
    where user_id = ${userId} and day = ${day} and question_id = any(${`{${questionIds.map((id) => `"${id}"`).join(',')}}`}::text[])`);
  return new Set(res.rows.map((r) => r.id));
}
