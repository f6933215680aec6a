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

/** GRE-list frequency bands on /word: band 1 holds the words met most often in running text. */
export const GRE_BANDS = 5;
/** Longest name of a word book. */
export const WORD_BOOK_NAME_MAX = 20;
/** Most words of a book one details page carries. */
export const WORD_DETAILS_PAGE_MAX = 50;
/** Most bank sentences shown per word. */
export const WORD_EXAMPLES_MAX = 5;

/** One example of a word in the bank: the sentence of a stem or passage where it occurs, and the question. */
export const wordExampleSchema = z.object({
  question_id: z.string(),
  sentence: z.string(),
  /** Where the word (in the form used) stands in the sentence: [start, end) in UTF-16 code units. */
  highlight: z.tuple([z.number().int(), z.number().int()]),
});
export type WordExample = z.infer<typeof wordExampleSchema>;

/** A word with everything the word book page shows. */
export const wordDetailSchema = z.object({
  word: z.string(),
  simple: z.boolean(),
  phonetic: z.string(),
  /** Chinese senses, our GRE sense first ('[GRE] …' lines are not used: `gre_senses` lists those). */
  senses: z.array(z.string()),
  gre_senses: z.array(z.string()),
  /** English definition lines. */
  definition: z.array(z.string()),
  /** Inflected forms: past, plural, comparative, … with the form. */
  forms: z.array(z.object({ kind: z.string(), word: z.string() })),
  /** Words the bank's explanations and sentence-equivalence pairs give as synonyms / antonyms. */
  synonyms: z.array(z.string()),
  antonyms: z.array(z.string()),
  examples: z.array(wordExampleSchema).max(WORD_EXAMPLES_MAX),
  /** Frequency band 1–5 when the word is on the GRE list, null otherwise. */
  band: z.number().int().nullable(),
  /** Whether the learner has mastered it in a deck (it is in long-term review). */
  mastered: z.boolean(),
});
export type WordDetail = z.infer<typeof wordDetailSchema>;

/** A word the learner looked up in a question, with the sentence it came from. */
export const wordMetSchema = z.object({
  word: z.string(),
  question_id: z.string(),
  sentence: z.string(),
  count: z.number().int(),
  last_stamp: z.number().int(),
});
export type WordMet = z.infer<typeof wordMetSchema>;

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
  createBook: defineCall({
    path: '/api/word/create_book',
    auth: 'user',
    summary: `Makes an empty word book (at most ${WORD_BOOKS_MAX}); a name the learner already uses is \`conflict\``,
    request: z.strictObject({ name: str(WORD_BOOK_NAME_MAX, 1) }),
    response: z.object({ book: wordBookBriefSchema }),
  }),
  deleteBook: defineCall({
    path: '/api/word/delete_book',
    auth: 'user',
    summary: 'Deletes one of the learner’s word books with its words',
    request: z.strictObject({ book_id: idSchema }),
    response: z.object({ deleted: z.boolean() }),
  }),
  merge: defineCall({
    path: '/api/word/merge',
    auth: 'user',
    summary:
      'Moves every word of one of the learner’s books into another (no duplicates; a simple mark survives) and deletes the first',
    request: z
      .strictObject({ from_id: idSchema, into_id: idSchema })
      .refine((r) => r.from_id !== r.into_id, { message: 'two different books', path: ['into_id'] }),
    response: z.object({ book: wordBookBriefSchema, moved: z.number().int() }),
  }),
  getDetailsByBook: defineCall({
    path: '/api/word/get_details_by_book',
    auth: 'user',
    summary:
      'A page of one of the learner’s word books (newest first) with each word’s senses, forms, synonyms, antonyms and bank sentences',
    request: z.strictObject({
      book_id: idSchema,
      page: z.number().int().min(1).max(1000).default(1),
      page_size: z.number().int().min(1).max(WORD_DETAILS_PAGE_MAX).default(20),
    }),
    response: z.object({ book: wordBookBriefSchema, words: z.array(wordDetailSchema), total: z.number().int() }),
  }),
  bands: defineCall({
    path: '/api/word/bands',
    auth: 'user',
    summary: 'The GRE list in frequency bands: how many words each holds and how many the learner has mastered',
    request: emptySchema,
    response: z.object({
      bands: z.array(z.object({ band: z.number().int(), count: z.number().int(), mastered: z.number().int() })),
    }),
  }),
  met: defineCall({
    path: '/api/word/met',
    auth: 'user',
    summary: 'The words the learner looked up in questions, latest first, each with the sentence it came from',
    request: z.strictObject({ page: z.number().int().min(1).max(1000).default(1) }),
    response: z.object({ items: z.array(wordMetSchema), total: z.number().int() }),
  }),
};
