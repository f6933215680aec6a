import { z } from 'zod';
import { idSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { DIFFICULTIES, PAGE_SOURCES } from '../enums.js';
import { questionIdSchema } from '../content/question.js';
import { answerSchema } from './question-view.js';
import { ALL_QUESTION_KINDS, filterCategorySchema, questionBriefSchema } from './questions.js';

/**
 * Crafts: a learner's personal mark on one question (spec §3 Craft) — wrong answers (written by exams), collect with
 * tags, notes with reasons and review, flash-card collect, and the essay. One craft per learner and question.
 */

/** Spec §7 update kinds of /api/craft/update_v2: each touches only its own part of the craft. */
export const CRAFT_UPDATE_KINDS = ['Note', 'Collect', 'Card', 'Improvement'] as const;
export type CraftUpdateKind = (typeof CRAFT_UPDATE_KINDS)[number];

/** Bounds of what a learner writes (spec §5 leaves them open; chosen generous but finite). */
export const CRAFT_LIMITS = {
  noteText: 5000,
  reasonInput: 500,
  tagName: 30,
  tagDesp: 200,
  tags: 200,
  tagsPerCraft: 20,
  reasons: 30,
} as const;

/** Craft source (spec §3): the search label or the book title and subtitle, the exam and template, when. */
export const craftSourceSchema = z.strictObject({
  name: str(120),
  exam_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  template_id: str(80).nullable().default(null),
  update_time_stamp: z.number().int().nonnegative().default(0),
  /** Spec §2 page source the update came from. */
  page: z.enum(PAGE_SOURCES).default('Exam'),
});
export type CraftSource = z.infer<typeof craftSourceSchema>;

export const wrongSchema = z.object({
  answer: answerSchema,
  time: z.number().int(),
  source: craftSourceSchema,
  count: z.number().int(),
});

export const noteTextInputSchema = z.strictObject({
  review: str(CRAFT_LIMITS.noteText).default(''),
  difficulty: str(CRAFT_LIMITS.noteText).default(''),
  new_way: str(CRAFT_LIMITS.noteText).default(''),
  puzzle: str(CRAFT_LIMITS.noteText).default(''),
  note: str(CRAFT_LIMITS.noteText).default(''),
});

/** Mastery of a noted question, 0 (not at all) – 4 (mastered). */
export const MASTERY_MAX = 4;

export const noteSchema = z.strictObject({
  text_input: noteTextInputSchema.default({ review: '', difficulty: '', new_way: '', puzzle: '', note: '' }),
  reasons: z
    .array(z.strictObject({ name: str(40, 1), type: z.enum(['knowledge', 'skill', 'habit']), checked: z.boolean() }))
    .max(CRAFT_LIMITS.reasons)
    .default([]),
  review: z
    .strictObject({
      mastery: z.number().int().min(0).max(MASTERY_MAX).default(0),
      reviewed: z.boolean().default(false),
      improvement: str(CRAFT_LIMITS.noteText).default(''),
      reasons: z
        .array(z.strictObject({ reason_id: str(40, 1), input: str(CRAFT_LIMITS.reasonInput).default('') }))
        .max(CRAFT_LIMITS.reasons)
        .default([]),
    })
    .default({ mastery: 0, reviewed: false, improvement: '', reasons: [] }),
});
export type CraftNote = z.infer<typeof noteSchema>;

export const collectSchema = z.strictObject({
  collected: z.boolean(),
  collect_ids: z.array(idSchema).max(CRAFT_LIMITS.tagsPerCraft).default([]),
  word: z
    .strictObject({ kind: str(20), word_id: str(80), pair_id: str(80).nullable(), source_qid: str(80).nullable() })
    .nullable()
    .default(null),
});
export type CraftCollect = z.infer<typeof collectSchema>;

/** Flash-card collect (spec §4): range kind, flag and the timestamp (0 when uncollected). */
export const cardSchema = z.strictObject({
  finished: z.boolean().default(false),
  collected: z.boolean(),
  range_kind: z.number().int().min(0).max(10).default(0),
  collect_time_stamp: z.number().int().nonnegative().default(0),
});

export const issueCraftSchema = z.object({
  answer: z.string(),
  result: z.object({
    status: z.enum(['Empty', 'Judging', 'Finished', 'Failed']),
    score: z.number().nullable(),
    rank: z.string().nullable(),
    comment: z.string().nullable(),
    progress: z.number().nullable(),
  }),
});

/** The FSRS schedule of a wrong question (spaced re-review): when it is due and how it went last. */
export const reviewScheduleSchema = z.object({
  due: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  last_review: z.number().int().nullable(),
  state: z.enum(['New', 'Learning', 'Review', 'Relearning']),
});

export const craftSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  question_id: z.string(),
  wrong: wrongSchema.nullable(),
  issue: issueCraftSchema.nullable(),
  collect: collectSchema.nullable(),
  note: noteSchema.nullable(),
  card: cardSchema.nullable(),
  in_higher: z.boolean(),
  /** Where the learner last collected or noted it from (a book, an exam, or the search label as `name`). */
  source: craftSourceSchema.nullable(),
  schedule: reviewScheduleSchema.nullable(),
  updated_at: z.number().int(),
});
export type Craft = z.infer<typeof craftSchema>;

/** The parts of a craft an update kind may write; the rest of the request's craft is ignored. */
export const craftUpdateSchema = z.strictObject({
  note: noteSchema.optional(),
  collect: collectSchema.optional(),
  card: cardSchema.optional(),
  /** Improvement: the review's improvement text and mastery, without resending the whole note. */
  improvement: z
    .strictObject({
      improvement: str(CRAFT_LIMITS.noteText),
      mastery: z.number().int().min(0).max(MASTERY_MAX).optional(),
    })
    .optional(),
});

export const collectTagSchema = z.object({ id: z.number().int(), name: z.string(), desp: z.string() });
export type CollectTag = z.infer<typeof collectTagSchema>;

/** The personal pages (spec §2 personal/*): which crafts each lists. */
export const PERSONAL_SCOPES = [
  'collect',
  'wrongs',
  'note',
  'higher_collect',
  'higher_wrongs',
  'higher_note',
  'card',
] as const;
export type PersonalScope = (typeof PERSONAL_SCOPES)[number];

export const personalFilterSchema = z.strictObject({
  scope: z.enum(PERSONAL_SCOPES),
  category: filterCategorySchema.default(0),
  kind: z.enum(ALL_QUESTION_KINDS).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  /** A collect tag id (collect scopes). */
  tag_id: idSchema.optional(),
  /** Unix seconds: crafts updated in [since, until). */
  since: z.number().int().nonnegative().optional(),
  until: z.number().int().nonnegative().optional(),
  /** Note mastery at most this (0–4): "what I have not mastered yet". */
  max_mastery: z.number().int().min(0).max(MASTERY_MAX).optional(),
});
export type PersonalFilter = z.infer<typeof personalFilterSchema>;

export const craftCalls = {
  updateV2: defineCall({
    path: '/api/craft/update_v2',
    auth: 'user',
    summary:
      "Updates one part of the learner's craft on a question (Note, Collect, Card, Improvement); every other part is kept",
    request: z.strictObject({
      update_kind: z.enum(CRAFT_UPDATE_KINDS),
      /** 0 for a question the learner has no craft on yet. */
      craft_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      question_id: questionIdSchema,
      craft: craftUpdateSchema,
      source: craftSourceSchema.optional(),
      q_category: z.number().int().min(0).max(5),
    }),
    response: z.object({ craft: craftSchema }),
  }),
  get: defineCall({
    path: '/api/craft/get',
    auth: 'user',
    summary: "The learner's crafts on some questions (none → absent from the list)",
    request: z.strictObject({ question_ids: z.array(questionIdSchema).min(1).max(100) }),
    response: z.object({ crafts: z.array(craftSchema) }),
  }),
  list: defineCall({
    path: '/api/craft/list',
    auth: 'user',
    summary: 'A personal page: the crafted questions of a scope with filters, newest first, each with its craft',
    request: personalFilterSchema.extend({
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(50).default(20),
    }),
    response: z.object({
      items: z.array(z.object({ question: questionBriefSchema, craft: craftSchema })),
      total: z.number().int(),
    }),
  }),
  reasonLib: defineCall({
    path: '/api/craft/get_reason_lib',
    auth: 'user',
    summary: 'The reason library per category (why a question went wrong)',
    request: z.strictObject({}),
    response: z.object({
      categories: z.array(
        z.object({
          category: z.number().int(),
          reasons: z.array(
            z.object({ id: z.string(), name: z.string(), type: z.enum(['knowledge', 'skill', 'habit']) }),
          ),
        }),
      ),
    }),
  }),
  summary: defineCall({
    path: '/api/craft/get_summary',
    auth: 'user',
    summary: 'How many questions each personal page holds, by category',
    request: z.strictObject({}),
    response: z.object({
      scopes: z.array(
        z.object({
          scope: z.enum(PERSONAL_SCOPES),
          total: z.number().int(),
          by_category: z.record(z.string(), z.number().int()),
        }),
      ),
      /** Issue prompts the learner has written an essay for: what 写作练习 can draw from. */
      essays: z.number().int(),
    }),
  }),
  collectAdd: defineCall({
    path: '/api/collect/add',
    auth: 'user',
    summary: "Creates a collect tag; an empty name gives 'please fill in tag name'",
    request: z.strictObject({
      name: z.string().max(CRAFT_LIMITS.tagName),
      desp: str(CRAFT_LIMITS.tagDesp).default(''),
    }),
    response: z.object({ collect: collectTagSchema }),
  }),
  collectGetAll: defineCall({
    path: '/api/collect/get_all',
    auth: 'user',
    summary: "The learner's collect tags",
    request: z.strictObject({}),
    response: z.object({ collects: z.array(collectTagSchema) }),
  }),
  reviewTree: defineCall({
    path: '/api/review/get_tree',
    auth: 'user',
    summary: 'Wrong and noted counts by category → kind → reason',
    request: z.strictObject({}),
    response: z.object({
      categories: z.array(
        z.object({
          category: z.number().int(),
          wrong: z.number().int(),
          noted: z.number().int(),
          kinds: z.array(
            z.object({
              kind: z.string(),
              wrong: z.number().int(),
              noted: z.number().int(),
              reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
            }),
          ),
        }),
      ),
    }),
  }),
  reviewDue: defineCall({
    path: '/api/review/due',
    auth: 'user',
    summary: 'Wrong questions due for spaced re-review today (FSRS), at most the daily cap, most overdue first',
    request: z.strictObject({ limit: z.number().int().min(1).max(100).default(20) }),
    response: z.object({
      items: z.array(z.object({ question: questionBriefSchema, craft: craftSchema })),
      due_total: z.number().int(),
      daily_cap: z.number().int(),
      done_today: z.number().int(),
    }),
  }),
};
