import type { CardStage } from '@gre/contracts';
import type { Tx } from '@gre/db';
import { stepSchedule } from '../../lib/fsrs.js';
import { reviewsOf, upsertReviews, type FlashCardRow } from './flash.repository.js';

interface Move {
  word: string;
  from: CardStage;
  to: CardStage;
  outcome: 'pass' | 'miss';
}

/**
 * Long-term review (FSRS, lib/fsrs.ts, in whole days) after a round. In an ordinary deck a card reaching Master
 * enters review as a first good recall; a word already in review keeps its schedule. In a review deck a card's
 * first recall is its review: passed on the first try rates Good, a miss Again (counted against the day's cap);
 * what the card does after a miss is learning again, not another rating.
 */
export async function scheduleReviews(
  tx: Tx,
  userId: number,
  reviewDeck: boolean,
  cards: readonly FlashCardRow[],
  moves: readonly Move[],
  now: Date,
): Promise<void> {
  const card = new Map(cards.map((c) => [c.word, c]));
  const rated = reviewDeck
    ? moves.filter((m) => m.from === 'Exam' && card.get(m.word)?.misses === 0)
    : moves.filter((m) => m.to === 'Master' && m.from !== 'Master');
  if (rated.length === 0) return;
  const existing = reviewDeck
    ? new Map(
        (
          await reviewsOf(
            tx,
            userId,
            rated.map((m) => m.word),
          )
        ).map((r) => [r.word, r.schedule]),
      )
    : new Map<string, unknown>();
  const rows = rated.map((m) => {
    const schedule = stepSchedule(existing.get(m.word) ?? null, m.outcome === 'pass', now);
    return {
      word: m.word,
      schedule,
      dueAt: new Date(schedule.due * 1000),
      sourceQid: card.get(m.word)?.sourceQid ?? null,
      reviewed: reviewDeck,
    };
  });
  // A word mastered again in an ordinary deck keeps the schedule it has (the insert skips it).
  await upsertReviews(tx, userId, rows, now, reviewDeck ? 'step' : 'keep');
}
