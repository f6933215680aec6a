import {
  DEFAULT_WORD_BOOK_NAME,
  WORD_BOOK_MAX_WORDS,
  WORD_BOOKS_MAX,
  type CallRequest,
  type CallResponse,
  type WordBookBrief,
  type wordCalls,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { wordIndex } from '../questions/index.js';
import { recordWordsAdded } from '../summary/index.js';
import { cleanText } from '../users/index.js';
import type { Tx } from '@gre/db';
import {
  bookCounts,
  copyEntries,
  countBooks,
  countMissing,
  deleteEntries,
  deleteOwnBook,
  insertBook,
  insertBookIfAbsent,
  insertEntries,
  listBooks,
  listEntries,
  lockBookByName,
  lockBookSet,
  lockOwnBook,
  lockOwnBooks,
  setSimple,
  wordsInBook,
  type BookCounts,
  type WordBookRow,
} from './words.repository.js';

type WordDeps = Pick<Deps, 'database' | 'clock' | 'uow'>;

export function toBrief(row: WordBookRow, counts: BookCounts): WordBookBrief {
  return {
    id: row.id,
    name: row.name,
    word_count: counts.words,
    simple_count: counts.simple,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A word as sent → the key it is stored under: the headword of the dictionary entry the click-a-word popover shows
 * for it (trimmed; `Abandon`, `abandoned,` → abandon; went → go), so the popover and the word book always agree.
 * Case is folded by the look-up itself rather than up front: lower-casing first would file "AIDS" under "aid".
 * Null when no entry or form matches, and for a compound read by its parts (the popover adds those one by one).
 */
export async function headwordOf(word: string): Promise<string | null> {
  const trimmed = word.trim();
  if (!trimmed) return null;
  return (await wordIndex()).headwordOf(trimmed);
}

/** Delete and mark address stored words: the headword when the dictionary knows the word, else the word as sent, trimmed. */
async function storedKeyOf(word: string): Promise<string> {
  return (await headwordOf(word)) ?? word.trim();
}

/** Spec §4 word infos: every book with its headwords, in two queries whatever the number of books. */
export async function getAllWords(deps: WordDeps, actor: Actor): Promise<CallResponse<typeof wordCalls.getAll>> {
  const { db } = deps.database;
  const [books, entries] = await Promise.all([listBooks(db, actor.user.id), listEntries(db, actor.user.id)]);
  const byBook = new Map<number, { word: string; simple: boolean }[]>(books.map((b) => [b.id, []]));
  for (const e of entries) byBook.get(e.bookId)?.push({ word: e.word, simple: e.simple });
  return {
    books: books.map((b) => {
      const words = byBook.get(b.id) ?? [];
      return { ...toBrief(b, { words: words.length, simple: words.filter((w) => w.simple).length }), words };
    }),
  };
}

function refusePastBookCap(books: number): void {
  if (books >= WORD_BOOKS_MAX) {
    throw new AppError('conflict', `at most ${WORD_BOOKS_MAX} word books`, `最多只能有 ${WORD_BOOKS_MAX} 个生词本`);
  }
}

function refusePastWordCap(words: number): void {
  if (words > WORD_BOOK_MAX_WORDS) {
    throw new AppError(
      'conflict',
      `a word book holds at most ${WORD_BOOK_MAX_WORDS} words`,
      `一个生词本最多 ${WORD_BOOK_MAX_WORDS} 个单词`,
    );
  }
}

const noSuchBook = () => new AppError('not_found', 'no such word book');

/** The learner's book by id (not_found for another learner's), or the default book, made on first use; locked either way. */
async function lockTargetBook(tx: Tx, userId: number, bookId: number | undefined): Promise<WordBookRow> {
  if (bookId !== undefined) {
    const own = await lockOwnBook(tx, userId, bookId);
    if (!own) throw noSuchBook();
    return own;
  }
  const existing = await lockBookByName(tx, userId, DEFAULT_WORD_BOOK_NAME);
  if (existing) return existing;
  await lockBookSet(tx, userId);
  refusePastBookCap(await countBooks(tx, userId));
  await insertBookIfAbsent(tx, userId, DEFAULT_WORD_BOOK_NAME);
  const made = await lockBookByName(tx, userId, DEFAULT_WORD_BOOK_NAME);
  if (!made) throw new Error('default word book vanished after insert');
  return made;
}

/**
 * Adds words as their headwords. Unknown words are skipped and listed rather than refusing the call: a list pasted
 * from anywhere should keep what the dictionary knows. An add that would take the book past its cap is refused whole.
 */
export async function addWords(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.addWords>,
): Promise<CallResponse<typeof wordCalls.addWords>> {
  const words: string[] = [];
  const unknown: string[] = [];
  for (const raw of body.words) {
    const head = await headwordOf(raw);
    if (head === null) unknown.push(raw.trim());
    else if (!words.includes(head)) words.push(head);
  }
  return withUnitOfWork(deps, async ({ tx }) => {
    const book = await lockTargetBook(tx, actor.user.id, body.book_id);
    const present = await wordsInBook(tx, book.id, words);
    const fresh = words.filter((w) => !present.has(w));
    const before = await bookCounts(tx, book.id);
    refusePastWordCap(before.words + fresh.length);
    const added = await insertEntries(tx, book.id, fresh);
    // Today's summary counts the words a learner collects; the same transaction, so a refused add counts nothing.
    await recordWordsAdded(tx, actor.user.id, added, deps.clock.now());
    return { book: toBrief(book, { words: before.words + added, simple: before.simple }), added, words, unknown };
  });
}

export async function deleteWords(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.delete>,
): Promise<CallResponse<typeof wordCalls.delete>> {
  const keys = [...new Set(await Promise.all(body.words.map(storedKeyOf)))];
  return withUnitOfWork(deps, async ({ tx }) => {
    const book = await lockTargetBook(tx, actor.user.id, body.book_id);
    const removed = await deleteEntries(tx, book.id, keys);
    return { book: toBrief(book, await bookCounts(tx, book.id)), removed };
  });
}

export async function markSimple(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.markSimple>,
): Promise<CallResponse<typeof wordCalls.markSimple>> {
  const key = await storedKeyOf(body.word);
  return withUnitOfWork(deps, async ({ tx }) => {
    const book = await lockTargetBook(tx, actor.user.id, body.book_id);
    if (!(await setSimple(tx, book.id, key, body.simple)))
      throw new AppError('not_found', 'the word is not in this book');
    return { book: toBrief(book, await bookCounts(tx, book.id)), word: key, simple: body.simple };
  });
}

/**
 * An empty book. The name is cleaned like other one-line fields (controls and bidi overrides dropped, spaces folded)
 * before the bounds and uniqueness apply, so two names that look alike are one name.
 */
export async function createBook(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.createBook>,
): Promise<CallResponse<typeof wordCalls.createBook>> {
  const name = cleanText(body.name).replace(/\s+/g, ' ');
  if (!name) throw new AppError('invalid_input', 'name: empty once cleaned', '请填写生词本名称');
  return withUnitOfWork(deps, async ({ tx }) => {
    await lockBookSet(tx, actor.user.id);
    refusePastBookCap(await countBooks(tx, actor.user.id));
    const made = await insertBook(tx, actor.user.id, name);
    if (!made) throw new AppError('conflict', 'a word book of this name exists', `已有名为“${name}”的生词本`);
    return { book: toBrief(made, { words: 0, simple: 0 }) };
  });
}

/** Another learner's book and an unknown id answer alike (not_found), so ids reveal nothing. */
export async function deleteBook(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.deleteBook>,
): Promise<CallResponse<typeof wordCalls.deleteBook>> {
  return withUnitOfWork(deps, async ({ tx }) => {
    await lockBookSet(tx, actor.user.id);
    if (!(await deleteOwnBook(tx, actor.user.id, body.book_id))) throw noSuchBook();
    return { deleted: true };
  });
}

/**
 * `from` into `into`, both the learner's, in one transaction: the cap is checked on the words actually new to `into`,
 * the words move without repeats (a simple mark on either side survives), then `from` goes.
 */
export async function mergeBooks(
  deps: WordDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.merge>,
): Promise<CallResponse<typeof wordCalls.merge>> {
  // The contract refuses the same id twice; a service called from elsewhere gets the same answer.
  if (body.from_id === body.into_id) throw new AppError('invalid_input', 'into_id: two different books');
  return withUnitOfWork(deps, async ({ tx }) => {
    await lockBookSet(tx, actor.user.id);
    const books = await lockOwnBooks(tx, actor.user.id, [body.from_id, body.into_id]);
    const into = books.find((b) => b.id === body.into_id);
    if (books.length !== 2 || !into) throw noSuchBook();
    const before = await bookCounts(tx, into.id);
    refusePastWordCap(before.words + (await countMissing(tx, body.from_id, into.id)));
    const moved = await copyEntries(tx, body.from_id, into.id);
    await deleteOwnBook(tx, actor.user.id, body.from_id);
    return { book: toBrief(into, await bookCounts(tx, into.id)), moved };
  });
}
