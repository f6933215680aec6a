import { shanghaiDay } from '@gre/contracts';
import { dueBefore } from '../../lib/fsrs.js';
import type { Tx } from '@gre/db';
import { addToDay } from './activity.repository.js';
import { stepReviews, type ReviewedAnswer } from './review.repository.js';

/**
 * What a submitted section adds to the learner's study record, inside the submit's transaction: the FSRS step of each
 * answered question that carries a wrong craft, and the day's questions, right answers, seconds and re-reviews.
 * `answered` are the answered gradable items; `timeSeconds` the seconds spent on all the section's items.
 */
export async function recordSectionStudy(
  tx: Tx,
  userId: number,
  answered: ReviewedAnswer[],
  timeSeconds: number,
  now: Date,
): Promise<void> {
  const reviews = await stepReviews(tx, userId, answered, now, dueBefore(now));
  const correct = answered.filter((a) => a.right).length;
  await addToDay(tx, userId, shanghaiDay(Math.floor(now.getTime() / 1000)), {
    questions: answered.length,
    correct,
    timeSeconds,
    reviews,
  });
}

/** Words added to a word book count in the day's summary; call it in the add's transaction, so a refused add counts nothing. */
export async function recordWordsAdded(tx: Tx, userId: number, words: number, now: Date): Promise<void> {
  await addToDay(tx, userId, shanghaiDay(Math.floor(now.getTime() / 1000)), {
    questions: 0,
    correct: 0,
    timeSeconds: 0,
    reviews: 0,
    words,
  });
}
