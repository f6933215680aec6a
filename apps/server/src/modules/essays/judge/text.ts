/**
 * The essay as words, sentences and paragraphs, each with its place in the original string (UTF-16 offsets, half-open
 * [start, end)), so a comment can highlight exactly what it speaks of. Everything is plain string scanning: the essay is
 * never parsed as HTML or anything else, and only a bounded prefix is read (MAX_WORDS / MAX_CHARS), so a
 * 100,000-character paste costs the same as a long essay.
 */
// Words are the contracts' ESSAY_WORD (don't, self-driving, 21st): what every screen counts is what is judged.
import { ESSAY_WORD } from '@gre/contracts';

/** Words judged at most: three times a long 30-minute Issue essay; the rest is flagged `truncated`, not read. */
export const MAX_WORDS = 2000;
/** Characters read at most, for text with few word breaks (a paste of symbols, CJK text). */
export const MAX_CHARS = 20_000;

export interface Span {
  start: number;
  end: number;
}

export interface Word extends Span {
  text: string;
  lower: string;
  /** Index of the sentence the word belongs to. */
  sentence: number;
}

export interface Sentence extends Span {
  /** Index of its paragraph. */
  paragraph: number;
  /** Index of its first word in `words`, and how many words it has. */
  firstWord: number;
  wordCount: number;
}

export interface EssayText {
  /** The prefix that was judged. */
  text: string;
  /** True when words beyond the prefix were left unread. */
  truncated: boolean;
  words: Word[];
  sentences: Sentence[];
  paragraphs: Span[];
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'no',
  'jr',
  'sr',
  'inc',
  'co',
  'approx',
  'a.m',
  'p.m',
]);

/** The end of the judged prefix: after the MAX_WORDS-th word, and never past MAX_CHARS. */
function judgedLength(essay: string): number {
  const head = essay.slice(0, MAX_CHARS);
  let count = 0;
  for (const m of head.matchAll(ESSAY_WORD)) {
    count++;
    if (count === MAX_WORDS) return m.index + m[0].length;
  }
  return head.length;
}

/** Paragraphs: blocks between blank lines, or between line breaks when the writer never left a blank line. */
function findParagraphs(text: string): Span[] {
  const splitter = /\n[ \t\r\f\v]*\n/.test(text) ? /\n[ \t\r\f\v]*\n\s*/g : /\n\s*/g;
  const spans: Span[] = [];
  let from = 0;
  const push = (start: number, end: number) => {
    const chunk = text.slice(start, end);
    const lead = chunk.length - chunk.trimStart().length;
    const trail = chunk.length - chunk.trimEnd().length;
    if (chunk.trim() !== '') spans.push({ start: start + lead, end: end - trail });
  };
  for (const m of text.matchAll(splitter)) {
    push(from, m.index);
    from = m.index + m[0].length;
  }
  push(from, text.length);
  return spans;
}

/** Does a full stop after this word end a sentence? Not after an abbreviation or a single initial (J. S. Mill). */
function endsSentence(text: string, dot: number): boolean {
  const before = /([A-Za-z.]+)$/.exec(text.slice(Math.max(0, dot - 12), dot))?.[1] ?? '';
  const word = before.toLowerCase().replace(/^\.+/, '');
  if (ABBREVIATIONS.has(word)) return false;
  if (/^[A-Z]$/.test(before)) return false;
  return true;
}

/** Sentences inside one paragraph: ends at . ! ? (with closing quotes or brackets) before a space or the end. */
function sentencesOf(text: string, para: Span): Span[] {
  const spans: Span[] = [];
  let start = para.start;
  // Matched inside the paragraph's own slice, so no scan runs past its end.
  for (const m of text.slice(para.start, para.end).matchAll(/[.!?]+["'”’)\]]*(?=\s|$)/g)) {
    const at = para.start + m.index;
    const end = at + m[0].length;
    if (m[0] === '.' && !endsSentence(text, at)) continue;
    if (text.slice(start, end).trim() !== '') spans.push({ start, end });
    start = end;
    while (start < para.end && /\s/.test(text[start]!)) start++;
  }
  if (start < para.end && text.slice(start, para.end).trim() !== '') spans.push({ start, end: para.end });
  return spans;
}

/** Reads the judged prefix of an essay into words, sentences and paragraphs. */
export function readEssay(essay: string): EssayText {
  const cut = judgedLength(essay);
  const text = essay.slice(0, cut);
  const truncated = essay.slice(cut).trim() !== '';
  const paragraphs = findParagraphs(text);
  const sentences: Sentence[] = [];
  const words: Word[] = [];
  paragraphs.forEach((para, p) => {
    for (const span of sentencesOf(text, para)) {
      const sentence: Sentence = { ...span, paragraph: p, firstWord: words.length, wordCount: 0 };
      for (const m of text.slice(span.start, span.end).matchAll(ESSAY_WORD)) {
        const start = span.start + m.index;
        const word = m[0].replace(/’/g, "'");
        words.push({
          start,
          end: start + m[0].length,
          text: word,
          lower: word.toLowerCase(),
          sentence: sentences.length,
        });
      }
      sentence.wordCount = words.length - sentence.firstWord;
      sentences.push(sentence);
    }
  });
  return { text, truncated, words, sentences, paragraphs };
}

/** The words of one sentence. */
export function wordsOf(essay: EssayText, sentence: Sentence): Word[] {
  return essay.words.slice(sentence.firstWord, sentence.firstWord + sentence.wordCount);
}
