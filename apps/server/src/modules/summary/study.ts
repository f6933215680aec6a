import { dueBefore } from '../../lib/fsrs.js';
import { shanghaiDay } from '../../lib/quota.js';
import type { Tx } from '../users/users.repository.js';
import { addToDay } from './activity.repository.js';
import { stepReviews, type ReviewedAnswer } from './review.repository.js';

/**
 * What a submitted section adds to the learner's study record, inside the submit's transaction: the FSRS step of each
 * answered question that carries a wrong craft, and the day's questions, right answers, seconds and re-reviews.
 * `answered` are the answered gradable items; `timeSeconds` the seconds spent on all the section's items.
 */
export async function recordSectionStudy(tx: Tx, userId: number, answered: ReviewedAnswer[], timeSeconds: number, now = new Date()): Promise<void> {
  const reviews = await stepReviews(tx, userId, answered, now, dueBefore(now));
  const correct = answered.filter((a) => a.right).length;
  await addToDay(tx, userId, shanghaiDay(Math.floor(now.getTime() / 1000)), { questions: answered.length, correct, timeSeconds, reviews });
}
