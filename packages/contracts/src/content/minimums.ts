import { DIFFICULTIES } from '../enums.js';
import { checkDifficultyMix, checkTopicMix, dataInterpretationSets } from './bank-rules.js';
import { BOOK_ACCESS, BOOK_PAGE_KINDS, isHiddenBook, type ContentBook } from './book.js';
import { QUESTION_KINDS, type ContentPassage, type ContentQuestion } from './question.js';

/**
 * The least the shipped content holds (issue 3, "Original content", raised by issue 19's content wave): per question
 * kind, per area, passages, Issue prompts, data-interpretation sets, GRE words, books of every bank page and access
 * kind, and complete mocks; each kind's difficulty mix (bank-rules.ts). `checkMinimums` fails the content
 * check, and with it `npm test`, as soon as a count drops below one of these.
 */
export const CONTENT_MINIMUMS = {
  kinds: {
    tc1: 60,
    tc2: 60,
    tc3: 60,
    se: 120,
    qc: 150,
    mc_single: 150,
    mc_multi: 70,
    numeric: 80,
    fraction: 30,
    issue: 60,
  },
  /** Each reading kind at least once: single answer, select all that apply, select in passage. */
  readingKinds: QUESTION_KINDS.reading,
  reading: 220,
  verbal: 520,
  quant: 520,
  passages: 55,
  /** One-paragraph argument passages (a single question: strengthen, weaken, assumption, explain, boldface). */
  argumentPassages: 12,
  /** Data-interpretation sets: three or more questions reading one table or chart. */
  dataSets: 15,
  words: 7504,
  mocks: 5,
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
  // The bank's own questions: the prevent diagnostic's underground items are reachable only through that book.
  const bank = c.questions.filter((q) => q.visibility !== 'underground');
  const count = (test: (q: ContentQuestion) => boolean) => bank.filter(test).length;

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
  const perPassage = new Map<string, number>();
  for (const q of c.questions) if (q.passage_id) perPassage.set(q.passage_id, (perPassage.get(q.passage_id) ?? 0) + 1);
  need(
    'argument passages',
    c.passages.filter((p) => p.kind === 'short' && perPassage.get(p.id) === 1).length,
    CONTENT_MINIMUMS.argumentPassages,
  );
  need('data-interpretation sets', dataInterpretationSets(bank).length, CONTENT_MINIMUMS.dataSets);
  problems.push(...checkDifficultyMix(bank));
  problems.push(...checkTopicMix(bank));
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
  need('underground questions', c.questions.length - bank.length, 1);
  return problems;
}
