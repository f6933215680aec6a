import { wordBookEntries, wordBooks } from '@gre/db';
import { advisoryLock } from '@gre/db/queries';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '@gre/db';

export type WordBookRow = typeof wordBooks.$inferSelect;
export interface BookCounts {
  words: number;
  simple: number;
}

/** The learner's books, oldest first. */
export async function listBooks(db: Queryable, userId: number): Promise<WordBookRow[]> {
  return db.select().from(wordBooks).where(eq(wordBooks.userId, userId)).orderBy(asc(wordBooks.id));
}

/** Every entry of the learner's books, newest first within a book, in one query. */
export async function listEntries(
  db: Queryable,
  userId: number,
): Promise<{ bookId: number; word: string; simple: boolean }[]> {
  return db
    .select({ bookId: wordBookEntries.bookId, word: wordBookEntries.word, simple: wordBookEntries.simple })
    .from(wordBookEntries)
    .innerJoin(wordBooks, eq(wordBookEntries.bookId, wordBooks.id))
    .where(eq(wordBooks.userId, userId))
    .orderBy(asc(wordBookEntries.bookId), desc(wordBookEntries.addedAt), asc(wordBookEntries.word));
}

/**
 * One of this learner's books, locked until the transaction ends so parallel adds to it count its words one at a
 * time; null when the id is unknown or another learner's (the caller answers both the same way).
 */
export async function lockOwnBook(tx: Tx, userId: number, bookId: number): Promise<WordBookRow | null> {
  const [row] = await tx
    .select()
    .from(wordBooks)
    .where(and(eq(wordBooks.id, bookId), eq(wordBooks.userId, userId)))
    .for('update');
  return row ?? null;
}

/** One of this learner's books, unlocked, for reading; null when the id is unknown or another learner's. */
export async function findOwnBook(db: Queryable, userId: number, bookId: number): Promise<WordBookRow | null> {
  const [row] = await db
    .select()
    .from(wordBooks)
    .where(and(eq(wordBooks.id, bookId), eq(wordBooks.userId, userId)));
  return row ?? null;
}

/** Locks the learner's book of this name, or answers null when there is none. */
export async function lockBookByName(tx: Tx, userId: number, name: string): Promise<WordBookRow | null> {
  const [row] = await tx
    .select()
    .from(wordBooks)
    .where(and(eq(wordBooks.userId, userId), eq(wordBooks.name, name)))
    .for('update');
  return row ?? null;
}

export async function countBooks(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wordBooks)
    .where(eq(wordBooks.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Makes the book unless the learner already has one of that name. A parallel insert of the same name waits on the
 * unique index and then does nothing, so both callers end up with the one row.
 */
export async function insertBookIfAbsent(tx: Tx, userId: number, name: string): Promise<void> {
  await tx
    .insert(wordBooks)
    .values({ userId, name })
    .onConflictDoNothing({ target: [wordBooks.userId, wordBooks.name] });
}

export async function bookCounts(db: Queryable, bookId: number): Promise<BookCounts> {
  const [row] = await db
    .select({
      words: sql<number>`count(*)::int`,
      simple: sql<number>`count(*) filter (where ${wordBookEntries.simple})::int`,
    })
    .from(wordBookEntries)
    .where(eq(wordBookEntries.bookId, bookId));
  return { words: Number(row?.words ?? 0), simple: Number(row?.simple ?? 0) };
}

/** Which of these words the book already holds. */
export async function wordsInBook(db: Queryable, bookId: number, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await db
    .select({ word: wordBookEntries.word })
    .from(wordBookEntries)
    .where(and(eq(wordBookEntries.bookId, bookId), inArray(wordBookEntries.word, words)));
  return new Set(rows.map((r) => r.word));
}

/** Adds the words; ones already there are left as they are (their simple mark included). Answers how many were new. */
export async function insertEntries(db: Queryable, bookId: number, words: string[]): Promise<number> {
  if (words.length === 0) return 0;
  const rows = await db
    .insert(wordBookEntries)
    .values(words.map((word) => ({ bookId, word })))
    .onConflictDoNothing()
    .returning({ word: wordBookEntries.word });
  return rows.length;
}

export async function deleteEntries(db: Queryable, bookId: number, words: string[]): Promise<number> {
  if (words.length === 0) return 0;
  const rows = await db
    .delete(wordBookEntries)
    .where(and(eq(wordBookEntries.bookId, bookId), inArray(wordBookEntries.word, words)))
    .returning({ word: wordBookEntries.word });
  return rows.length;
}

/** Sets the mark; answers false when the book does not hold the word. */
export async function setSimple(db: Queryable, bookId: number, word: string, simple: boolean): Promise<boolean> {
  const rows = await db
    .update(wordBookEntries)
    .set({ simple })
    .where(and(eq(wordBookEntries.bookId, bookId), eq(wordBookEntries.word, word)))
    .returning({ word: wordBookEntries.word });
  return rows.length > 0;
}

/**
 * Serialises the changes to one learner's set of books (made, deleted) until the transaction ends, so two parallel
 * makes cannot both pass the WORD_BOOKS_MAX count.
 */
export async function lockBookSet(tx: Tx, userId: number): Promise<void> {
  await advisoryLock(tx, `word_books:${userId}`);
}

/** Makes a book; null when the learner already has one of that name (the unique index decides, without an error). */
export async function insertBook(tx: Tx, userId: number, name: string): Promise<WordBookRow | null> {
  const [row] = await tx
    .insert(wordBooks)
    .values({ userId, name })
    .onConflictDoNothing({ target: [wordBooks.userId, wordBooks.name] })
    .returning();
  return row ?? null;
}

/** Deletes one of the learner's books with its words (the entries cascade); false when it is not theirs or gone. */
export async function deleteOwnBook(tx: Tx, userId: number, bookId: number): Promise<boolean> {
  const rows = await tx
    .delete(wordBooks)
    .where(and(eq(wordBooks.id, bookId), eq(wordBooks.userId, userId)))
    .returning({ id: wordBooks.id });
  return rows.length > 0;
}

/** The learner's books among `ids`, locked in id order (two merges of the same pair in opposite directions cannot deadlock). */
export async function lockOwnBooks(tx: Tx, userId: number, ids: number[]): Promise<WordBookRow[]> {
  return tx
    .select()
    .from(wordBooks)
    .where(and(inArray(wordBooks.id, ids), eq(wordBooks.userId, userId)))
    .orderBy(asc(wordBooks.id))
    .for('update');
}

/** How many words of `fromId` the book `intoId` does not hold yet. */
export async function countMissing(db: Queryable, fromId: number, intoId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${wordBookEntries} f
    where f.book_id = ${fromId}
      and not exists (select 1 from ${wordBookEntries} i where i.book_id = ${intoId} and i.word = f.word)`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Copies the words of `fromId` into `intoId`, each keeping when it was first added; a word both hold stays once, and
 * its simple mark is set when either book had it. Answers how many words were new to `intoId`.
 */
export async function copyEntries(tx: Tx, fromId: number, intoId: number): Promise<number> {
  await tx.execute(sql`
    update ${wordBookEntries} i set simple = true
    from ${wordBookEntries} f
    where i.book_id = ${intoId} and f.book_id = ${fromId} and f.word = i.word and f.simple and not i.simple`);
  const result = await tx.execute<{ word: string }>(sql`
    insert into ${wordBookEntries} (book_id, word, simple, added_at)
    select ${intoId}, f.word, f.simple, f.added_at from ${wordBookEntries} f where f.book_id = ${fromId}
    on conflict do nothing
    returning word`);
  return result.rows.length;
}

/** A page of a book's entries, newest first (the word breaks ties, so pages never overlap). */
export async function entriesPage(
  db: Queryable,
  bookId: number,
  limit: number,
  offset: number,
): Promise<{ word: string; simple: boolean }[]> {
  return db
    .select({ word: wordBookEntries.word, simple: wordBookEntries.simple })
    .from(wordBookEntries)
    .where(eq(wordBookEntries.bookId, bookId))
    .orderBy(desc(wordBookEntries.addedAt), asc(wordBookEntries.word))
    .limit(limit)
    .offset(offset);
}
