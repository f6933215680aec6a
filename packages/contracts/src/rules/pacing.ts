/**
 * Pacing: how a question's time compares with the pace the test itself sets. The shorter GRE gives 41 minutes to 27
 * Verbal questions (about 1.5 minutes each) and 47 minutes to 27 Quant questions (about 1.75 minutes each); a learner
 * who keeps to that pace finishes a section. Writing and word cards have no per-question pace.
 */
export const PACING_TARGET_SECONDS = { verbal: 90, quant: 105 } as const;

/** Spec §3 categories by the section they belong to: filling and reading are Verbal, math is Quant. */
const PACED_AREAS: Readonly<Record<number, keyof typeof PACING_TARGET_SECONDS>> = {
  1: 'verbal',
  2: 'verbal',
  3: 'quant',
};

/** Seconds a question of this category should take at the test's pace; null when the category has no pace. */
export function pacingTarget(category: number): number | null {
  const area = PACED_AREAS[category];
  return area ? PACING_TARGET_SECONDS[area] : null;
}

/** Within the target, over it, or more than twice over it (the time of another question lost). */
export const PACE_STATUSES = ['within', 'over', 'far_over'] as const;
export type PaceStatus = (typeof PACE_STATUSES)[number];

export function paceStatus(seconds: number, target: number): PaceStatus {
  if (seconds <= target) return 'within';
  return seconds <= 2 * target ? 'over' : 'far_over';
}

export interface PacingSummary {
  /** Questions with a pace (Verbal and Quant). */
  paced: number;
  /** Of those, the ones over their target, far over included. */
  over: number;
  /** Of those, the ones more than twice over their target. */
  farOver: number;
  /** Mean seconds per paced question, whole seconds; null when none is paced. */
  meanSeconds: number | null;
}

/** The pacing of a set of questions: how many ran over and the mean time of the paced ones. */
export function pacingSummary(items: readonly { category: number; seconds: number }[]): PacingSummary {
  let paced = 0;
  let over = 0;
  let farOver = 0;
  let total = 0;
  for (const i of items) {
    const target = pacingTarget(i.category);
    if (target === null) continue;
    paced += 1;
    total += i.seconds;
    const status = paceStatus(i.seconds, target);
    if (status !== 'within') over += 1;
    if (status === 'far_over') farOver += 1;
  }
  return { paced, over, farOver, meanSeconds: paced > 0 ? Math.round(total / paced) : null };
}
