import { DIFFICULTIES } from '../enums.js';
import { BOOK_ACCESS, BOOK_PAGE_KINDS, isHiddenBook, type ContentBook } from './book.js';
import { QUESTION_KINDS, type ContentPassage, type ContentQuestion } from './question.js';

/**
 * The least the shipped content holds (issue 3, "Original content"): per question kind, per area, passages, Issue
 * prompts, GRE words, books of every bank page and access kind, and complete mocks. `checkMinimums` fails the content
 * check, and with it `npm test`, as soon as a count drops below one of these.
 */
export const CONTENT_MINIMUMS = {
  kinds: {
    tc1: 15,
    tc2: 15,
    tc3: 15,
    se: 30,
    qc: 35,
    mc_single: 35,
    mc_multi: 20,
    numeric: 20,
    fraction: 10,
    issue: 20,
  },
  /** Each reading kind at least once: single answer, select all that apply, select in passage. */
  readingKinds: QUESTION_KINDS.reading,
  reading: 45,
  verbal: 120,
  quant: 120,
  passages: 12,
  words: 7504,
  mocks: 2,
  /** Each difficulty holds at least this share of the verbal and of the quant questions. */
  difficultyShare: 0.25,
} as const;

/** Two stems are near-duplicates when their word-trigram Jaccard similarity reaches this; shorter stems are skipped. */
export const NEAR_DUPLICATE_STEMS = { similarity: 0.8, minWords: 6 } as const;

export interface ShippedContent {
  questions: ContentQuestion[];
  passages: ContentPassage[];
  books: ContentBook[];
  /** Rows of the GRE word list. */
  words: number;
}

/** Every minimum the content falls short of, as a readable problem (empty when it meets them all). */
export function checkMinimums(c: ShippedContent): string[] {
  const problems: string[] = [];
  const need = (what: string, have: number, least: number) =>
    have < least && problems.push(`minimum: ${what} ${have}, at least ${least}`);
  const count = (test: (q: ContentQuestion) => boolean) => c.questions.filter(test).length;

  for (const [kind, least] of Object.entries(CONTENT_MINIMUMS.kinds))
    need(
      `${kind} questions`,
      count((q) => q.kind === kind),
      least,
    );
  for (const kind of CONTENT_MINIMUMS.readingKinds)
    need(
      `${kind} questions`,
      count((q) => q.kind === kind),
      1,
    );
  need(
    'reading questions',
    count((q) => q.category === 2),
    CONTENT_MINIMUMS.reading,
  );
  need('passages', c.passages.length, CONTENT_MINIMUMS.passages);
  for (const kind of ['short', 'long'] as const)
    need(`${kind} passages`, c.passages.filter((p) => p.kind === kind).length, 1);
  need('GRE words', c.words, CONTENT_MINIMUMS.words);

  const areas = {
    verbal: (q: ContentQuestion) => q.category === 1 || q.category === 2,
    quant: (q: ContentQuestion) => q.category === 3,
  };
  for (const [area, inArea] of Object.entries(areas)) {
    const total = count(inArea);
    need(`${area} questions`, total, CONTENT_MINIMUMS[area as keyof typeof areas]);
    for (const d of DIFFICULTIES)
      need(
        `${area} ${d} questions`,
        count((q) => inArea(q) && q.difficulty === d),
        Math.ceil(total * CONTENT_MINIMUMS.difficultyShare),
      );
  }

  const listed = c.books.filter((b) => !isHiddenBook(b));
  for (const kind of BOOK_PAGE_KINDS) need(`listed ${kind} books`, listed.filter((b) => b.kind === kind).length, 1);
  need('season books with an unlock date', c.books.filter((b) => b.kind === 'season' && b.unlock_date).length, 1);
  need('mock books', c.books.filter((b) => b.kind === 'mock').length, CONTENT_MINIMUMS.mocks);
  for (const access of BOOK_ACCESS)
    need(`books with access ${access}`, c.books.filter((b) => b.access === access).length, 1);
  need(
    'underground questions',
    count((q) => q.visibility === 'underground'),
    1,
  );
  return problems;
}
