/**
 * Bank texts as sentences a learner can read on their own: blanks and formulas made plain, split at sentence ends,
 * and the words of each with their offsets. Pure functions, so the index and its tests share them.
 */

/** How a stem's `{{n}}` blank reads in a sentence shown outside its question. */
export const BLANK = '____';

const SYMBOLS: Record<string, string> = {
  times: '×',
  cdot: '·',
  div: '÷',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  pi: 'π',
  pm: '±',
  circ: '°',
  degree: '°',
  infty: '∞',
  approx: '≈',
  sqrt: '√',
  lt: '<',
  gt: '>',
  angle: '∠',
  triangle: '△',
};

/** One inline formula's TeX as a short plain reading: `\frac{a}{b}` → a/b, `\le` → ≤, braces and spacing dropped. */
function plainFormula(tex: string): string {
  let out = tex;
  for (let i = 0; i < 4 && /\\[dt]?frac/.test(out); i++)
    out = out.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '$1/$2');
  return out
    .replace(/\\(?:left|right|displaystyle|text|mathrm|,|;|!|quad)/g, ' ')
    .replace(/\\([A-Za-z]+)/g, (_m, name: string) => SYMBOLS[name] ?? name)
    .replace(/\\([%$&#_{} ])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stem or passage as plain text: blanks as BLANK, formulas as their plain reading, HTML-ish tags dropped. */
export function plainText(text: string): string {
  return text
    .replace(/\{\{\s*\d+\s*\}\}/g, BLANK)
    .replace(/\$\$?([^$]+)\$\$?/g, (_m, tex: string) => plainFormula(tex))
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .replace(/\\n/g, '\n');
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'no',
  'fig',
  'approx',
  'jr',
  'sr',
  'u.s',
  'ca',
]);

/**
 * The sentences of a plain text: a paragraph break always ends one; '.', '!' or '?' (with closing quotes or brackets)
 * ends one when a space and a capital, digit or opening quote follow, unless the word before is an abbreviation or
 * a single initial. Sentences come trimmed, empty ones dropped.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let start = 0;
    const ends = /[.!?]+["'”’)\]]*(?=\s+["'“‘([]?[A-Z0-9])/g;
    for (const m of paragraph.matchAll(ends)) {
      const before = /([A-Za-z.]+)\.$/.exec(paragraph.slice(start, m.index + 1));
      const word = before?.[1]?.toLowerCase() ?? '';
      if (m[0].startsWith('.') && (ABBREVIATIONS.has(word) || /^[A-Za-z]$/.test(word))) continue;
      out.push(paragraph.slice(start, m.index + m[0].length));
      start = m.index + m[0].length;
    }
    out.push(paragraph.slice(start));
  }
  return out.map((s) => s.trim().replace(/\s+/g, ' ')).filter((s) => /[A-Za-z]/.test(s));
}

/** The words of a sentence (letters only; a hyphen or apostrophe splits), with [start, end) offsets. */
export function wordsIn(sentence: string): { token: string; start: number; end: number }[] {
  return [...sentence.matchAll(/[A-Za-z]+/g)].map((m) => ({
    token: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}
