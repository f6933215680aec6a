import { passageSentences } from '@gre/contracts';

/** How a stem's `{{n}}` blank reads in a sentence shown outside its question. */
const BLANK = '____';
/** Longest sentence kept with a word met; a longer one is cut to a window around the word. */
export const MET_SENTENCE_MAX = 400;

/** What a question shows to read: its stem and, for reading questions, the passage. */
export interface QuestionText {
  inquiry: string;
  passage: { text: string; sentences: string[] | null } | null;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const tokens = (sentence: string): Token[] =>
  [...sentence.matchAll(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));

/** A word as clicked ('“Mitigates,”', "Darwin's") reduced to its letters, lower case. */
function bareForm(clicked: string): string {
  return clicked
    .trim()
    .replace(/[’‘]/g, "'")
    .replace(/^[^A-Za-z]+/, '')
    .replace(/[^A-Za-z]+$/, '')
    .replace(/'s$/i, '')
    .toLowerCase();
}

/** At most MET_SENTENCE_MAX characters of the sentence around [start, end), cut at spaces, an ellipsis where cut. */
function window(sentence: string, start: number, end: number): string {
  if (sentence.length <= MET_SENTENCE_MAX) return sentence;
  const size = MET_SENTENCE_MAX - 2; // room for the two ellipses
  let from = Math.max(0, start - Math.floor((size - (end - start)) / 2));
  let to = Math.min(sentence.length, from + size);
  from = Math.max(0, to - size);
  if (from > 0) {
    const space = sentence.indexOf(' ', from);
    if (space !== -1 && space < start) from = space + 1;
  }
  if (to < sentence.length) {
    const space = sentence.lastIndexOf(' ', to);
    if (space >= end) to = space;
  }
  return `${from > 0 ? '…' : ''}${sentence.slice(from, to).trim()}${to < sentence.length ? '…' : ''}`;
}

/**
 * The sentence of a question's passage or stem where the clicked word stands: the form as clicked first, else any
 * token that files under the same headword (`keyOf`); the passage is read before the stem. Null when neither holds the
 * word — a word clicked in an option or an explanation is not kept, since there is no sentence of the question to
 * show with it. The client never sends a sentence: this is the only place one comes from.
 */
export function sentenceWith(
  q: QuestionText,
  clicked: string,
  headword: string,
  keyOf: (token: string) => string | null,
): string | null {
  const sentences = [
    ...(q.passage ? passageSentences({ text: q.passage.text, sentences: q.passage.sentences ?? undefined }) : []),
    ...passageSentences({ text: q.inquiry.replace(/\{\{\s*\d+\s*\}\}/g, BLANK) }),
  ];
  const form = bareForm(clicked);
  const split = sentences.map((s) => ({ s, tokens: tokens(s) }));
  const matches: ((t: Token) => boolean)[] = [
    (t) => t.text.toLowerCase() === form || t.text.toLowerCase().split(/['’-]/).includes(form),
    (t) => keyOf(t.text) === headword,
  ];
  for (const test of matches) {
    for (const { s, tokens: ts } of split) {
      const hit = form ? ts.find(test) : undefined;
      if (hit) return window(s, hit.start, hit.end);
    }
  }
  return null;
}
