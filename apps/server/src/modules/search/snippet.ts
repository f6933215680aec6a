import { escapeRegExp } from '@gre/contracts';
import { plainMath } from './math-text.js';

/** Characters of context a snippet keeps before its first match, and its whole length. */
const BEFORE = 40;
const LENGTH = 160;

export type Range = [number, number];

/** A query as the search matches it: lower-cased terms, whitespace-separated, duplicates and contained terms dropped. */
export function queryTerms(q: string): string[] {
  const raw = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))];
  // 'econ economy' needs only 'economy' to hold; a term inside another adds nothing but index work.
  return raw.filter((t) => !raw.some((o) => o !== t && o.includes(t)));
}

/**
 * Every occurrence of any term in `text`, as sorted, disjoint [start, end) ranges (overlapping and touching ones
 * merged). Each term is its own case-insensitive regular expression, stepped one character at a time so overlapping
 * occurrences are all found; the `i` flag keeps the offsets those of the original text, which lower-casing it first
 * would not for every script.
 */
export function matchRanges(text: string, terms: string[]): Range[] {
  if (!text) return [];
  const found: Range[] = [];
  for (const term of terms) {
    if (!term) continue;
    const re = new RegExp(escapeRegExp(term), 'giu');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      found.push([m.index, m.index + m[0].length]);
      re.lastIndex = m.index + 1;
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Range[] = [];
  for (const [start, end] of found) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** Whitespace collapsed, so a snippet reads as one line and offsets are counted on what is shown. */
export function flatten(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A window of `text` (formulas as plain text) around its first match, with the ranges of every term inside it (offsets into the snippet,
 * including the leading '…' when the window does not start at the beginning), or null when no term occurs.
 */
export function snippetAround(rawText: string, terms: string[]): { snippet: string; highlights: Range[] } | null {
  const text = flatten(plainMath(rawText));
  const first = matchRanges(text, terms)[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - BEFORE);
  let end = Math.min(text.length, start + LENGTH);
  start = Math.max(0, Math.min(start, end - LENGTH));
  // Never cut a surrogate pair in half.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start]!)) start -= 1;
  if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end += 1;
  const head = start > 0 ? '…' : '';
  const snippet = `${head}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  return { snippet, highlights: matchRanges(snippet, terms) };
}
