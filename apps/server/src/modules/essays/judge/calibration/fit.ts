/**
 * Fitting the judge's linear model: ridge regression on standardised features (closed form, solved by Gaussian
 * elimination: a dozen features need no ML library), the penalty chosen by cross-validation grouped by writer inside
 * the training split, then the predictions stretched to the human scores' mean and spread on train — as e-rater's
 * models are scaled — since least squares alone pulls every essay towards the middle of the scale.
 */
import { FEATURE_NAMES, type FeatureName, type Features } from '../features.js';
import { rawScore, standardise, type JudgeModel } from '../model.js';

/**
 * Measures the model does not weigh: raw counts its log and rates stand for, and relevance and the degenerate-text
 * measures, which are rules (the corpus has one topic).
 */
const RULE_ONLY = new Set<FeatureName>([
  'words',
  'sentences',
  'relevance',
  'prompt_keywords',
  'shared_keywords',
  'prompt_overlap',
  'repetition',
  'non_latin_share',
]);

/** The features the model weighs, in FEATURE_NAMES order. */
export const MODEL_FEATURES: readonly FeatureName[] = FEATURE_NAMES.filter((f) => !RULE_ONLY.has(f));
export const CLIP_SD = 4;
export const LAMBDA_GRID = [0.3, 1, 3, 10, 30, 100, 300] as const;
export const CV_FOLDS = 5;

export interface Sample {
  features: Features;
  /** The human score on the GRE scale (unrounded). */
  target: number;
  /** Grouping for the cross-validation: samples of one group stay in one fold. */
  group: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};

/** Solves A·x = b (A square, symmetric positive definite here) by Gaussian elimination with partial pivoting. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('singular system');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f !== 0) for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Ridge regression of y on clipped standardised features: the linear model before any stretch. */
function ridge(samples: Sample[], features: readonly FeatureName[], lambda: number): JudgeModel {
  const cols = features.map((f) => samples.map((s) => s.features[f]));
  const means = cols.map(mean);
  const sds = cols.map((c) => sd(c) || 1);
  const scale = { mean: means, sd: sds, clip_sd: CLIP_SD };
  const z = samples.map((s) => features.map((f, k) => standardise(scale, k, s.features[f])));
  const y = samples.map((s) => s.target);
  const yMean = mean(y);
  // Centre the standardised columns again (clipping can move their mean) so the intercept stays unpenalised.
  const zMeans = features.map((_, k) => mean(z.map((row) => row[k]!)));
  const k = features.length;
  const a = Array.from({ length: k }, (_, i) =>
    Array.from({ length: k }, (_, j) =>
      z.reduce((acc, row) => acc + (row[i]! - zMeans[i]!) * (row[j]! - zMeans[j]!), i === j ? lambda : 0),
    ),
  );
  const b = Array.from({ length: k }, (_, i) =>
    z.reduce((acc, row, n) => acc + (row[i]! - zMeans[i]!) * (y[n]! - yMean), 0),
  );
  const coef = solve(a, b);
  return {
    features: [...features],
    mean: means,
    sd: sds,
    coef,
    intercept: yMean - coef.reduce((acc, c, i) => acc + c * zMeans[i]!, 0),
    clip_sd: CLIP_SD,
    band_half_width: 0,
    band_coverage: 0,
    ridge_lambda: lambda,
  };
}

/** Mean squared error of a penalty across folds that keep each group (writer) whole. */
export function crossValidatedError(samples: Sample[], features: readonly FeatureName[], lambda: number): number {
  const groups = [...new Set(samples.map((s) => s.group))].sort((a, b) => a - b);
  const foldOf = new Map(groups.map((g, i) => [g, i % CV_FOLDS]));
  let sum = 0;
  for (let fold = 0; fold < CV_FOLDS; fold++) {
    const train = samples.filter((s) => foldOf.get(s.group) !== fold);
    const test = samples.filter((s) => foldOf.get(s.group) === fold);
    const model = ridge(train, features, lambda);
    for (const s of test) sum += (rawScore(model, s.features) - s.target) ** 2;
  }
  return sum / samples.length;
}

/** Stretches a model so its predictions on `samples` have the targets' mean and standard deviation. */
function stretched(model: JudgeModel, samples: Sample[]): JudgeModel {
  const p = samples.map((s) => rawScore(model, s.features));
  const y = samples.map((s) => s.target);
  const scale = sd(p) === 0 ? 1 : sd(y) / sd(p);
  const shift = mean(y) - scale * mean(p);
  return { ...model, coef: model.coef.map((c) => c * scale), intercept: shift + scale * model.intercept };
}

export interface Fit {
  model: JudgeModel;
  /** Cross-validated mean squared error of each penalty tried. */
  cv: { lambda: number; mse: number }[];
}

/** Fits the model on the training samples: penalty by grouped cross-validation, then the stretch. */
export function fitModel(samples: Sample[], features: readonly FeatureName[] = MODEL_FEATURES): Fit {
  const cv = LAMBDA_GRID.map((lambda) => ({ lambda, mse: crossValidatedError(samples, features, lambda) }));
  const best = cv.reduce((a, b) => (b.mse < a.mse ? b : a));
  return { model: stretched(ridge(samples, features, best.lambda), samples), cv };
}
