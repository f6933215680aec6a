import { z } from 'zod';
import { emptySchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { DIFFICULTIES } from '../enums.js';
import {
  bookIdSchema,
  INPUT_KINDS,
  MATH_TOPICS,
  QUESTION_KINDS,
  questionIdSchema,
  VISIBILITIES,
} from '../content/question.js';
import { questionViewSchema } from './question-view.js';

/** Most questions one `/api/question/get` or one filter page returns (a reading set or a practice page). */
export const QUESTION_PAGE_MAX = 50;

/**
 * A keyword search counts at most this many matches: past it the filter answers `capped` with this as `total`, and
 * its pages hold the first matches found (in list order). Counting every match of a common word would read every
 * question holding it; a learner narrows the keyword instead of paging through thousands.
 */
export const KEYWORD_MATCH_CAP = 500;

/** Every question kind of every category, for the filter's `kind`. */
export const ALL_QUESTION_KINDS = Object.values(QUESTION_KINDS).flat() as [string, ...string[]];

/** Filter categories: 0 is 'all' (every category but words, which have their own pages), then spec §3 numbers. */
export const filterCategorySchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** One line of a question list: enough to show, filter and open it, never its answer. */
export const questionBriefSchema = z.object({
  id: z.string(),
  category: z.number().int(),
  kind: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  topic: z.enum(MATH_TOPICS).nullable(),
  tag_ids: z.array(z.string()),
  visibility: z.enum(VISIBILITIES),
  /** One-line Chinese summary. */
  brief: z.string(),
  /** The opening of the stem with blanks shown as ____; empty when the viewer may not open the question. */
  preview: z.string(),
  /** False for locked questions an ordinary member sees in a book: opening them answers `public_only`. */
  accessable: z.boolean(),
});
export type QuestionBrief = z.infer<typeof questionBriefSchema>;

export const categoryConfigSchema = z.object({
  categories: z.array(
    z.object({
      /** Spec §3 category number. */
      id: z.number().int(),
      key: z.string(),
      name: z.string(),
      kinds: z.array(z.object({ id: z.string(), name: z.string(), input_kind: z.enum(INPUT_KINDS) })),
      /** Sub-groups of the category by id (math topics); empty where a category has none. */
      subs: z.array(z.object({ id: z.string(), name: z.string() })),
      /** The reason library of the category: why a learner got a question wrong (notes, wrong-answer book). */
      reasons: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(['knowledge', 'skill', 'habit']) })),
    }),
  ),
  difficulties: z.array(z.object({ id: z.enum(DIFFICULTIES), name: z.string() })),
});
export type CategoryConfig = z.infer<typeof categoryConfigSchema>;

/**
 * How a clicked word relates to the headword shown: an inflection (ECDICT's exchange field, or a suffix rule where the
 * rows have none) or a derived form by a suffix rule (-ness, -ity, -ation and -ization nouns, -ly adverbs).
 * `inflection` is a form ECDICT names without saying which.
 */
export const WORD_RELATIONS = [
  'past',
  'past_participle',
  'past_forms',
  'present_participle',
  'third_person',
  'comparative',
  'superlative',
  'plural',
  'inflection',
  'noun',
  'adverb',
] as const;
export type WordRelation = (typeof WORD_RELATIONS)[number];

/** One dictionary entry of a look-up answer. */
export const dictionaryEntrySchema = z.object({
  /** The text this entry explains: the cleaned query, or one part of a hyphenated compound. */
  word: z.string(),
  /** The dictionary entry shown: the base when `word` is an inflected or derived form of it. */
  headword: z.string(),
  /** What `word` is of the headword; null when it is the headword itself. */
  relation: z.enum(WORD_RELATIONS).nullable(),
  phonetic: z.string(),
  /** The sense the GRE tests, in Chinese, where ECDICT's senses miss or bury it (content/words/gre-senses.csv); shown first. */
  gre_senses: z.array(z.string()),
  /** Every Chinese sense, one line per part of speech, in ECDICT's order (the GRE list's row for GRE words). */
  translation: z.array(z.string()),
  /** English definitions (GRE list words only). */
  definition: z.array(z.string()),
  /** Other forms of the headword: ECDICT exchange kind code and the form. */
  forms: z.array(z.object({ kind: z.string(), word: z.string() })),
  /** The headword is on the GRE list (it has a word question 'w…'). */
  gre: z.boolean(),
  /** The word question id when `gre`. */
  question_id: z.string().nullable(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

/**
 * A look-up answers 200 whether or not the word is known, so an unknown word is an answer, not an error. Entries
 * come GRE first: a GRE word's own entry before the lemma it inflects; the lemma first otherwise.
 */
export const wordLookupSchema = z.object({
  /** What was asked, trimmed. */
  query: z.string(),
  /** False when neither list knows the word, a form of it or any part of it; `entries` is then empty. */
  found: z.boolean(),
  /** The parts of a hyphenated compound the dictionary lacks whole (one entry per known part); empty otherwise. */
  parts: z.array(z.string()),
  entries: z.array(dictionaryEntrySchema),
});
export type WordLookup = z.infer<typeof wordLookupSchema>;

export const questionCalls = {
  get: defineCall({
    path: '/api/question/get',
    auth: 'user',
    summary:
      'Questions by id; answers and analysis only when the viewer may see them; within a book when book_id is given',
    request: z.strictObject({
      ids: z.array(questionIdSchema).min(1).max(QUESTION_PAGE_MAX),
      /** Open the questions as part of this book: its access applies and it may grant underground questions. */
      book_id: bookIdSchema.optional(),
    }),
    response: z.object({ questions: z.array(questionViewSchema) }),
  }),
  filter: defineCall({
    path: '/api/question/filter',
    auth: 'user',
    summary: 'The big bank: visible questions by category, kind, difficulty, topic, tag or keyword, a page at a time',
    request: z.strictObject({
      category: filterCategorySchema.default(0),
      kind: z.enum(ALL_QUESTION_KINDS).optional(),
      difficulty: z.enum(DIFFICULTIES).optional(),
      topic: z.enum(MATH_TOPICS).optional(),
      tag: str(30, 1).optional(),
      /** Words to find in stem, options, passage or explanation (trigram index); at least 2 characters. */
      keyword: str(64, 2).optional(),
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(QUESTION_PAGE_MAX).default(20),
    }),
    response: z.object({
      items: z.array(questionBriefSchema),
      /** Exact; for a keyword, at most KEYWORD_MATCH_CAP (then `capped`). */
      total: z.number().int(),
      /** A keyword matched more than KEYWORD_MATCH_CAP questions: show "more than {total}", ask for a narrower keyword. */
      capped: z.boolean(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
  categoryConfig: defineCall({
    path: '/api/category/get_config',
    auth: 'user',
    summary: 'Categories with their kinds (Chinese names), sub-groups and reason library',
    request: emptySchema,
    response: categoryConfigSchema,
  }),
  wordLookup: defineCall({
    path: '/api/word/lookup',
    auth: 'user',
    summary:
      'A word, an inflected or derived form, or a hyphenated compound → its entries with phonetic and Chinese senses, GRE sense first; found: false when unknown',
    request: z.strictObject({
      word: str(64, 1),
      /** The question the word was clicked in: the look-up is kept with its sentence among the words met (/word). */
      question_id: questionIdSchema.optional(),
    }),
    response: wordLookupSchema,
  }),
};
