// The learner's data the question and word exports read (pdf, csv, anki), and the learner the job runs as.
import {
  collectTags,
  crafts,
  flashCards,
  flashes,
  users,
  wordBookEntries,
  wordBooks,
  wordEncounters,
  type Queryable,
} from '@gre/db';
import { cardStage } from '@gre/db/queries';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

export type CraftRow = typeof crafts.$inferSelect;

/** The learner as they are now: the job builds the export as them. */
export async function findUser(db: Queryable, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The learner's crafts on these questions. */
export async function craftsOn(db: Queryable, userId: number, questionIds: string[]): Promise<CraftRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(crafts)
    .where(and(eq(crafts.userId, userId), inArray(crafts.questionId, questionIds)));
}

export async function tagNames(db: Queryable, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: collectTags.id, name: collectTags.name })
    .from(collectTags)
    .where(eq(collectTags.userId, userId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The words of the learner's flash decks (deck order) and word books (added order), each with where it came from. */
export async function cardWords(db: Queryable, userId: number) {
  const [cards, books] = await Promise.all([
    db
      .select({ word: flashCards.word, deck: flashes.name, stage: cardStage })
      .from(flashCards)
      .innerJoin(flashes, eq(flashes.id, flashCards.flashId))
      .where(eq(flashes.userId, userId))
      .orderBy(asc(flashes.createdAt), asc(flashes.id), asc(flashCards.position)),
    db
      .select({ word: wordBookEntries.word, book: wordBooks.name, simple: wordBookEntries.simple })
      .from(wordBookEntries)
      .innerJoin(wordBooks, eq(wordBooks.id, wordBookEntries.bookId))
      .where(eq(wordBooks.userId, userId))
      .orderBy(asc(wordBooks.id), asc(wordBookEntries.addedAt), asc(wordBookEntries.word)),
  ]);
  return { cards, books };
}

/** The sentence each word was last met in, for the card's example (the learner's own context first). */
export async function metSentences(db: Queryable, userId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ word: wordEncounters.word, sentence: wordEncounters.sentence })
    .from(wordEncounters)
    .where(eq(wordEncounters.userId, userId))
    .orderBy(desc(wordEncounters.lastAt));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.word.toLowerCase())) out.set(r.word.toLowerCase(), r.sentence);
  return out;
}
