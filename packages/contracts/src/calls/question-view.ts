import { z } from 'zod';
import { DIFFICULTIES } from '../enums.js';
import {
  analysisSchema,
  inputMethodSchema,
  manualMarkSchema,
  mediaSchema,
  MATH_TOPICS,
  standardAnswerSchema,
  VISIBILITIES,
} from '../content/question.js';
import { str } from '../common.js';

/**
 * Spec §3 passage.word_connect: one GRE list word found in the passage — `id` the word question ('w-…'), `headword` its
 * spelling, `forms` the distinct lower-case forms the text uses (e.g. ['abated']) — in order of first appearance.
 */
export const wordConnectSchema = z.object({ id: z.string(), headword: z.string(), forms: z.array(z.string()) });
export type WordConnect = z.infer<typeof wordConnectSchema>;

/** A passage as the client receives it; `sentences` is always filled (passageSentences) so indexes agree with the server. */
export const passageViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['short', 'long']),
  title: z.string(),
  text: z.string(),
  /** Empty when the viewer may not see translations. */
  translate: z.string(),
  core: z.string(),
  sentences: z.array(z.string()),
  /** GRE words of the passage, computed at import, so the reader can highlight them. */
  word_connect: z.array(wordConnectSchema),
});
export type PassageView = z.infer<typeof passageViewSchema>;

export const wordInfoSchema = z.object({ kind: z.string(), id: z.string(), pair_id: z.string().nullable() });

/** The standard answer as sent; spec §3 `accessable` is true whenever it is sent (withheld, the field is null). */
export const standardAnswerViewSchema = standardAnswerSchema.extend({ accessable: z.literal(true) });
/** The explanation as sent; spec §3 `show` is true whenever it is sent (withheld, the field is null). */
export const analysisViewSchema = analysisSchema.extend({ show: z.literal(true) });

/**
 * A question as sent to a client (spec §3 Question). `standard_answer` and `analysis` are null whenever the viewer
 * may not see them yet (access rules, a `prevent` book before review, an exam in progress).
 */
export const questionViewSchema = z.object({
  id: z.string(),
  category: z.number().int(),
  kind: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  group_id: z.string().nullable(),
  description: z.string(),
  passage: passageViewSchema.nullable(),
  quantity_a: z.string().nullable(),
  quantity_b: z.string().nullable(),
  inquiry: z.string(),
  media: z.array(mediaSchema),
  input_method: inputMethodSchema,
  standard_answer: standardAnswerViewSchema.nullable(),
  analysis: analysisViewSchema.nullable(),
  topic: z.enum(MATH_TOPICS).nullable(),
  tag_ids: z.array(z.string()),
  visibility: z.enum(VISIBILITIES),
  brief: z.string(),
  /** False when the viewer sees only the stem (locked for their role). */
  accessable: z.boolean(),
  source_names: z.array(z.string()),
  support_translate: z.boolean(),
  word_info: wordInfoSchema.nullable(),
  /** Flags set by content authors and staff. */
  manual_mark: manualMarkSchema,
  /** The question can become a flash card (word questions; completion items with synonyms). */
  card_learn: z.boolean(),
  /** The question this one was adapted from, or null. */
  origin_id: z.string().nullable(),
  /** Its discussion thread; null until discussion posts exist. */
  topic_id: z.number().int().nullable(),
  /**
   * True when `standard_answer` and `analysis` are held because the question is in a section of the viewer's exam in
   * progress (decision 013): they come once that section is submitted. Absent or false for every other reason.
   */
  answers_held: z.boolean().optional(),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

/**
 * A learner's answer, one shape for every input kind: keys per blank in `selects`, keys in `multi_selects`,
 * numeric entry / numerator in `text`, denominator in `text2`, essay body in `essay`.
 */
export const answerSchema = z.strictObject({
  selects: z.array(str(8)).max(3).default([]),
  multi_selects: z.array(str(8)).max(9).default([]),
  text: str(40).default(''),
  text2: str(40).default(''),
  /** Issue essays; the GRE has no hard limit, 12k characters is far above any 30-minute essay. */
  essay: str(12_000).default(''),
});
export type Answer = z.infer<typeof answerSchema>;

/** What a word card (input kind Word) answers: whether the learner knows the word. */
export const WORD_ANSWERS = ['know', 'unknown'] as const;

/** The answer shape a Word question takes: at most one of WORD_ANSWERS in `selects`, every other field empty. */
export const wordAnswerSchema = z.strictObject({
  selects: z.array(z.enum(WORD_ANSWERS)).max(1),
  multi_selects: z.array(str(8)).max(0),
  text: z.literal(''),
  text2: z.literal(''),
  essay: z.literal(''),
});
