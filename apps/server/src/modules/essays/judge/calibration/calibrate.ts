/**
 * The calibration run: features of every corpus essay, the model fitted on the training writers, and the held-out
 * writers judged by the full judge (rules included) and compared with each human rater, beside the two raters'
 * agreement with each other — the ceiling. Deterministic: the same corpus gives the same report.
 */
import { analyseEssay } from '../features.js';
import { judgeEssay } from '../judge.js';
import type { JudgeModel } from '../model.js';
import type { WordList } from '../word-list.js';
import { readCorpus, splitByWriter, fromGre, toGre, HELD_OUT_SHARE, type CorpusEssay } from './corpus.js';
import { fitModel, type Sample } from './fit.js';
import { agreement, agreementWithin, type Agreement } from './metrics.js';

/** The band must contain a single human rater's score for at least this share of held-out essays. */
export const BAND_COVERAGE = 0.8;
/** Half-widths tried for the band, narrowest first (GRE points). */
export const BAND_STEPS = [0.5, 1, 1.5, 2, 2.5, 3] as const;

export interface Comparison {
  label: string;
  gre: Agreement;
  /** The same pair on the corpus's own 1–4 scale, rounded to its 0.5 bins. */
  corpus: Agreement;
}

export interface CalibrationReport {
  corpus: { essays: number; writers: number };
  split: {
    held_out_share: number;
    train_essays: number;
    train_writers: number;
    held_out_essays: number;
    held_out_writers: number;
  };
  cv: { lambda: number; mse: number }[];
  model: JudgeModel;
  /** Held-out essays: the machine against each rater and their mean, and the raters against each other. */
  held_out: Comparison[];
  /** Held-out first drafts only: one essay per writer, so no pair of essays shares a writer. */
  held_out_draft1: Comparison[];
  /** The two raters over the whole corpus, as the corpus README reports them. */
  corpus_raters: Comparison;
  /** Share of held-out essays whose single-rater scores lie within ± each half-width of the machine's. */
  band_coverage: { half_width: number; share: number }[];
  /** Machine scores on the held-out essays: how often each half point was given. */
  held_out_scores: Record<string, number>;
}

const writers = (essays: CorpusEssay[]) => new Set(essays.map((e) => e.writer)).size;

function compare(label: string, a: number[], b: number[]): Comparison {
  return { label, gre: agreement(a, b), corpus: agreement(a.map(fromGre), b.map(fromGre)) };
}

function comparisons(essays: CorpusEssay[], machine: number[]): Comparison[] {
  const r1 = essays.map((e) => toGre(e.rater1_score));
  const r2 = essays.map((e) => toGre(e.rater2_score));
  const mean = essays.map((e) => toGre(e.score));
  return [
    compare('machine vs rater 1', machine, r1),
    compare('machine vs rater 2', machine, r2),
    compare('machine vs the raters’ mean', machine, mean),
    compare('rater 1 vs rater 2 (ceiling)', r1, r2),
  ];
}

/** The narrowest half-width whose band holds a single rater's score often enough; the widest tried otherwise. */
export function bandHalfWidth(coverage: { half_width: number; share: number }[]): number {
  return (coverage.find((c) => c.share >= BAND_COVERAGE) ?? coverage[coverage.length - 1]!).half_width;
}

export function runCalibration(list: WordList, dir?: string): CalibrationReport {
  const essays = readCorpus(dir);
  const { train, heldOut } = splitByWriter(essays);
  const samples: Sample[] = train.map((e) => ({
    features: analyseEssay(e.text, { text: e.prompt }, list).features,
    target: toGre(e.score),
    group: e.writer,
  }));
  const { model: fitted, cv } = fitModel(samples);

  const judge = (e: CorpusEssay, model: JudgeModel) =>
    judgeEssay({ essay: e.text, prompt: { text: e.prompt }, gre: list }, model).score;
  const machine = heldOut.map((e) => judge(e, fitted));
  const r1 = heldOut.map((e) => toGre(e.rater1_score));
  const r2 = heldOut.map((e) => toGre(e.rater2_score));
  const coverage = BAND_STEPS.map((t) => ({
    half_width: t,
    share: Math.round(((agreementWithin(machine, r1, t) + agreementWithin(machine, r2, t)) / 2) * 1000) / 1000,
  }));
  const model: JudgeModel = { ...fitted, band_half_width: bandHalfWidth(coverage), band_coverage: BAND_COVERAGE };

  const draft1 = heldOut.map((e, i) => ({ e, score: machine[i]! })).filter((x) => x.e.draft === 1);
  const scores: Record<string, number> = {};
  for (const s of [...machine].sort((a, b) => a - b)) scores[s.toFixed(1)] = (scores[s.toFixed(1)] ?? 0) + 1;
  return {
    corpus: { essays: essays.length, writers: writers(essays) },
    split: {
      held_out_share: HELD_OUT_SHARE,
      train_essays: train.length,
      train_writers: writers(train),
      held_out_essays: heldOut.length,
      held_out_writers: writers(heldOut),
    },
    cv,
    model,
    held_out: comparisons(heldOut, machine),
    held_out_draft1: comparisons(
      draft1.map((x) => x.e),
      draft1.map((x) => x.score),
    ),
    corpus_raters: compare(
      'rater 1 vs rater 2, all essays',
      essays.map((e) => toGre(e.rater1_score)),
      essays.map((e) => toGre(e.rater2_score)),
    ),
    band_coverage: coverage,
    held_out_scores: scores,
  };
}
