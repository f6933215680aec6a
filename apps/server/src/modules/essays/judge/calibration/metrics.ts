/**
 * Agreement between two lists of scores on the GRE's half-point scale: exact, within a tolerance, quadratic weighted
 * kappa (QWK, the figure ETS reports for e-rater against human raters) and Pearson's r. Scores are rounded to the
 * half point as ETS rounds (halves up); the corpus's own 1–4 scale lies inside 0–6, so the same rounding serves it.
 */

import { roundEssayScore as roundHalf } from '@gre/contracts';

function checkPairs(a: readonly number[], b: readonly number[]): void {
  if (a.length !== b.length || a.length === 0)
    throw new Error(`need two equal, non-empty lists (${a.length}, ${b.length})`);
}

/** Share of pairs whose half-point scores differ by at most `tolerance` (0 = exact). */
export function agreementWithin(a: readonly number[], b: readonly number[], tolerance: number): number {
  checkPairs(a, b);
  let hits = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(roundHalf(a[i]!) - roundHalf(b[i]!)) <= tolerance + 1e-9) hits++;
  return hits / a.length;
}

/**
 * Quadratic weighted kappa over half-point categories: 1 − Σ w·O / Σ w·E with w = (i − j)², O the observed joint
 * counts and E the counts expected from the two marginals. Categories neither list uses cancel out. 1 when both
 * lists are one and the same constant.
 */
export function qwk(a: readonly number[], b: readonly number[]): number {
  checkPairs(a, b);
  const ia = a.map((x) => Math.round(roundHalf(x) * 2));
  const ib = b.map((x) => Math.round(roundHalf(x) * 2));
  const lo = Math.min(...ia, ...ib);
  const k = Math.max(...ia, ...ib) - lo + 1;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rowSum = new Array<number>(k).fill(0);
  const colSum = new Array<number>(k).fill(0);
  for (let n = 0; n < ia.length; n++) {
    const i = ia[n]! - lo;
    const j = ib[n]! - lo;
    observed[i]![j]!++;
    rowSum[i]!++;
    colSum[j]!++;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2;
      num += w * observed[i]![j]!;
      den += (w * rowSum[i]! * colSum[j]!) / ia.length;
    }
  return den === 0 ? 1 : 1 - num / den;
}

/** Pearson's correlation of the unrounded scores; 0 when either list is constant. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  checkPairs(a, b);
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

export interface Agreement {
  n: number;
  exact: number;
  /** Within ±0.5: the neighbouring half point. */
  within_half: number;
  /** Within ±1: ETS's "adjacent" on its whole-point scale. */
  within_one: number;
  qwk: number;
  pearson: number;
}

/** Every figure for one pair of score lists, rounded to three places as reported. */
export function agreement(a: readonly number[], b: readonly number[]): Agreement {
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: a.length,
    exact: r3(agreementWithin(a, b, 0)),
    within_half: r3(agreementWithin(a, b, 0.5)),
    within_one: r3(agreementWithin(a, b, 1)),
    qwk: r3(qwk(a, b)),
    pearson: r3(pearson(a, b)),
  };
}
