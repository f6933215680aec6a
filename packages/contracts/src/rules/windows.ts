import { periodStarts } from './calendar.js';

/**
 * Spec §9 score-history windows. One rule for the report page, the analyze page and the summary calls: which of a
 * learner's finished attempts a window keeps, given the score the current report view looks at.
 */
export const SCORE_WINDOWS = [
  'all',
  'except_lowest_3',
  'last_3',
  'last_5',
  'last_10',
  'this_week',
  'this_month',
] as const;
export type ScoreWindow = (typeof SCORE_WINDOWS)[number];

/**
 * The attempts a window keeps, oldest first. `score` is the figure of the report view (total, V or Q); attempts
 * without it (a verbal-only mock in the Q view) never count. "All except the lowest 3" drops the three lowest scores
 * (the earliest of equal ones first) and keeps everything when there are three or fewer.
 */
export function applyWindow<T extends { finished_at: number }>(
  attempts: readonly T[],
  window: ScoreWindow,
  nowSeconds: number,
  score: (a: T) => number | null,
): T[] {
  const scored = attempts.filter((a) => score(a) !== null).sort((a, b) => a.finished_at - b.finished_at);
  switch (window) {
    case 'all':
      return scored;
    case 'except_lowest_3': {
      if (scored.length <= 3) return scored;
      const lowest = new Set(
        scored
          .map((a, i) => ({ i, s: score(a)! }))
          .sort((x, y) => x.s - y.s || x.i - y.i)
          .slice(0, 3)
          .map((x) => x.i),
      );
      return scored.filter((_, i) => !lowest.has(i));
    }
    case 'last_3':
      return scored.slice(-3);
    case 'last_5':
      return scored.slice(-5);
    case 'last_10':
      return scored.slice(-10);
    case 'this_week':
      return scored.filter((a) => a.finished_at >= periodStarts(nowSeconds).week);
    case 'this_month':
      return scored.filter((a) => a.finished_at >= periodStarts(nowSeconds).month);
  }
}

/** Mean of the window's scores, one decimal; null for an empty window. */
export function windowAverage<T extends { finished_at: number }>(
  kept: readonly T[],
  score: (a: T) => number | null,
): number | null {
  const values = kept.map(score).filter((s): s is number => s !== null);
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
}

/** Correct rate in percent, one decimal; null when the attempt had no gradable question (an essay alone). */
export function correctRate(a: { correct: number; total_questions: number }): number | null {
  return a.total_questions > 0 ? Math.round((a.correct / a.total_questions) * 1000) / 10 : null;
}

/**
 * The figure a book report's window ranks attempts by: a mock's total (V + Q; a verbal- or quant-only attempt has none
 * and is left out), a practice book's correct rate.
 */
export function reportScore(
  a: { total: number | null; correct: number; total_questions: number },
  mock: boolean,
): number | null {
  return mock ? a.total : correctRate(a);
}
