import { DIFFICULTIES } from '../enums.js';
import type { ContentPassage, ContentQuestion } from './question.js';
import { parseRichText } from './rich-text.js';

/**
 * Rules that hold the bank as a whole (issue 19, "Checks that hold the bank"), beside the per-question rules of
 * consistency.ts: each kind's difficulty mix, reading explanations that cite their passage, Issue prompts with a
 * sample essay, and data-interpretation sets.
 */
export const BANK_RULES = {
  /** Each difficulty's share of a kind (of at least `mixFrom` questions) stays within these bounds. */
  mix: { min: 0.2, max: 0.5, mixFrom: 20 },
  /** A citation is a quoted run of at least this many English words found in the passage. */
  citationWords: 3,
  /** The marker that starts an Issue prompt's sample essay in its explanation (the web's /idea splits there). */
  sampleMarker: '**范文（5–6 分）**',
  sampleWords: 300,
  /** Each quant topic's share of the quant questions (the test's four areas, data analysis a little ahead). */
  topics: { min: 0.15, max: 0.4 },
} as const;

/** Arithmetic, algebra, geometry and data analysis in about the test's proportions: none under 15 % or over 40 %. */
export function checkTopicMix(questions: { category: number; topic?: string | null | undefined }[]): string[] {
  const quant = questions.filter((q) => q.category === 3);
  const n = quant.length;
  if (n === 0) return [];
  const problems: string[] = [];
  for (const topic of ['arithmetic', 'algebra', 'geometry', 'data_analysis']) {
    const share = quant.filter((q) => q.topic === topic).length / n;
    if (share < BANK_RULES.topics.min || share > BANK_RULES.topics.max)
      problems.push(`topic mix: ${topic} is ${Math.round(share * 100)}% of the quant questions, want 15–40%`);
  }
  return problems;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/;

/**
 * No control character but the line break in any text of a question: a tab, form feed or bell in content is LaTeX
 * written through a string escape (`\times` → tab + "imes", `\frac` → form feed + "rac"), and the import refuses most.
 */
export function checkTextCharacters(q: unknown): string[] {
  const problems: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') {
      const m = CONTROL.exec(v);
      if (m)
        problems.push(
          `${path}: control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} (a LaTeX backslash lost to a string escape?) near '${v.slice(Math.max(0, m.index - 12), m.index + 12)}'`,
        );
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}/${k}`);
  };
  walk(q, '');
  return problems;
}

/**
 * No prose between two dollar signs: `$…$` is a formula, so a stem with two bare prices ("$12 … $15") shows the words
 * between them as garbled math. A formula holding three English words (outside \text{}) or Chinese is such a slip;
 * a price is written `\$12`, or `$\$12$` inside a formula.
 */
export function checkMathSegments(
  q: Pick<ContentQuestion, 'inquiry' | 'quantity_a' | 'quantity_b' | 'analysis' | 'input_method'>,
): string[] {
  const fields: [string, string][] = [
    ['inquiry', q.inquiry],
    ['quantity_a', q.quantity_a ?? ''],
    ['quantity_b', q.quantity_b ?? ''],
    ['analysis', q.analysis.text],
    ...q.input_method.option_groups.flatMap((g, gi) =>
      g.options.map((o): [string, string] => [`option ${gi + 1}${o.key}`, o.text]),
    ),
  ];
  const problems: string[] = [];
  for (const [field, text] of fields)
    for (const para of parseRichText(text))
      for (const inline of para.inlines) {
        if (inline.t !== 'math') continue;
        const bare = inline.tex
          .replace(/\\(?:text|mathrm|textbf|operatorname)\{[^}]*\}/g, '')
          .replace(/\\[A-Za-z]+/g, '');
        const words = bare.match(/(?<![A-Za-z])[A-Za-z]{3,}(?![A-Za-z])/g) ?? [];
        if (words.length >= 3 || /[\u4e00-\u9fff]/.test(bare))
          problems.push(
            `${field}: text reads as a formula between two dollar signs ('${inline.tex.slice(0, 40)}'); write a price as \\$12`,
          );
      }
  return problems;
}

/** Each kind's difficulty shares within BANK_RULES.mix: about a third each, a real hard tier, no kind lopsided. */
export function checkDifficultyMix(questions: Pick<ContentQuestion, 'kind' | 'difficulty'>[]): string[] {
  const byKind = new Map<string, Map<string, number>>();
  for (const q of questions) {
    const m = byKind.get(q.kind) ?? new Map<string, number>();
    m.set(q.difficulty, (m.get(q.difficulty) ?? 0) + 1);
    byKind.set(q.kind, m);
  }
  const { min, max, mixFrom } = BANK_RULES.mix;
  const problems: string[] = [];
  for (const [kind, m] of byKind) {
    const n = [...m.values()].reduce((a, b) => a + b, 0);
    if (n < mixFrom) continue;
    for (const d of DIFFICULTIES) {
      const share = (m.get(d) ?? 0) / n;
      if (share < min || share > max)
        problems.push(
          `difficulty mix: ${kind} has ${m.get(d) ?? 0} ${d} of ${n} (${Math.round(share * 100)}%), want ${min * 100}–${max * 100}%`,
        );
    }
  }
  return problems;
}

const normalise = (s: string) =>
  s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\*\*/g, '').replace(/\s+/g, ' ').toLowerCase().trim();

/** Quoted English runs of an explanation ("…" or “…”), each split at an ellipsis into the pieces it joins. */
export function quotedRuns(text: string): string[] {
  const runs = [...text.matchAll(/["“]([^"“”\n]+)["”]/g)].map((m) => m[1]!);
  return runs
    .flatMap((r) => r.split(/\s*(?:\.\.\.|…)\s*/))
    .map((r) => r.trim().replace(/^[,;:.\s]+|[,;:.\s]+$/g, ''))
    .filter((r) => (r.match(/[A-Za-z]+/g) ?? []).length >= BANK_RULES.citationWords && !/[\u4e00-\u9fff]/.test(r));
}

/** A reading explanation quotes, word for word, at least one run of its passage (so its evidence exists). */
export function checkReadingCitation(
  q: Pick<ContentQuestion, 'category' | 'analysis'>,
  passage: Pick<ContentPassage, 'text'> | undefined,
): string[] {
  if (q.category !== 2 || !passage) return [];
  const text = normalise(passage.text);
  const runs = quotedRuns(q.analysis.text);
  if (runs.some((r) => text.includes(normalise(r)))) return [];
  return [
    runs.length
      ? `explanation quotes nothing that is in the passage (first quote: "${runs[0]!.slice(0, 60)}")`
      : 'explanation must quote the passage sentence that decides the answer, in English between quotation marks',
  ];
}

/** An Issue prompt's explanation holds its idea outline and, after the marker, a sample essay of some length. */
export function checkIssueSample(q: Pick<ContentQuestion, 'kind' | 'analysis'>): string[] {
  if (q.kind !== 'issue') return [];
  const at = q.analysis.text.indexOf(BANK_RULES.sampleMarker);
  if (at < 0) return [`Issue prompt needs a sample essay after '${BANK_RULES.sampleMarker}'`];
  const words = (q.analysis.text.slice(at).match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g) ?? []).length;
  return words < BANK_RULES.sampleWords
    ? [`sample essay has ${words} words, at least ${BANK_RULES.sampleWords}`]
    : at === 0
      ? ['Issue prompt needs its idea outline before the sample essay']
      : [];
}

/**
 * Data-interpretation sets: quant questions (not comparisons) reading the same data display, an SVG shared by every
 * question of the set. Returns the sets of at least `size` questions.
 */
export function dataInterpretationSets(
  questions: Pick<ContentQuestion, 'id' | 'category' | 'kind' | 'topic' | 'media'>[],
  size = 3,
): string[][] {
  const bySvg = new Map<string, string[]>();
  for (const q of questions) {
    if (q.category !== 3 || q.kind === 'qc' || q.topic !== 'data_analysis') continue;
    for (const m of q.media) if (m.kind === 'svg') bySvg.set(m.svg, [...(bySvg.get(m.svg) ?? []), q.id]);
  }
  return [...bySvg.values()].filter((ids) => ids.length >= size);
}
