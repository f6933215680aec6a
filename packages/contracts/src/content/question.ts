import { z } from 'zod';
import { DIFFICULTIES } from '../enums.js';

/**
 * The question bank as shipped in `content/` and imported by `content:import`.
 * Field names follow spec §3 (Question); passages are stored once and referenced by id.
 */

/** Spec §9 input kinds, in the spec's order. */
export const INPUT_KINDS = [
  'SingleOption',
  'OneBoxFill',
  'TwoBoxFill',
  'ThreeBoxFill',
  'MultiSelect',
  'TextFill',
  'SixChooseTwo',
  'SelectSentence',
  'Fraction',
  'Essay',
  'Word',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** Question kinds within each category (the category config lists them with Chinese names). */
export const QUESTION_KINDS = {
  /** category 1 filling: text completion with 1/2/3 blanks, sentence equivalence */
  filling: ['tc1', 'tc2', 'tc3', 'se'],
  /** category 2 reading: single answer, select all that apply, select in passage */
  reading: ['rc_single', 'rc_multi', 'rc_select'],
  /** category 3 math: quantitative comparison, single choice, multi-select, numeric entry, fraction entry */
  math: ['qc', 'mc_single', 'mc_multi', 'numeric', 'fraction'],
  issue: ['issue'],
  word: ['word'],
} as const;

export const MATH_TOPICS = ['arithmetic', 'algebra', 'geometry', 'data_analysis'] as const;
export const VISIBILITIES = ['hidden', 'public', 'locked', 'underground'] as const;

/** Content ids: 'q…' for questions, 'w…' for words (spec), 'p…' for passages, 'b…' for books. */
export const questionIdSchema = z.string().regex(/^[qw][a-z0-9-]{1,63}$/);
export const passageIdSchema = z.string().regex(/^p[a-z0-9-]{1,63}$/);
export const bookIdSchema = z.string().regex(/^b[a-z0-9-]{1,63}$/);

export const optionSchema = z.strictObject({
  /** 'A'…'I': stable across renders so answers can name them. */
  key: z.string().regex(/^[A-I]$/),
  /** English text; may contain inline math as $…$. */
  text: z.string().min(1).max(600),
});

export const optionGroupSchema = z.strictObject({ options: z.array(optionSchema).min(2).max(9) });

export const inputMethodSchema = z.strictObject({
  kind: z.enum(INPUT_KINDS),
  /** One column per blank for the box fills; one group for single/multi/six-choose-two; empty for entries. */
  option_groups: z.array(optionGroupSchema).max(3),
  /** Numeric/fraction entry boxes are shown. */
  fillable: z.boolean().default(false),
  /** Unit before / after the entry box, e.g. '$' or '%'. */
  fill_prefix: z.string().max(20).default(''),
  fill_suffix: z.string().max(20).default(''),
  group_size: z.number().int().min(0).max(3),
  option_size: z.number().int().min(0).max(9),
});

export const standardAnswerSchema = z.strictObject({
  /** One key per option group (single option, box fills); for SelectSentence the 0-based sentence index as a string. */
  selects: z.array(z.string().max(8)).max(3).default([]),
  /** Every correct key for MultiSelect and SixChooseTwo. */
  multi_selects: z.array(z.string().max(8)).max(9).default([]),
  /** Numeric entry answer (decimal or integer as written), or the fraction's numerator. */
  text: z.string().max(40).default(''),
  /** The fraction's denominator. */
  text2: z.string().max(40).default(''),
  /** Essay: a short note on what a strong response does (not a model essay). */
  description: z.string().max(4000).default(''),
});

export const analysisSchema = z.strictObject({
  /** Chinese explanation; markdown with $…$ math. Quant explanations derive the answer step by step. */
  text: z.string().min(1).max(8000),
  /** Chinese or English key points / clue words. */
  key_words: z.array(z.string().max(80)).max(20).default([]),
  synonyms: z.array(z.string().max(80)).max(20).default([]),
  antonyms: z.array(z.string().max(80)).max(20).default([]),
});

/** A figure or table a question shows: SVG drawn for this bank, or a data table. */
export const mediaSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('svg'), svg: z.string().min(20).max(20000), alt: z.string().min(1).max(300) }),
  z.strictObject({
    kind: z.literal('table'),
    caption: z.string().max(200),
    header: z.array(z.string().max(60)).min(1).max(10),
    rows: z
      .array(z.array(z.string().max(60)).min(1).max(10))
      .min(1)
      .max(30),
  }),
]);

/**
 * Spec §3 `manual_mark`: flags content authors and staff set on a question by hand. `highlight` marks an item worth
 * featuring (a classic, a model explanation); `needs_fix` marks one reported as wrong or unclear, kept until an editor
 * has checked it.
 */
export const manualMarkSchema = z.strictObject({
  highlight: z.boolean().default(false),
  needs_fix: z.boolean().default(false),
});
export type ManualMark = z.infer<typeof manualMarkSchema>;
export const MANUAL_MARK_NONE: ManualMark = { highlight: false, needs_fix: false };

export const passageSchema = z.strictObject({
  id: passageIdSchema,
  /** short (one paragraph) or long (several) reading passage. */
  kind: z.enum(['short', 'long']),
  title: z.string().max(120).default(''),
  /** English text; paragraphs separated by a blank line. SelectSentence indexes sentences of this text in order. */
  text: z.string().min(100).max(12000),
  /** Full Chinese translation (support_translate). */
  translate: z.string().min(50).max(12000),
  /** Chinese one-line gist of the passage. */
  core: z.string().min(5).max(400),
  /** Explicit sentence split when automatic splitting would be ambiguous (abbreviations, quotes). */
  sentences: z.array(z.string().min(1).max(2000)).max(80).optional(),
});

export const questionSchema = z.strictObject({
  id: questionIdSchema,
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  kind: z.string().max(20),
  difficulty: z.enum(DIFFICULTIES),
  /** Reading questions on one passage share it; others leave it empty. */
  passage_id: passageIdSchema.optional(),
  /** Quantitative comparison: the two quantities. */
  quantity_a: z.string().max(600).optional(),
  quantity_b: z.string().max(600).optional(),
  /** Directions line above the question (English, as in the test). */
  description: z.string().max(600),
  /** The stem; blanks in text completion are written {{1}}, {{2}}, {{3}}. */
  inquiry: z.string().min(1).max(4000),
  media: z.array(mediaSchema).max(3).default([]),
  input_method: inputMethodSchema,
  standard_answer: standardAnswerSchema,
  analysis: analysisSchema,
  /** Math topic for math2 drills. */
  topic: z.enum(MATH_TOPICS).optional(),
  tags: z.array(z.string().max(30)).max(10).default([]),
  visibility: z.enum(VISIBILITIES).default('public'),
  /** One-line Chinese summary for lists. */
  brief: z.string().max(120).default(''),
  source_names: z.array(z.string().max(60)).max(5).default([]),
  manual_mark: manualMarkSchema.default(MANUAL_MARK_NONE),
  /** The question this one was adapted from (spec §3 origin_id); it must exist in the bank. */
  origin_id: questionIdSchema.optional(),
  /** Overrides whether the item can become a flash card; without it `cardLearnable` decides. */
  card_learn: z.boolean().optional(),
});
export type ContentQuestion = z.infer<typeof questionSchema>;
export type ContentPassage = z.infer<typeof passageSchema>;

/** Question kinds whose items can become flash cards when their explanation lists synonyms (the words to learn). */
const CARD_KINDS: readonly string[] = [...QUESTION_KINDS.filling, ...QUESTION_KINDS.word];

/**
 * Spec §3 `card_learn`: whether a question can become a flash card. Word questions always can; text completion and
 * sentence equivalence items can when their explanation names synonyms; an explicit `card_learn` wins.
 */
export function cardLearnable(q: Pick<ContentQuestion, 'kind' | 'analysis' | 'card_learn'>): boolean {
  if (q.card_learn !== undefined) return q.card_learn;
  return q.kind === 'word' || (CARD_KINDS.includes(q.kind) && q.analysis.synonyms.length > 0);
}

/** One content file: any mix of passages and questions. */
export const questionFileSchema = z.strictObject({
  passages: z.array(passageSchema).max(200).default([]),
  questions: z.array(questionSchema).max(2000),
});
