import { wordEncounters } from '@gre/db';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '@gre/db';
import { sqlTime } from '../../lib/clock.js';

export type EncounterRow = typeof wordEncounters.$inferSelect;

/**
 * Keeps one row per learner, word and question: the first look-up inserts it, each repeat counts it and moves its
 * time (and sentence, should the question's text have changed). Answers whether the row is new.
 */
export async function upsertEncounter(
  tx: Tx,
  e: { userId: number; word: string; questionId: string; sentence: string; at: Date },
): Promise<boolean> {
  const result = await tx.execute<{ inserted: boolean }>(sql`
    insert into ${wordEncounters} (user_id, word, question_id, sentence, count, first_at, last_at)
    values (${e.userId}, ${e.word}, ${e.questionId}, ${e.sentence}, 1, ${sqlTime(e.at)}::timestamptz,
      ${sqlTime(e.at)}::timestamptz)
    on conflict (user_id, word, question_id) do update
      set count = ${wordEncounters}.count + 1, sentence = excluded.sentence,
        last_at = greatest(${wordEncounters}.last_at, excluded.last_at)
    returning (xmax = 0) as inserted`);
  return result.rows[0]?.inserted === true;
}

/** Drops the learner's oldest rows beyond `keep` (by last look-up; the word and question break ties). */
export async function trimEncounters(tx: Tx, userId: number, keep: number): Promise<number> {
  const result = await tx.execute<{ word: string }>(sql`
    delete from ${wordEncounters} w
    using (
      select word, question_id from ${wordEncounters}
      where user_id = ${userId}
      order by last_at desc, word, question_id
      offset ${keep}
    ) old
    where w.user_id = ${userId} and w.word = old.word and w.question_id = old.question_id
    returning w.word`);
  return result.rows.length;
}

/** A page of the learner's rows, latest look-up first. */
export async function encountersPage(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<EncounterRow[]> {
  return db
    .select()
    .from(wordEncounters)
    .where(eq(wordEncounters.userId, userId))
    .orderBy(desc(wordEncounters.lastAt), asc(wordEncounters.word), asc(wordEncounters.questionId))
    .limit(limit)
    .offset(offset);
}

export async function countEncounters(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wordEncounters)
    .where(eq(wordEncounters.userId, userId));
  return Number(row?.n ?? 0);
}
