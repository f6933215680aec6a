import { wordAnswerSchema, type Answer } from '../calls/question-view.js';
import type { ContentQuestion } from './question.js';

type Gradable = Pick<ContentQuestion, 'input_method' | 'standard_answer'>;

/** A decimal exactly: `units` / 10^`scale` ("-1.25" is -125 / 10^2). */
export interface Decimal {
  units: bigint;
  scale: number;
}

/**
 * Parses a numeric entry the way the test reads it — optional sign, digits, one decimal point, thousands commas
 * allowed — exactly: an entry may hold more digits than a double keeps, and grading must not round them away.
 */
export function parseDecimal(raw: string): Decimal | null {
  const s = raw.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || !/\d/.test(s)) return null;
  const [, sign, whole = '', fraction = ''] = m;
  const units = BigInt(`${whole}${fraction}` || '0');
  return { units: sign ? -units : units, scale: fraction.length };
}

/** The entry as a number, for display and sorting; grading compares `parseDecimal`'s exact values. */
export function parseNumericEntry(raw: string): number | null {
  const d = parseDecimal(raw);
  return d ? Number(`${d.units}e-${d.scale}`) : null;
}

const TEN = 10n;
/** Two decimals are equal: their units compared at a common scale. */
const sameDecimal = (a: Decimal, b: Decimal) => a.units * TEN ** BigInt(b.scale) === b.units * TEN ** BigInt(a.scale);

/** An entry that is a whole number, as a bigint ("4.0" is 4); null otherwise. */
function wholeEntry(raw: string): bigint | null {
  const d = parseDecimal(raw);
  if (!d) return null;
  const unit = TEN ** BigInt(d.scale);
  return d.units % unit === 0n ? d.units / unit : null;
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/**
 * Whether an answer is fully right. No partial credit (GRE rules): every blank of a text completion, both words of a
 * sentence equivalence, every choice of a multi-select. Numeric entry accepts any equal value ("48" = "48.0");
 * fractions accept any equivalent fraction of whole numbers (they need not be reduced), never a zero denominator.
 * Both compare exactly, in integers of any size: no tolerance, so "1.2500000000000000001" is not 1.25.
 */
export function isCorrect(q: Gradable, a: Answer): boolean {
  const sa = q.standard_answer;
  switch (q.input_method.kind) {
    case 'SingleOption':
    case 'OneBoxFill':
    case 'TwoBoxFill':
    case 'ThreeBoxFill':
    case 'SelectSentence':
      return a.selects.length === sa.selects.length && sa.selects.every((k, i) => a.selects[i] === k);
    case 'MultiSelect':
    case 'SixChooseTwo':
      return sameSet(a.multi_selects, sa.multi_selects);
    case 'TextFill': {
      const given = parseDecimal(a.text);
      const want = parseDecimal(sa.text);
      return given !== null && want !== null && sameDecimal(given, want);
    }
    case 'Fraction': {
      const [n, d, wn, wd] = [a.text, a.text2, sa.text, sa.text2].map(wholeEntry);
      if (n == null || d == null || wn == null || wd == null || d === 0n || wd === 0n) return false;
      // n/d = wn/wd exactly when the cross products agree (both denominators are non-zero).
      return n * wd === wn * d;
    }
    case 'Essay':
    case 'Word':
      return false;
  }
}

/**
 * Essays and word cards are never right or wrong: they stay out of correct counts, kind stats and community figures.
 * Shared by grading a section and the summaries built from graded items, so both count the same items.
 */
export const isGradable = (kind: string): boolean => kind !== 'Essay' && kind !== 'Word';

/** Whether the learner gave any answer at all (drives the Answered / NotAnswered state). */
export function isAnswered(kind: Gradable['input_method']['kind'], a: Answer): boolean {
  switch (kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return a.multi_selects.length > 0;
    case 'TextFill':
      return a.text.trim() !== '';
    case 'Fraction':
      return a.text.trim() !== '' || a.text2.trim() !== '';
    case 'Essay':
      return a.essay.trim() !== '';
    case 'Word':
      return a.selects.some((s) => s !== '');
    default:
      return a.selects.some((s) => s !== '');
  }
}

type OptionGroups = ContentQuestion['input_method']['option_groups'];
type AnswerField = 'selects' | 'multi_selects' | 'text' | 'text2' | 'essay';

/** What a numeric or fraction entry box may hold while the learner types: digits, sign, point, commas, spaces. */
const ENTRY_CHARS = /^[-+0-9., ]*$/;
/** A SelectSentence answer names a sentence by its 0-based index. */
const SENTENCE_INDEX = /^(0|[1-9]\d{0,2})$/;
const OPTION_KEY = /^[A-I]$/;

/**
 * Whether an answer has the shape its input kind takes (the exam refuses anything else as invalid_input before
 * saving it): only the fields the kind uses are filled, box fills name at most one key per blank (an empty string is
 * a blank not filled yet), multi-selects name each key once, a word card answers know or unknown. With the
 * question's `option_groups` the keys must also be options of the right column; without them any option-like key
 * 'A'–'I' passes. With `sentences`, the passage's sentence count, a SelectSentence index must name one of them.
 */
export function answerFits(
  kind: Gradable['input_method']['kind'],
  a: Answer,
  groups?: OptionGroups | null,
  sentences?: number | null,
): boolean {
  const only = (...used: AnswerField[]) =>
    (['selects', 'multi_selects', 'text', 'text2', 'essay'] as const).every(
      (f) => used.includes(f) || a[f].length === 0,
    );
  const isOption = (column: number, key: string) =>
    OPTION_KEY.test(key) && (!groups || groups[column]?.options.some((o) => o.key === key) === true);
  const boxes = (max: number) =>
    only('selects') &&
    a.selects.length <= Math.min(max, groups?.length ?? max) &&
    a.selects.every((k, i) => k === '' || isOption(i, k));
  switch (kind) {
    case 'SingleOption':
    case 'OneBoxFill':
      return boxes(1);
    case 'TwoBoxFill':
      return boxes(2);
    case 'ThreeBoxFill':
      return boxes(3);
    case 'SelectSentence':
      return (
        only('selects') &&
        a.selects.length <= 1 &&
        a.selects.every((k) => k === '' || (SENTENCE_INDEX.test(k) && (sentences == null || Number(k) < sentences)))
      );
    case 'MultiSelect':
    case 'SixChooseTwo':
      return (
        only('multi_selects') &&
        new Set(a.multi_selects).size === a.multi_selects.length &&
        a.multi_selects.every((k) => isOption(0, k))
      );
    case 'TextFill':
      return only('text') && ENTRY_CHARS.test(a.text);
    case 'Fraction':
      return only('text', 'text2') && ENTRY_CHARS.test(a.text) && ENTRY_CHARS.test(a.text2);
    case 'Essay':
      return only('essay');
    case 'Word':
      return wordAnswerSchema.safeParse(a).success;
  }
}
