import { z } from 'zod';

/**
 * Essay scores and how two judges' scores become the one the learner sees (issue 17). The Analytical Writing scale is
 * 0–6 in half points. The built-in judge always scores; an OpenAI-compatible model may score too; a teacher's score
 * replaces both.
 */

/** The ETS Issue rubric's dimensions every judge comments on, in the rubric's order: 立场, 论证, 例证, 结构, 语言. */
export const ESSAY_DIMENSIONS = ['position', 'reasoning', 'examples', 'organisation', 'language'] as const;
export type EssayDimension = (typeof ESSAY_DIMENSIONS)[number];

export const ESSAY_SCORE_MAX = 6;

/** How an essay's judging reads to its learner: an Empty essay that was written (allowance used up) is Unjudged. */
export type EssayShownState = 'Empty' | 'Unjudged' | 'Judging' | 'Finished' | 'Failed';
export const essayShownState = (status: Exclude<EssayShownState, 'Unjudged'>, written: boolean): EssayShownState =>
  status === 'Empty' && written ? 'Unjudged' : status;

/** An Analytical Writing score: 0–6 in half points. */
export const essayScoreSchema = z.number().min(0).max(ESSAY_SCORE_MAX).multipleOf(0.5);

export function isEssayScore(value: unknown): value is number {
  return essayScoreSchema.safeParse(value).success;
}

/**
 * The nearest half point, halves going up (4.25 → 4.5, 4.75 → 5): ETS rounds an averaged Analytical Writing score up
 * to the next half point. Clamped to the scale.
 */
export function roundEssayScore(value: number): number {
  const rounded = Math.floor(value * 2 + 0.5) / 2;
  return Math.min(ESSAY_SCORE_MAX, Math.max(0, rounded));
}

/**
 * The largest gap between the built-in and the model judge that still averages. ETS reports the mean of a human and
 * e-rater only while they closely agree and sends the essay to another reader otherwise; here a teacher is that
 * reader.
 */
export const ESSAY_DISCREPANCY_MAX = 1;

/** Each judge's score, null when that judge did not score (not configured, failed, no teacher yet). */
export interface EssayScores {
  machine: number | null;
  model: number | null;
  teacher: number | null;
}

/**
 * Where the reported score comes from: the teacher; the mean of the two agreeing judges; one judge alone (the other
 * did not score, or they disagreed and the built-in judge's score stands until a teacher grades).
 */
export type EssayScoreSource = 'teacher' | 'agreed' | 'machine' | 'model';

export interface CombinedEssayScore {
  /** 0–6 in half points; null when nobody scored. */
  score: number | null;
  source: EssayScoreSource | null;
  /** The judges disagree by more than ESSAY_DISCREPANCY_MAX and no teacher has graded it yet. */
  needsTeacher: boolean;
  /** |machine − model| when both scored, else null; kept after a teacher grades, for the queue's history. */
  discrepancy: number | null;
}

/**
 * The score to report. A teacher's score wins. Two judges within ESSAY_DISCREPANCY_MAX of each other report their
 * mean rounded to the half point; further apart, the essay is flagged for a teacher and the built-in judge's score is
 * reported — never an average that would hide the disagreement. One judge alone reports its own score.
 * Throws RangeError on a score off the 0–6 half-point scale: a caller's bug, not a learner's input.
 */
export function combineEssayScores(scores: EssayScores): CombinedEssayScore {
  for (const [judge, score] of Object.entries(scores)) {
    if (score !== null && !isEssayScore(score)) {
      throw new RangeError(`The ${judge} score ${String(score)} is not 0–6 in half points`);
    }
  }
  const { machine, model, teacher } = scores;
  const discrepancy = machine !== null && model !== null ? Math.abs(machine - model) : null;
  if (teacher !== null) return { score: teacher, source: 'teacher', needsTeacher: false, discrepancy };
  if (machine !== null && model !== null) {
    if (discrepancy! <= ESSAY_DISCREPANCY_MAX) {
      return { score: roundEssayScore((machine + model) / 2), source: 'agreed', needsTeacher: false, discrepancy };
    }
    return { score: machine, source: 'machine', needsTeacher: true, discrepancy };
  }
  if (machine !== null) return { score: machine, source: 'machine', needsTeacher: false, discrepancy };
  if (model !== null) return { score: model, source: 'model', needsTeacher: false, discrepancy };
  return { score: null, source: null, needsTeacher: false, discrepancy };
}
