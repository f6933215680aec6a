import type { DIFFICULTIES } from '../enums.js';

export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * Difficulty from data (issue 19, docs/calibration.md): a Rasch (1PL) model, P(right) = 1 / (1 + e^-(θ - b)), fitted
 * by joint maximum a posteriori on each learner's first graded answer to each question. The author's label is the
 * item's prior (easy −1, medium 0, hard +1 logit, sd 1) and learners' abilities have a standard normal prior, which
 * also fixes the scale's origin. A question's shown difficulty follows the data once it has `minResponses` answers.
 */
export const CALIBRATION = {
  /** Answers from distinct learners before the data decide a question's shown difficulty. */
  minResponses: 30,
  /** The prior mean of b for each author label, in logits. */
  priorMean: { easy: -1, medium: 0, hard: 1 } as Record<Difficulty, number>,
  priorSd: 1,
  abilitySd: 1,
  /** b below −cut is easy, above +cut hard. */
  cut: 0.5,
  /** Within this many logits of a cut, the median time breaks the tie (slower than its kind's median → harder). */
  timeBand: 0.15,
  maxIterations: 100,
  tolerance: 1e-4,
} as const;

/** One learner's first graded answer to one question. */
export interface Response {
  person: number | string;
  item: string;
  correct: boolean;
}

export interface ItemEstimate {
  /** Difficulty in logits (higher is harder). */
  b: number;
  /** Its standard error (posterior, from the information at the estimate). */
  se: number;
  /** Responses it rests on. */
  n: number;
  /** Share of those answered right. */
  pCorrect: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** A Newton step never moves an estimate more than one logit, so extreme response patterns converge calmly. */
const clampStep = (s: number) => Math.max(-1, Math.min(1, s));

/**
 * Fits b for every item that has a response (and θ for every person). `prior` gives each item's author label; an item
 * without one starts at medium. Deterministic: the same responses always give the same estimates.
 */
export function estimateRasch(responses: Response[], prior: (item: string) => Difficulty): Map<string, ItemEstimate> {
  const itemIndex = new Map<string, number>();
  const personIndex = new Map<number | string, number>();
  const ri: number[] = [];
  const rp: number[] = [];
  const rx: number[] = [];
  for (const r of responses) {
    let i = itemIndex.get(r.item);
    if (i === undefined) itemIndex.set(r.item, (i = itemIndex.size));
    let p = personIndex.get(r.person);
    if (p === undefined) personIndex.set(r.person, (p = personIndex.size));
    ri.push(i);
    rp.push(p);
    rx.push(r.correct ? 1 : 0);
  }
  const items = [...itemIndex.keys()];
  const mu = items.map((id) => CALIBRATION.priorMean[prior(id)]);
  const b = [...mu];
  const theta = new Array<number>(personIndex.size).fill(0);
  const ip = 1 / CALIBRATION.priorSd ** 2;
  const tp = 1 / CALIBRATION.abilitySd ** 2;

  const step = (
    n: number,
    idx: number[],
    value: number[],
    sign: 1 | -1,
    precision: number,
    mean: (k: number) => number,
  ) => {
    const grad = new Array<number>(n).fill(0);
    const info = new Array<number>(n).fill(0);
    for (let k = 0; k < rx.length; k++) {
      const p = sigmoid(theta[rp[k]!]! - b[ri[k]!]!);
      grad[idx[k]!]! += sign * (rx[k]! - p);
      info[idx[k]!]! += p * (1 - p);
    }
    let moved = 0;
    for (let j = 0; j < n; j++) {
      const g = grad[j]! - precision * (value[j]! - mean(j));
      const s = clampStep(g / (info[j]! + precision));
      value[j]! += s;
      moved = Math.max(moved, Math.abs(s));
    }
    return { moved, info };
  };

  let info: number[] = [];
  for (let it = 0; it < CALIBRATION.maxIterations; it++) {
    const a = step(theta.length, rp, theta, 1, tp, () => 0);
    // d/db of log P is (p - x): the item step runs with the opposite sign of the person step.
    const c = step(items.length, ri, b, -1, ip, (j) => mu[j]!);
    info = c.info;
    if (Math.max(a.moved, c.moved) < CALIBRATION.tolerance) break;
  }
  const n = new Array<number>(items.length).fill(0);
  const right = new Array<number>(items.length).fill(0);
  for (let k = 0; k < rx.length; k++) {
    n[ri[k]!]! += 1;
    right[ri[k]!]! += rx[k]!;
  }
  // The information at the final estimate, so se matches b even when the loop stopped on its last step.
  info = new Array<number>(items.length).fill(0);
  for (let k = 0; k < rx.length; k++) {
    const p = sigmoid(theta[rp[k]!]! - b[ri[k]!]!);
    info[ri[k]!]! += p * (1 - p);
  }
  return new Map(
    items.map((id, j) => [
      id,
      { b: b[j]!, se: 1 / Math.sqrt(info[j]! + ip), n: n[j]!, pCorrect: n[j] ? right[j]! / n[j] : 0 },
    ]),
  );
}

/**
 * The label a fitted b reads as. `slower` — whether the item's median time is above its kind's median — decides only
 * within `timeBand` of a cut, where percent right alone cannot tell the two levels apart.
 */
export function labelFromLogit(b: number, slower?: boolean): Difficulty {
  const { cut, timeBand } = CALIBRATION;
  const near = (edge: number) => Math.abs(b - edge) < timeBand && slower !== undefined;
  if (near(-cut)) return slower ? 'medium' : 'easy';
  if (near(cut)) return slower ? 'hard' : 'medium';
  return b < -cut ? 'easy' : b > cut ? 'hard' : 'medium';
}

/** The difficulty a question shows: the data's once it has enough answers, the author's label before. */
export function shownDifficulty(author: Difficulty, data: Difficulty | null, n: number): Difficulty {
  return data && n >= CALIBRATION.minResponses ? data : author;
}

/** Median of a list of numbers (0 for none). */
export function medianOf(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
