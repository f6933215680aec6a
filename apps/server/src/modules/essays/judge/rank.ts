/** Where an essay's score stands among the essays written on the same prompt, as the result page words it. */
import { RANK } from './comments.zh.js';

/**
 * '前 N%': the essay's rank (one more than the essays scoring higher, so equal scores share a rank) as a share of all
 * essays on the prompt, this one included, rounded up to a whole percent: the best of five is 前 20%, the last 前
 * 100%. Scores that are not finite numbers are left out; with no other essay there is nothing to rank against.
 */
export function rankAmong(score: number, otherScores: readonly number[]): string {
  const others = otherScores.filter((s) => Number.isFinite(s));
  if (others.length === 0 || !Number.isFinite(score)) return RANK.alone;
  const higher = others.filter((s) => s > score).length;
  const percent = Math.max(1, Math.min(100, Math.ceil(((higher + 1) * 100) / (others.length + 1))));
  return RANK.top(percent);
}
