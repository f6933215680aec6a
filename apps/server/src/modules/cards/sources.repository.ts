import {
  bookItems,
  bookTemplates,
  cardReviews,
  crafts,
  examItems,
  exams,
  flashCards,
  flashes,
  questions,
  wordBookEntries,
  wordBooks,
  wordEncounters,
  type Queryable,
} from '@gre/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

/**
 * The question ids of the books of a template kind, in shelf order, that the learner may see by visibility; books
 * that are never listed (hidden, prevent) are left out.
 */
export async function bookQuestionIds(db: Queryable, kind: string, visibilities: string[]): Promise<string[]> {
  if (visibilities.length === 0) return [];
  const rows = await db
    .select({ id: bookItems.questionId })
    .from(bookItems)
    .innerJoin(bookTemplates, eq(bookTemplates.id, bookItems.bookId))
    .innerJoin(questions, eq(questions.id, bookItems.questionId))
    .where(
      and(
        eq(bookTemplates.kind, kind),
        sql`${bookTemplates.access} not in ('hide', 'prevent')`,
        eq(bookTemplates.hide, false),
        inArray(questions.visibility, visibilities),
      ),
    )
    .orderBy(asc(bookTemplates.position), asc(bookTemplates.id), asc(bookItems.section), asc(bookItems.position));
  return rows.map((r) => r.id);
}

/** Questions the learner collected as cards (of one card tag, or all), latest first, that they may still see. */
export async function collectedQuestionIds(
  db: Queryable,
  userId: number,
  tag: number | null,
  visibilities: string[],
): Promise<string[]> {
  if (visibilities.length === 0) return [];
  const rows = await db
    .select({ id: crafts.questionId })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(
      and(
        eq(crafts.userId, userId),
        sql`(${crafts.card}->>'collected')::boolean is true`,
        tag === null ? undefined : sql`(${crafts.card}->>'range_kind')::int = ${tag}`,
        inArray(questions.visibility, visibilities),
      ),
    )
    .orderBy(desc(crafts.updatedAt), asc(crafts.questionId));
  return rows.map((r) => r.id);
}

/** Questions the learner answered correctly in any exam or practice. */
export async function correctQuestionIds(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: examItems.questionId })
    .from(examItems)
    .innerJoin(exams, eq(exams.id, examItems.examId))
    .where(and(eq(exams.userId, userId), eq(examItems.correct, true)));
  return rows.map((r) => r.id);
}

/** Words in any of the learner's decks. */
export async function usedWords(db: Queryable, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ word: flashCards.word })
    .from(flashCards)
    .innerJoin(flashes, eq(flashes.id, flashCards.flashId))
    .where(eq(flashes.userId, userId));
  return new Set(rows.map((r) => r.word));
}

/** Words in the learner's long-term review. */
export async function flashedWords(db: Queryable, userId: number): Promise<Set<string>> {
  const rows = await db.select({ word: cardReviews.word }).from(cardReviews).where(eq(cardReviews.userId, userId));
  return new Set(rows.map((r) => r.word));
}

/**
 * One of the learner's word books with its words in the order they were added, leaving out those marked too easy;
 * null when the id is unknown or another learner's.
 */
export async function wordBookWords(
  db: Queryable,
  userId: number,
  bookId: number,
): Promise<{ name: string; words: string[] } | null> {
  const [book] = await db
    .select({ name: wordBooks.name })
    .from(wordBooks)
    .where(and(eq(wordBooks.id, bookId), eq(wordBooks.userId, userId)));
  if (!book) return null;
  const rows = await db
    .select({ word: wordBookEntries.word })
    .from(wordBookEntries)
    .where(and(eq(wordBookEntries.bookId, bookId), eq(wordBookEntries.simple, false)))
    .orderBy(asc(wordBookEntries.addedAt), asc(wordBookEntries.word));
  return { name: book.name, words: rows.map((r) => r.word) };
}

/** Words the learner looked up in questions, latest first, each with the question of its latest look-up. */
export async function metWords(db: Queryable, userId: number): Promise<{ word: string; questionId: string }[]> {
  return db
    .select({ word: wordEncounters.word, questionId: wordEncounters.questionId })
    .from(wordEncounters)
    .where(eq(wordEncounters.userId, userId))
    .orderBy(desc(wordEncounters.lastAt), asc(wordEncounters.word));
}
