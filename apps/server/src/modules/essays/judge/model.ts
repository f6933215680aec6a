/**
 * The fitted scoring model: a linear model over standardised features, its weights written by the calibration
 * (`npm run essay:calibrate -w apps/server`) into weights.json and read here. The judge never fits anything itself.
 */
import { ESSAY_SCORE_MAX, roundEssayScore } from '@gre/contracts';
import { z } from 'zod';
import { FEATURE_NAMES, type Features } from './features.js';
import weightsJson from './weights.json' with { type: 'json' };

export const modelSchema = z.object({
  features: z.array(z.enum(FEATURE_NAMES)).min(1),
  mean: z.array(z.number()),
  sd: z.array(z.number().positive()),
  coef: z.array(z.number()),
  intercept: z.number(),
  /** Standardised features are clipped to ±clip_sd, so an essay unlike the corpus cannot swing the score alone. */
  clip_sd: z.number().positive(),
  /** Half-width of the band the judge reports (GRE points), from the held-out agreement. */
  band_half_width: z.number().min(0).max(6),
  /** The held-out share of single-rater scores the band had to contain. */
  band_coverage: z.number().min(0).max(1),
  ridge_lambda: z.number().min(0),
});
export type JudgeModel = z.infer<typeof modelSchema>;

/** The lowest and highest score the model gives; 0 is for the rules on degenerate essays only. */
export const MODEL_MIN = 1;
export const MODEL_MAX = ESSAY_SCORE_MAX;

export function parseModel(json: unknown): JudgeModel {
  const model = modelSchema.parse(json);
  const k = model.features.length;
  if (model.mean.length !== k || model.sd.length !== k || model.coef.length !== k)
    throw new Error('the judge model has a different number of features, means, deviations and weights');
  return model;
}

/** The model the calibration committed. */
export const SHIPPED_MODEL: JudgeModel = parseModel(weightsJson);

/** A feature standardised by the training corpus's mean and deviation, clipped. */
export function standardise(model: Pick<JudgeModel, 'mean' | 'sd' | 'clip_sd'>, k: number, value: number): number {
  const z = (value - model.mean[k]!) / model.sd[k]!;
  return Math.max(-model.clip_sd, Math.min(model.clip_sd, Number.isFinite(z) ? z : 0));
}

/** The unrounded GRE-scale score the model gives these features. */
export function rawScore(model: JudgeModel, features: Features): number {
  let score = model.intercept;
  model.features.forEach((name, k) => {
    score += model.coef[k]! * standardise(model, k, features[name]);
  });
  return score;
}

/** A raw score as the judge reports it: the nearest half point within MODEL_MIN–MODEL_MAX. */
export function toHalfPoints(raw: number): number {
  return Math.max(MODEL_MIN, Math.min(MODEL_MAX, roundEssayScore(Number.isFinite(raw) ? raw : MODEL_MIN)));
}

/** What each feature added to this essay's score (GRE points), for the result's figures and the comments. */
export function contributions(model: JudgeModel, features: Features): Partial<Record<keyof Features, number>> {
  const out: Partial<Record<keyof Features, number>> = {};
  model.features.forEach((name, k) => {
    out[name] = model.coef[k]! * standardise(model, k, features[name]);
  });
  return out;
}
