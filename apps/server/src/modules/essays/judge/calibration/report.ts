/**
 * docs/essay-judge.md, written whole from a calibration report: every figure in it comes from the run (and every
 * threshold from the constant the judge uses), so the test can re-run the calibration and compare the file.
 */
import { fileURLToPath } from 'node:url';
import {
  GIBBERISH_PER_100,
  NON_LATIN_SHARE,
  OFF_TOPIC_MIN_KEYWORDS,
  PROMPT_COPY_SHARE,
  REPEAT_SHARE,
  TOO_SHORT_WORDS,
} from '../degenerate.js';
import { MAX_WORDS } from '../text.js';
import type { CalibrationReport, Comparison } from './calibrate.js';
import { BAND_COVERAGE } from './calibrate.js';
import { CORPUS_FILE } from './corpus.js';
import { CLIP_SD, CV_FOLDS } from './fit.js';

/** Where the calibration writes: the weights the judge loads, and the doc. */
export const WEIGHTS_FILE = fileURLToPath(new URL('../weights.json', import.meta.url));
export const DOC_FILE = fileURLToPath(new URL('../../../../../../../docs/essay-judge.md', import.meta.url));

const f3 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** A threshold as a whole percent where it is one (30 %, not 30.0 %). */
const pct0 = (x: number) => `${Number((x * 100).toFixed(1))} %`;

function table(rows: Comparison[], scale: 'gre' | 'corpus'): string[] {
  const out = [
    '| pair | essays | exact | within ±0.5 | within ±1 | QWK | Pearson r |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const a = r[scale];
    out.push(
      `| ${r.label} | ${a.n} | ${pct(a.exact)} | ${pct(a.within_half)} | ${pct(a.within_one)} | ${f3(a.qwk)} | ${f3(a.pearson)} |`,
    );
  }
  return out;
}

export function renderReport(r: CalibrationReport): string {
  const m = r.model;
  const heldOutGre = r.held_out.map((c) => c.gre);
  const machineVsRaters = heldOutGre.slice(0, 2);
  const ceiling = heldOutGre[3]!;
  // Within ±t: the band table's shares, so the summary and the table print the same figure.
  const within = (t: number) => r.band_coverage.find((c) => c.half_width === t)!.share;
  const avg = (k: 'exact' | 'qwk') => (machineVsRaters[0]![k] + machineVsRaters[1]![k]) / 2;
  const lines = [
    '# The built-in essay judge',
    '',
    'Written by `npm run essay:calibrate -w apps/server` (`apps/server/src/modules/essays/judge/calibration/`); do not',
    'edit it by hand: `calibration.test.ts` re-runs the calibration and fails when this file differs from what it',
    'computes. The fitted weights are in `apps/server/src/modules/essays/judge/weights.json`, which the judge loads.',
    '',
    '## In short',
    '',
    `On ${r.split.held_out_essays} held-out essays by ${r.split.held_out_writers} writers the judge agreed with a single human rater (the mean of`,
    'its agreement with each of the two) exactly',
    `${pct(avg('exact'))} of the time, within ±0.5 ${pct(within(0.5))} and within ±1 ${pct(within(1))} (QWK ${f3(avg('qwk'))});`,
    `the two human raters agreed with each other exactly ${pct(ceiling.exact)}, within ±0.5 ${pct(ceiling.within_half)} and within ±1`,
    `${pct(ceiling.within_one)} (QWK ${f3(ceiling.qwk)}) on the same essays. Adjacent agreement is reported both ways on the GRE`,
    'scale: **±0.5** (the neighbouring half point) and **±1** (ETS\'s "adjacent" on its whole-point scale).',
    `The judge therefore shows every score as a band of ±${m.band_half_width}: the narrowest half-width that held a single`,
    `rater's score for at least ${pct0(BAND_COVERAGE)} of the held-out essays.`,
    '',
    'These are small numbers on one topic; read the limits below before quoting them.',
    '',
    '## How the judge scores',
    '',
    `1. **Reading.** The essay is plain text (never parsed as HTML). The first ${MAX_WORDS} words are judged; the rest is`,
    '   flagged `truncated`. Words, sentences and paragraphs keep their offsets, so comments highlight what they mean.',
    '2. **Features.** Length (log of the word count), paragraphs, sentence length and its spread, MATTR (type–token',
    '   ratio over 50-word windows), word length, advanced GRE words (the shipped list less 中考/高考/CET-4 words, by',
    '   headword), cohesion devices (transition words and phrases), stance, reasoning, example and concession',
    '   markers, spelling (`nspell` with the SCOWL en_US dictionary of `dictionary-en`) and grammar heuristics',
    '   (doubled words, a/an, subject–verb pairs, "could of", sentence-initial lower case, spacing, run-ons), and',
    '   relevance to the prompt (its keywords and outline shared by the essay).',
    `3. **Model.** A ridge regression on the standardised features (clipped to ±${CLIP_SD} SD, so an essay unlike the corpus`,
    `   cannot swing the score on one feature), the penalty chosen by ${CV_FOLDS}-fold cross-validation grouped by writer`,
    "   inside the training split, then stretched so its training predictions have the human scores' mean and spread",
    '   (least squares alone pulls every essay towards the middle). The result is rounded to the nearest half point',
    '   within 1–6.',
    "4. **Rules.** Degenerate input never reaches the model's scale:",
    `   - 0: empty; not English (over ${pct0(NON_LATIN_SHARE)} of letters outside the Latin script, or over ${GIBBERISH_PER_100} misspellings per 100`,
    `     words); the prompt pasted back (at least ${pct0(PROMPT_COPY_SHARE)} of the essay's word trigrams are the prompt's).`,
    `   - at most 1: under ${TOO_SHORT_WORDS} words; repeated text (at least ${pct0(REPEAT_SHARE)} of its 8-word sequences seen earlier`,
    `     in it); off topic (no keyword shared with a prompt that has at least ${OFF_TOPIC_MIN_KEYWORDS}).`,
    '5. **Comments.** One Chinese comment per ETS Issue dimension (立场, 论证, 例证, 结构, 语言) with a level, the',
    '   sentences or words it refers to and the figures it used; the levels come from plain thresholds on the',
    '   features (`rubric.ts`), not from the model.',
    '',
    '## The calibration corpus',
    '',
    `\`content/${CORPUS_FILE}\`: ArgRewrite V.2 (Kashefi et al., 2022, *Language Resources & Evaluation*,`,
    'https://doi.org/10.1007/s10579-021-09567-z), CC BY 4.0; attribution and what was changed are in',
    `\`content/essays/README.md\`. ${r.corpus.essays} essays by ${r.corpus.writers} university students (three drafts each) arguing for or`,
    'against self-driving cars from a provided reading, each scored by two raters on ten analytic traits of 1–4.',
    '',
    "**Mapping to the GRE scale.** There is no validated mapping between this analytic 1–4 rubric and ETS's",
    "holistic 0–6 Issue rubric. The judge uses the corpus README's linear rescale, `gre = 1 + (score − 1) · 5/3`",
    '(1 → 1, 2.5 → 3.5, 4 → 6), which keeps the order and the spread and nothing more; human scores are rounded to',
    'the nearest half point after mapping. The model is fitted to the mapped mean of the two raters. GRE 0 has no',
    "counterpart in the corpus and comes from the rules only. The same pairs are also given on the corpus's own scale",
    "(1–4 rounded to 0.5, as its README reports them; the machine's half-point score mapped back).",
    '',
    `**Split.** By writer, never by essay: a writer is held out when the first byte of sha256('argrewrite-writer:<n>')`,
    `is below ${r.split.held_out_share} · 256, so all three drafts of a writer fall on one side. Train: ${r.split.train_essays} essays by`,
    `${r.split.train_writers} writers; held out: ${r.split.held_out_essays} essays by ${r.split.held_out_writers} writers.`,
    '',
    '## Agreement on the held-out essays',
    '',
    'GRE scale (half points):',
    '',
    ...table(r.held_out, 'gre'),
    '',
    "The corpus's own scale (1–4, bins of 0.5):",
    '',
    ...table(r.held_out, 'corpus'),
    '',
    'Held-out first drafts only (one essay per writer, so no two essays share a writer), GRE scale:',
    '',
    ...table(r.held_out_draft1, 'gre'),
    '',
    'The two raters over the whole corpus (the ceiling the corpus README reports), on both scales:',
    '',
    ...table([{ ...r.corpus_raters, label: `${r.corpus_raters.label}, GRE scale` }], 'gre'),
    ...table([{ ...r.corpus_raters, label: `${r.corpus_raters.label}, corpus scale` }], 'corpus').slice(2),
    '',
    'Machine scores given to the held-out essays:',
    '',
    `| score | ${Object.keys(r.held_out_scores).join(' | ')} |`,
    `|---|${Object.keys(r.held_out_scores)
      .map(() => '---|')
      .join('')}`,
    `| essays | ${Object.values(r.held_out_scores).join(' | ')} |`,
    '',
    '## The band',
    '',
    `Share of held-out essays whose single-rater score (either rater, averaged) lies within ± each half-width of the`,
    `machine's score. The judge reports score ± the narrowest half-width reaching ${pct0(BAND_COVERAGE)}, clamped to 0–6.`,
    '',
    '| half-width | share |',
    '|---|---|',
    ...r.band_coverage.map(
      (c) => `| ±${c.half_width} | ${pct(c.share)}${c.half_width === m.band_half_width ? ' ← used' : ''} |`,
    ),
    '',
    '## The fitted model',
    '',
    `Ridge penalty λ = ${m.ridge_lambda} (${CV_FOLDS}-fold grouped cross-validation, mean squared error on the GRE scale:`,
    `${r.cv.map((c) => `λ ${c.lambda}: ${f3(c.mse)}`).join(', ')}). Intercept ${f3(m.intercept)}. A weight is GRE points per standard`,
    'deviation of its feature on the training essays.',
    '',
    '| feature | training mean | training SD | weight |',
    '|---|---|---|---|',
    ...m.features.map((name, k) => `| ${name} | ${f3(m.mean[k]!)} | ${f3(m.sd[k]!)} | ${f3(m.coef[k]!)} |`),
    '',
    '## Limits',
    '',
    '- **Agreement is modest, and so is the ceiling.** The two human raters themselves agree only as in the table; no',
    '  scorer can be shown to do better than that on this corpus, and the held-out set is small, so each figure moves',
    '  by several points with a few essays.',
    '- **Features, not meaning.** The judge measures how an essay is written, not whether its argument is sound or',
    "  true; a fluent essay with weak ideas can score well, which is why a teacher's score overrides it.",
    '- **Off topic is caught only when nothing is shared.** An essay on another subject that happens to use one of',
    "  the prompt's keywords reaches the model and is scored on its writing alone.",
    '- **One topic.** Every essay argues about self-driving cars, so relevance to the prompt cannot be fitted or',
    '  tested here: it acts only through the off-topic rule and the 立场 comment.',
    '- **Not GRE essays.** Revised, source-based college essays of 400–1,150 words, not 30-minute Issue responses',
    '  (often 300–600 words). Shorter essays lie outside the training range; the model extrapolates on log length',
    `  within ±${CLIP_SD} SD, and the rules take over under ${TOO_SHORT_WORDS} words.`,
    '- **A narrow range.** Few essays map below 2 or above 5 on the GRE scale; scores at the ends are least supported.',
    '- **The mapping is a convenience.** A different, equally defensible mapping would move every figure above.',
    '- **Heuristics.** The spell checker does not know every proper or technical word (it accepts the GRE list, the',
    "  look-up list and the prompt's words besides its dictionary); the grammar checks catch common slips only.",
    '- **Drafts are not independent.** Three drafts per writer; the first-draft table is the independent view.',
    '',
  ];
  return lines.join('\n');
}
