import type { Answer } from '../calls/question-view.js';
import type { ContentQuestion } from './question.js';

type Gradable = Pick<ContentQuestion, 'input_method' | 'standard_answer'>;

/** Parses a numeric entry the way the test reads it: optional sign, digits, one decimal point, thousands commas allowed. */
export function parseNumericEntry(raw: string): number | null {
  const s = raw.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/**
 * Whether an answer is fully right. No partial credit (GRE rules): every blank of a text completion, both words of a
 * sentence equivalence, every choice of a multi-select. Numeric entry accepts any equal value ("48" = "48.0");
 * fractions accept any equivalent fraction (they need not be reduced), never a zero denominator.
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
      const given = parseNumericEntry(a.text);
      const want = parseNumericEntry(sa.text);
      return given !== null && want !== null && Math.abs(given - want) < 1e-9;
    }
    case 'Fraction': {
      const [n, d] = [parseNumericEntry(a.text), parseNumericEntry(a.text2)];
      const [wn, wd] = [Number(sa.text), Number(sa.text2)];
      if (n === null || d === null || d === 0 || !Number.isInteger(n) || !Number.isInteger(d)) return false;
      return n * wd === wn * d;
    }
    case 'Essay':
    case 'Word':
      return false;
  }
}

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
      return a.selects.length > 0 || a.text.trim() !== '';
    default:
      return a.selects.some((s) => s !== '');
  }
}

type OptionGroups = ContentQuestion['input_method']['option_groups'];
type AnswerField = 'selects' | 'multi_selects' | 'text' | 'text2' | 'essay';

/** What a numeric or fraction entry box may hold while the learner types: digits, sign, point, commas, spaces. */
const ENTRY_CHARS = /^[-+0-9., ]*$/;
/** A SelectSentence answer names a sentence by its 0-based index. */
const SENTENCE_INDEX = /^\d{1,3}$/;
const OPTION_KEY = /^[A-I]$/;

/**
 * Whether an answer has the shape its input kind takes (the exam refuses anything else as invalid_input before
 * saving it): only the fields the kind uses are filled, box fills name at most one key per blank (an empty string is
 * a blank not filled yet), multi-selects name each key once. With the question's `option_groups` the keys must also
 * be options of the right column; without them any option-like key 'A'–'I' passes.
 */
export function answerFits(kind: Gradable['input_method']['kind'], a: Answer, groups?: OptionGroups | null): boolean {
  const only = (...used: AnswerField[]) =>
    (['selects', 'multi_selects', 'text', 'text2', 'essay'] as const).every((f) => used.includes(f) || a[f].length === 0);
  const isOption = (column: number, key: string) =>
    OPTION_KEY.test(key) && (!groups || groups[column]?.options.some((o) => o.key === key) === true);
  const boxes = (max: number) =>
    only('selects') && a.selects.length <= Math.min(max, groups?.length ?? max) && a.selects.every((k, i) => k === '' || isOption(i, k));
  switch (kind) {
    case 'SingleOption':
    case 'OneBoxFill':
      return boxes(1);
    case 'TwoBoxFill':
      return boxes(2);
    case 'ThreeBoxFill':
      return boxes(3);
    case 'SelectSentence':
      return only('selects') && a.selects.length <= 1 && a.selects.every((k) => k === '' || SENTENCE_INDEX.test(k));
    case 'MultiSelect':
    case 'SixChooseTwo':
      return only('multi_selects') && new Set(a.multi_selects).size === a.multi_selects.length && a.multi_selects.every((k) => isOption(0, k));
    case 'TextFill':
      return only('text') && ENTRY_CHARS.test(a.text);
    case 'Fraction':
      return only('text', 'text2') && ENTRY_CHARS.test(a.text) && ENTRY_CHARS.test(a.text2);
    case 'Essay':
      return only('essay');
    case 'Word':
      return only('selects', 'text') && a.selects.length <= 1;
  }
}
