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
