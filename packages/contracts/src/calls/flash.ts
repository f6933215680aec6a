import { z } from 'zod';
import { emptySchema, idSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { CARD_STAGES, FLASH_DECK_MAX, FLASH_RANGE_KIND_MAX, FLASH_ROUND_SIZE, FLASH_STATUSES } from '../rules/flash.js';
import { userSchema } from './user.js';

/** A deck's name as the learner sees it: made by the server from the source and scope. */
export const FLASH_NAME_MAX = 60;
/** Longest answer typed in a recall step. */
export const FLASH_RECALL_MAX = 64;

/**
 * Spec §3 flash create request. `scope` narrows the source: a word book's id (word_book), a frequency band 1–5
 * (gre_band), a card tag pick / best / card (collected), a math topic or '' for the whole source.
 */
export const flashCreateRequestSchema = z.strictObject({
  range_kind: z.number().int().min(1).max(FLASH_RANGE_KIND_MAX),
  scope: z
    .string()
    .max(40)
    .regex(/^[a-z0-9_-]*$/, 'lower-case letters, digits, _ and -')
    .default(''),
  /** Most cards to put in the deck; fewer when the source has fewer. */
  limit: z.number().int().min(1).max(FLASH_DECK_MAX),
  /** Leave out words already put in one of the learner's decks. */
  exclude_used: z.boolean().default(false),
  /** Leave out words of questions the learner has answered correctly. */
  exclude_correct: z.boolean().default(false),
  /** Leave out words the learner has mastered in a deck (they are in long-term review). */
  exclude_flashed: z.boolean().default(false),
});
export type FlashCreateRequest = z.infer<typeof flashCreateRequestSchema>;

/** What the learner did in one step; which one is allowed follows from the card's stage (rules/flash.ts stepOf). */
export const flashChoiceSchema = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal('flip'), know: z.boolean() }),
  /** The index of the chosen meaning among the four the round offered. */
  z.strictObject({ step: z.literal('quiz'), option: z.number().int().min(0).max(3) }),
  z.strictObject({ step: z.literal('exam'), text: str(FLASH_RECALL_MAX) }),
]);
export type FlashChoice = z.infer<typeof flashChoiceSchema>;

/** One card of a round as it runs: its stage when the round began, the learner's choice and how it went. */
export const flashRuntimeSchema = z.object({
  word: z.string(),
  stage: z.enum(CARD_STAGES),
  choice: flashChoiceSchema.nullable(),
  /** Worked out by the server from the choice; null until chosen. */
  outcome: z.enum(['pass', 'miss']).nullable(),
});
export type FlashRuntime = z.infer<typeof flashRuntimeSchema>;

/** Spec §3 Flash.round: the current round's runtimes and where the learner is in it. */
export const flashRoundSchema = z.object({
  /** 1 for the first round of the deck. */
  index: z.number().int(),
  cursor_index: z.number().int(),
  runtimes: z.array(flashRuntimeSchema),
});
export type FlashRound = z.infer<typeof flashRoundSchema>;

export const stageBucketSchema = z.object({
  stage: z.enum(CARD_STAGES),
  count: z.number().int(),
  progress: z.number(),
});

/** Spec §3 Flash. */
export const flashSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string().max(FLASH_NAME_MAX),
  status: z.enum(FLASH_STATUSES),
  range_kind: z.number().int(),
  scope: z.string(),
  /** The round in progress; null before the first round is opened and between rounds. */
  round: flashRoundSchema.nullable(),
  /** Cards per stage, keyed by stage name. */
  stage_count: z.record(z.enum(CARD_STAGES), z.number().int()),
  /** Rounds finished. */
  round_count: z.number().int(),
  /** The five buckets in stage order; their counts sum to all_card_count. */
  summary: z.array(stageBucketSchema).length(5),
  all_card_count: z.number().int(),
  /** Set when the learner gave the deck up (status Finish without every card mastered). */
  gave_up: z.boolean(),
  created_stamp: z.number().int(),
  updated_stamp: z.number().int(),
});
export type Flash = z.infer<typeof flashSchema>;

/**
 * The bank data of one card of the round (what finish_round's payload leaves out): the word itself, its meanings,
 * the four meanings of a quiz step and the prompt of a recall step.
 */
export const flashCardDataSchema = z.object({
  word: z.string(),
  phonetic: z.string(),
  /** Part of speech of the sense shown ('adj.', 'v.', …); '' when the dictionary gives none. */
  pos: z.string(),
  /** Chinese senses, the GRE sense first. */
  senses: z.array(z.string()),
  /** English definition lines from the dictionary; may be empty. */
  definition: z.array(z.string()),
  /** Quiz step: four Chinese meanings of the same part of speech, one of them this word's. Null for other steps. */
  quiz_options: z.array(z.string()).length(4).nullable(),
  /** Recall step: a definition or a bank sentence with the word blanked. Null for other steps. */
  recall: z
    .object({
      mode: z.enum(['definition', 'sentence']),
      prompt: z.string(),
      /** The question the sentence comes from (sentence mode). */
      question_id: z.string().nullable(),
      /** First letter and length of the expected answer, e.g. 'l______' for 'laconic'. */
      hint: z.string(),
    })
    .nullable(),
  /** A bank question the word occurs in, for "see it in context"; null when none. */
  source_qid: z.string().nullable(),
});
export type FlashCardData = z.infer<typeof flashCardDataSchema>;

export const flashBriefSchema = flashSchema.omit({ round: true });
export type FlashBrief = z.infer<typeof flashBriefSchema>;

const flashIdRequest = z.strictObject({ id: idSchema });

export const flashCalls = {
  checkCreate: defineCall({
    path: '/api/flash/check_create',
    auth: 'user',
    summary: 'Would this deck fit the flash coins? How many cards the source gives after the exclusions',
    request: flashCreateRequestSchema,
    response: z.object({
      /** Words the source has after the exclusions. */
      pool_count: z.number().int(),
      /** Cards the deck would hold: min(limit, pool_count). */
      card_count: z.number().int(),
      /** One coin per card; 0 for a review deck. */
      coins_needed: z.number().int(),
      /** The learner's balance now. */
      coins: z.number().int(),
      fits: z.boolean(),
    }),
  }),
  createFlash: defineCall({
    path: '/api/flash/create_flash',
    auth: 'user',
    summary:
      'Make a deck from a source, taking one flash coin per card atomically (never below zero; too few coins is `flash_coin_short`)',
    request: flashCreateRequestSchema,
    response: z.object({ flash: flashBriefSchema, user: userSchema }),
  }),
  openFlash: defineCall({
    path: '/api/flash/open_flash',
    auth: 'user',
    summary:
      "One of the learner's decks with its current round (made now when none is running) and the round's card data",
    request: flashIdRequest,
    response: z.object({ flash: flashSchema, cards: z.array(flashCardDataSchema).max(FLASH_ROUND_SIZE) }),
  }),
  giveUpFlash: defineCall({
    path: '/api/flash/give_up_flash',
    auth: 'user',
    summary: 'Close a deck before every card is mastered (no coin comes back)',
    request: flashIdRequest,
    response: z.object({ flash: flashBriefSchema }),
  }),
  updateChoice: defineCall({
    path: '/api/flash/update_choice',
    auth: 'user',
    summary:
      'Record the choice for one card of the running round (the first choice stands) and say how it went, with the right answer',
    request: z.strictObject({
      flash_id: idSchema,
      round_index: z.number().int().min(1),
      item_index: z
        .number()
        .int()
        .min(0)
        .max(FLASH_ROUND_SIZE - 1),
      choice: flashChoiceSchema,
    }),
    response: z.object({
      runtime: flashRuntimeSchema,
      cursor_index: z.number().int(),
      /** The right quiz option's index (quiz) or the word (recall); null for a flip. */
      answer: z.union([z.number().int(), z.string()]).nullable(),
    }),
  }),
  finishRound: defineCall({
    path: '/api/flash/finish_round',
    auth: 'user',
    summary:
      'Finish the running round: the payload is the round without the card data; the server recomputes every move and the buckets',
    request: z.strictObject({
      flash_id: idSchema,
      round: z.strictObject({
        index: z.number().int().min(1),
        cursor_index: z.number().int().min(0).max(FLASH_ROUND_SIZE),
        runtimes: z
          .array(
            z.strictObject({
              word: str(64, 1),
              stage: z.enum(CARD_STAGES),
              choice: flashChoiceSchema.nullable(),
              outcome: z.enum(['pass', 'miss']).nullable().optional(),
            }),
          )
          .min(1)
          .max(FLASH_ROUND_SIZE),
      }),
    }),
    response: z.object({
      flash: flashBriefSchema,
      /** Every card of the round: where it was and where it is now. */
      moves: z.array(z.object({ word: z.string(), from: z.enum(CARD_STAGES), to: z.enum(CARD_STAGES) })),
    }),
  }),
  getProgress: defineCall({
    path: '/api/flash/get_progress',
    auth: 'user',
    summary: "A deck's buckets and every card with its stage",
    request: flashIdRequest,
    response: z.object({
      flash: flashBriefSchema,
      cards: z.array(z.object({ word: z.string(), stage: z.enum(CARD_STAGES), source_qid: z.string().nullable() })),
    }),
  }),
  list: defineCall({
    path: '/api/flash/list',
    auth: 'user',
    summary: "The learner's decks, newest first",
    request: emptySchema,
    response: z.object({ flashes: z.array(flashBriefSchema) }),
  }),
  reviewDue: defineCall({
    path: '/api/flash/review_due',
    auth: 'user',
    summary: 'Mastered cards due for long-term review today (capped per day) and when the next one falls due',
    request: emptySchema,
    response: z.object({
      /** Due now, up to what is left of today's cap. */
      due_today: z.number().int(),
      /** Due now in all, before the cap. */
      due_total: z.number().int(),
      /** Cards reviewed today. */
      reviewed_today: z.number().int(),
      cap: z.number().int(),
      /** Cards in long-term review. */
      in_review: z.number().int(),
      next_due_stamp: z.number().int().nullable(),
    }),
  }),
};
