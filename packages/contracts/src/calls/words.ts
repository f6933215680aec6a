import { z } from 'zod';
import { arr, emptySchema, idSchema, str } from '../common.js';
import { defineCall } from '../define.js';

/** The book "加入生词本" fills when no book is named: made on the learner's first add. */
export const DEFAULT_WORD_BOOK_NAME = '我的生词本';
/** Most headwords one word book holds; an add that would pass it is refused whole (`conflict`). */
export const WORD_BOOK_MAX_WORDS = 10_000;
/** Most word books one learner has; making one more is refused (`conflict`). */
export const WORD_BOOKS_MAX = 50;
/** Most words one add or delete call carries. */
export const WORD_BATCH_MAX = 200;
/** Longest word (or phrase) a call accepts; the same bound as `/api/word/lookup`. */
export const WORD_MAX_LENGTH = 64;

/** A word as sent: the server trims and lower-cases it, and add_words resolves it to its headword (went → go). */
const wordInputSchema = str(WORD_MAX_LENGTH, 1);

/** A word book without its words: what add, delete and mark answer so the client can patch its copy. */
export const wordBookBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  word_count: z.number().int(),
  /** Words marked "too easy" (`/api/word/mark_simple`). */
  simple_count: z.number().int(),
  created_at: z.string(),
});
export type WordBookBrief = z.infer<typeof wordBookBriefSchema>;

/** One headword of a book (stored lower-case) and the learner's "too easy" mark. */
export const wordEntrySchema = z.object({ word: z.string(), simple: z.boolean() });
export type WordEntry = z.infer<typeof wordEntrySchema>;

/** Spec §4 "word infos": every book of the learner with all its headwords, loaded once a session. */
export const wordInfosSchema = z.object({
  books: z.array(wordBookBriefSchema.extend({ words: z.array(wordEntrySchema) })),
});
export type WordInfos = z.infer<typeof wordInfosSchema>;

export const wordCalls = {
  getAll: defineCall({
    path: '/api/word/get_all',
    auth: 'user',
    summary: "The learner's word books, oldest first, each with its headwords (newest first) and their simple marks",
    request: emptySchema,
    response: wordInfosSchema,
  }),
  addWords: defineCall({
    path: '/api/word/add_words',
    auth: 'user',
    summary: `Adds words to a book (default: ${DEFAULT_WORD_BOOK_NAME}, made on first use) as their dictionary headwords; unknown words are skipped and listed`,
    request: z.strictObject({
      words: arr(wordInputSchema, WORD_BATCH_MAX).min(1),
      /** One of the learner's books; another learner's or an unknown id is `not_found`. */
      book_id: idSchema.optional(),
    }),
    response: z.object({
      book: wordBookBriefSchema,
      /** How many headwords were new to the book. */
      added: z.number().int(),
      /** Every headword the request resolved to, in request order without repeats: the new ones and those already there. */
      words: z.array(z.string()),
      /** Words as sent that no dictionary entry or inflected form matches; nothing was stored for them. */
      unknown: z.array(z.string()),
    }),
  }),
  delete: defineCall({
    path: '/api/word/delete',
    auth: 'user',
    summary: 'Removes headwords from one of the learner’s books; words not in it are ignored',
    request: z.strictObject({ book_id: idSchema, words: arr(wordInputSchema, WORD_BATCH_MAX).min(1) }),
    response: z.object({ book: wordBookBriefSchema, removed: z.number().int() }),
  }),
  markSimple: defineCall({
    path: '/api/word/mark_simple',
    auth: 'user',
    summary:
      'Marks a headword of one of the learner’s books as too easy, or clears the mark; a word not in the book is `not_found`',
    request: z.strictObject({ book_id: idSchema, word: wordInputSchema, simple: z.boolean() }),
    response: z.object({ book: wordBookBriefSchema, word: z.string(), simple: z.boolean() }),
  }),
};
