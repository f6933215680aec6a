import { readFileSync } from 'node:fs';
import {
  checkBank,
  checkBookQuestions,
  checkMinimums,
  checkMockBook,
  type ContentBook,
  type ContentPassage,
  type ContentQuestion,
} from '@gre/contracts';
import { BANK_DIR, BOOKS_DIR, readBank, readBooks, withCalibration } from './bank.js';
import { checkMedia, MEDIA_DIR } from './check-media.js';

export const GRE_WORDS_FILE = new URL('../words/gre-words.csv', import.meta.url).pathname;

/** Data rows of an ECDICT list: one per CRLF line after the header (senses inside a field are the two characters \n). */
export function csvRows(file: string): number {
  return (
    readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '').length - 1
  );
}

export interface ContentCheck {
  problems: string[];
  questions: ContentQuestion[];
  passages: ContentPassage[];
  books: ContentBook[];
  bankFiles: number;
  bookFiles: number;
  mediaSummary: string;
}

/**
 * The whole check of the shipped content, as `npm run check -w content` and the content test run it: every bank and
 * book file against its schema, the bank-wide rules (checkBank), every book id in the bank, the rules between books
 * and questions (checkBookQuestions: prevent books), the mock rules, media/media.json and its files, and the
 * minimum counts (checkMinimums).
 */
export function checkContent(
  dirs: { bank?: string; books?: string; media?: string; words?: string } = {},
): ContentCheck {
  const bank = readBank(dirs.bank ?? BANK_DIR);
  const books = readBooks(dirs.books ?? BOOKS_DIR);
  const { questions, passages } = bank.items;
  const media = checkMedia(questions, dirs.media ?? MEDIA_DIR);
  const problems = [...bank.problems, ...books.problems, ...checkBank(questions, passages), ...media.problems];

  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const b of books.items) {
    for (const s of b.sections) {
      for (const id of s.question_ids)
        if (id.startsWith('q') && !byId.has(id)) problems.push(`${b.id}: question '${id}' is not in the bank`);
    }
  }
  // Word ids ('w…') are public word questions made from the GRE list.
  const visibilityOf = (id: string) => (id.startsWith('w') ? 'public' : byId.get(id)?.visibility);
  for (const p of checkBookQuestions(books.items, visibilityOf))
    problems.push(`${p.book}: sections/${p.section}/question_ids/${p.item}: ${p.message}`);
  // The mocks were placed by the calibrated difficulty where there is one, so they are checked by it too.
  const calibrated = new Map(withCalibration(questions).map((q) => [q.id, q]));
  for (const m of books.items.filter((b) => b.kind === 'mock')) problems.push(...checkMockBook(m, calibrated));
  problems.push(
    ...checkMinimums({ questions, passages, books: books.items, words: csvRows(dirs.words ?? GRE_WORDS_FILE) }),
  );
  return {
    problems,
    questions,
    passages,
    books: books.items,
    bankFiles: bank.files.length,
    bookFiles: books.files.length,
    mediaSummary: media.summary,
  };
}
