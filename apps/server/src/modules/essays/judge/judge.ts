/**
 * The built-in essay judge: an Issue essay scored 0–6 in half points from measured features by the calibrated linear
 * model (weights.json), degenerate input held to 0 or 1 by rules, a band as wide as the measured agreement with
 * human raters, and Chinese comments on the rubric's dimensions. Pure and synchronous: no database, no network, the
 * same result for the same input.
 */
import { flagText, SUMMARY } from './comments.zh.js';
import { degenerateFlags, scoreCap } from './degenerate.js';
import { analyseEssay } from './features.js';
import type { JudgeInput, JudgeResult } from './judge-types.js';
import { contributions, MODEL_MAX, rawScore, SHIPPED_MODEL, toHalfPoints, type JudgeModel } from './model.js';
import { dimensionComments } from './rubric.js';

const clampScore = (x: number) => Math.max(0, Math.min(MODEL_MAX, x));

/** The band around a model score: ± the calibrated half-width, within the 0–6 scale. */
export function bandOf(score: number, model: JudgeModel = SHIPPED_MODEL): { low: number; high: number } {
  return { low: clampScore(score - model.band_half_width), high: clampScore(score + model.band_half_width) };
}

/** Judges one essay. Any string is accepted; none makes it throw or work past its caps. */
export function judgeEssay(input: JudgeInput, model: JudgeModel = SHIPPED_MODEL): JudgeResult {
  const analysis = analyseEssay(String(input.essay), input.prompt, input.gre);
  const { features } = analysis;
  const flags = degenerateFlags(features, analysis.essay.truncated);
  const cap = scoreCap(flags);
  const judgedWords = analysis.essay.words.length;
  const flagLines = flags.map((f) => flagText(f, judgedWords));

  if (cap === 0) {
    return {
      score: 0,
      band: { low: 0, high: 0 },
      flags,
      summary: [SUMMARY.degenerate(0), ...flagLines].join(''),
      dimensions: [],
      features,
      contributions: {},
      judged_words: judgedWords,
    };
  }
  const modelScore = toHalfPoints(rawScore(model, features));
  // A capped essay's band runs from 0 to the cap: the rules say what it cannot be, not exactly what it is.
  const score = cap === null ? modelScore : Math.min(cap, modelScore);
  const band = cap === null ? bandOf(score, model) : { low: 0, high: cap };
  const summary = cap === null ? SUMMARY.scored(score, band.low, band.high) : SUMMARY.degenerate(score);
  return {
    score,
    band,
    flags,
    summary: [summary, ...flagLines].join(''),
    dimensions: dimensionComments(analysis),
    features,
    contributions: cap === null ? contributions(model, features) : {},
    judged_words: judgedWords,
  };
}
