import type { CardStage } from '@gre/contracts';
import { stepSchedule } from '../../lib/fsrs.js';
import type { FinishWrite } from './finish.repository.js';

interface Move {
  word: string;
  from: CardStage;
  outcome: 'pass' | 'miss';
  to: CardStage;
  /** The card's misses before this round. */
  misses: number;
  sourceQid: string | null;
}

/**
 * Long-term review (FSRS, lib/fsrs.ts, in whole days) after a round. In an ordinary deck a card reaching Master
 * enters review as a first good recall; a word already in review keeps its schedule. In a review deck a card's first
 * recall is its review (`reviewed`): passed on the first try rates Good, a miss Again, counted against the day's cap;
 * what the card does after a miss is learning again, not another rating.
 */
export function reviewsAfter(
  reviewDeck: boolean,
  moves: readonly Move[],
  schedules: Readonly<Record<string, unknown>>,
  now: Date,
): Pick<FinishWrite, 'reviews'> {
  const rated = reviewDeck
    ? moves.filter((m) => m.from === 'Exam' && m.misses === 0)
    : moves.filter((m) => m.to === 'Master' && m.from !== 'Master');
  // Every card an ordinary deck masters starts from the same first good recall at the same moment.
  let first: ReturnType<typeof stepSchedule> | null = null;
  return {
    reviews: rated.map((m) => {
      const schedule = reviewDeck
        ? stepSchedule(schedules[m.word] ?? null, m.outcome === 'pass', now)
        : (first ??= stepSchedule(null, true, now));
      return {
        word: m.word,
        schedule,
        due_at: new Date(schedule.due * 1000).toISOString(),
        source_qid: m.sourceQid,
        reviewed: reviewDeck,
      };
    }),
  };
}
