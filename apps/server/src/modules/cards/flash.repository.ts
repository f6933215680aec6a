import type { CardStage } from '@gre/contracts';
import { cardReviews, flashCards, flashes, type Queryable, type Tx } from '@gre/db';
import { cardMisses, cardStage } from '@gre/db/queries';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { sqlTime } from '../../lib/clock.js';

export type FlashRow = typeof flashes.$inferSelect;
/** A card of a deck: its word and source (flash_cards) with where it stands (the deck row's arrays). */
export interface FlashCardRow {
  word: string;
  position: number;
  sourceQid: string | null;
  stage: CardStage;
  misses: number;
}

/** A new deck and its cards; the coins were taken in the same transaction. */
export async function insertFlash(
  tx: Tx,
  deck: Pick<FlashRow, 'userId' | 'name' | 'rangeKind' | 'scope' | 'coinsSpent'>,
  cards: { word: string; sourceQid: string | null; stage: CardStage }[],
  now: Date,
): Promise<FlashRow> {
  const [row] = await tx
    .insert(flashes)
    .values({
      ...deck,
      allCardCount: cards.length,
      stages: cards.map((c) => c.stage),
      misses: cards.map(() => 0),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.execute(sql`
    insert into ${flashCards} (flash_id, word, position, source_qid)
    select ${row!.id}, c.word, c.position, c.source_qid
    from jsonb_to_recordset(${JSON.stringify(cards.map((c, position) => ({ word: c.word, position, source_qid: c.sourceQid })))}::jsonb)
      as c(word text, position int, source_qid text)`);
  return row!;
}

/** Decks of the learner still open (NotStart or Start). */
export async function countOpenFlashes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashes)
    .where(and(eq(flashes.userId, userId), sql`${flashes.status} <> 'Finish'`));
  return Number(row?.n ?? 0);
}

/** One of the learner's decks; null when unknown or another learner's (the caller answers both the same). */
export async function findFlash(db: Queryable, userId: number, id: number): Promise<FlashRow | null> {
  const [row] = await db
    .select()
    .from(flashes)
    .where(and(eq(flashes.id, id), eq(flashes.userId, userId)));
  return row ?? null;
}

/** The same, locked until the transaction ends: choices of one round are recorded one at a time. */
export async function lockFlash(tx: Tx, userId: number, id: number): Promise<FlashRow | null> {
  const [row] = await tx
    .select()
    .from(flashes)
    .where(and(eq(flashes.id, id), eq(flashes.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function listFlashes(db: Queryable, userId: number): Promise<FlashRow[]> {
  return db.select().from(flashes).where(eq(flashes.userId, userId)).orderBy(desc(flashes.createdAt), desc(flashes.id));
}

/** A deck's cards in deck order, each where the deck row `deck` says it stands. */
export async function cardsOf(
  db: Queryable,
  deck: Pick<FlashRow, 'id' | 'stages' | 'misses'>,
): Promise<FlashCardRow[]> {
  const rows = await db
    .select({ word: flashCards.word, position: flashCards.position, sourceQid: flashCards.sourceQid })
    .from(flashCards)
    .where(eq(flashCards.flashId, deck.id))
    .orderBy(asc(flashCards.position));
  return rows.map((c) => ({
    ...c,
    stage: deck.stages[c.position] as CardStage,
    misses: deck.misses[c.position] ?? 0,
  }));
}

/**
 * Stores a new round with what its cards show and counts it begun, only if no other round began meanwhile
 * (`round_index` still `was`); false when another request got there first.
 */
export async function startRound(
  tx: Tx,
  id: number,
  was: number,
  round: { round: unknown; cards: unknown },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(flashes)
    .set({ round: round.round, roundCards: round.cards, roundIndex: was + 1, status: 'Start', updatedAt: now })
    .where(and(eq(flashes.id, id), eq(flashes.roundIndex, was), sql`${flashes.round} is null`))
    .returning({ id: flashes.id });
  return rows.length === 1;
}

/** Writes the running round back (a recorded choice) on the locked row. */
export async function saveRound(tx: Tx, id: number, round: unknown, now: Date): Promise<void> {
  await tx.update(flashes).set({ round, updatedAt: now }).where(eq(flashes.id, id));
}

/** Closes a deck before every card is mastered; null when it was already closed. */
export async function giveUp(tx: Tx, id: number, now: Date): Promise<FlashRow | null> {
  const [row] = await tx
    .update(flashes)
    .set({ status: 'Finish', gaveUp: true, round: null, roundCards: null, finishedAt: now, updatedAt: now })
    .where(and(eq(flashes.id, id), sql`${flashes.status} <> 'Finish'`))
    .returning();
  return row ?? null;
}

/** Figures of the learner's long-term review at `now`: due before `dueBefore`, reviewed since `dayStart`. */
export async function reviewFigures(
  db: Queryable,
  userId: number,
  dueBefore: Date,
  dayStart: Date,
): Promise<{ dueTotal: number; reviewedToday: number; inReview: number; nextDue: Date | null }> {
  const [row] = await db
    .select({
      dueTotal: sql<number>`count(*) filter (where ${cardReviews.dueAt} < ${sqlTime(dueBefore)}::timestamptz)::int`,
      reviewedToday: sql<number>`count(*) filter (where ${cardReviews.lastReviewedAt} >= ${sqlTime(dayStart)}::timestamptz)::int`,
      inReview: sql<number>`count(*)::int`,
      nextDue: sql<string | null>`min(${cardReviews.dueAt})`,
    })
    .from(cardReviews)
    .where(eq(cardReviews.userId, userId));
  return {
    dueTotal: Number(row?.dueTotal ?? 0),
    reviewedToday: Number(row?.reviewedToday ?? 0),
    inReview: Number(row?.inReview ?? 0),
    nextDue: row?.nextDue ? new Date(row.nextDue) : null,
  };
}

/** Words due before `dueBefore`, the longest overdue first. */
export async function dueWords(
  db: Queryable,
  userId: number,
  dueBefore: Date,
): Promise<{ word: string; sourceQid: string | null }[]> {
  return db
    .select({ word: cardReviews.word, sourceQid: cardReviews.sourceQid })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), lt(cardReviews.dueAt, dueBefore)))
    .orderBy(asc(cardReviews.dueAt), asc(cardReviews.word));
}

/** Which of these words the learner has in long-term review (mastered in a deck). */
export async function wordsInReview(db: Queryable, userId: number, words: string[] | null): Promise<Set<string>> {
  if (words !== null && words.length === 0) return new Set();
  const rows = await db
    .select({ word: cardReviews.word })
    .from(cardReviews)
    .where(
      words === null
        ? eq(cardReviews.userId, userId)
        : and(eq(cardReviews.userId, userId), inArray(cardReviews.word, words)),
    );
  return new Set(rows.map((r) => r.word));
}

/** Cards of the learner's open review decks not yet rated (still at Exam without a miss): the day's cap holds them. */
export async function pendingReviewCards(db: Queryable, userId: number, reviewKind: number): Promise<string[]> {
  const rows = await db
    .select({ word: flashCards.word })
    .from(flashCards)
    .innerJoin(flashes, eq(flashCards.flashId, flashes.id))
    .where(
      and(
        eq(flashes.userId, userId),
        eq(flashes.rangeKind, reviewKind),
        sql`${flashes.status} <> 'Finish'`,
        eq(cardStage, 'Exam'),
        eq(cardMisses, 0),
      ),
    );
  return rows.map((r) => r.word);
}
