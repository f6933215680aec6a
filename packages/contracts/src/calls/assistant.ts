import { z } from 'zod';
import { idSchema, okSchema, pageControlSchema } from '../common.js';
import { defineCall } from '../define.js';
import { questionIdSchema } from '../content/question.js';

/**
 * The study assistant (助教; spec §3 Others "assistant, chat", §2 chat dialog): a learner asks about the question in
 * front of them or about their own progress, in Chinese. Answers are grounded in the bank (the question, and its
 * answer and analysis only when the learner may see them), the learner's own data and the dictionary; the built-in
 * assistant answers by intent, a configured model (ASSISTANT_MODEL_* / the essay judge's endpoint) answers free-form
 * from the same sources. Conversations are the learner's alone; every question asked takes one from the role's
 * daily allowance (rules/quotas.ts `assistant`, `day_overflow`) and the per-minute rate limit.
 */

export const ASSISTANT_LIMITS = {
  /** A learner's message, in characters. */
  message: 2000,
  /** A conversation's title (the start of its first message). */
  title: 40,
  pageSize: 50,
  /** Messages a conversation keeps; a longer one is refused (`conflict`) and the learner starts a new one. */
  messages: 200,
  /** Questions a learner may ask in a minute, whatever their allowance. */
  perMinute: 6,
} as const;

/** What the learner asked, as the built-in assistant understood it. */
export const ASSISTANT_INTENTS = [
  /** Why an option (or the learner's answer) is wrong. */
  'why_wrong',
  /** Why the standard answer is right. */
  'why_right',
  /** The clue words, the way in: 这道题的思路. */
  'approach',
  /** A word's meanings (the dictionary). */
  'word',
  /** Similar questions to practise. */
  'similar',
  /** The weakest question kinds. */
  'weakest',
  /** What to do today: due reviews, the daily aim, the weakest kind's drill. */
  'today',
  /** How far the learner is from their target score. */
  'target',
  /** Anything else: the model answers it when configured, the built-in assistant says what it can do. */
  'other',
] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

/** A one-click next step under an answer: a link inside the app. */
export const assistantActionSchema = z.object({
  kind: z.enum(['drill', 'review', 'question', 'word', 'mock', 'wrong_book']),
  label: z.string(),
  /** An in-app path, e.g. '/summary/review' or '/question/q-tc-001'. */
  link: z.string(),
});
export type AssistantAction = z.infer<typeof assistantActionSchema>;

/** Where an answer came from, so the learner can check it. */
export const ASSISTANT_SOURCES = [
  'stem',
  'options',
  'passage',
  'standard_answer',
  'analysis',
  'your_answer',
  'your_note',
  'dictionary',
  'accuracy',
  'reviews',
  'mocks',
  'streak',
] as const;
export const assistantSourceSchema = z.object({ kind: z.enum(ASSISTANT_SOURCES), label: z.string() });
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

export const assistantMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['learner', 'assistant']),
  text: z.string(),
  /** The assistant's reading of the question it answers; null on the learner's own messages. */
  intent: z.enum(ASSISTANT_INTENTS).nullable(),
  /** Who wrote an answer: the built-in assistant, or the configured model (with the built-in one's sources). */
  answered_by: z.enum(['builtin', 'model']).nullable(),
  actions: z.array(assistantActionSchema),
  sources: z.array(assistantSourceSchema),
  created_stamp: z.number().int(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const conversationBriefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The question the conversation is about; null for one about the learner's progress. */
  question_id: z.string().nullable(),
  messages: z.number().int(),
  updated_stamp: z.number().int(),
});
export type ConversationBrief = z.infer<typeof conversationBriefSchema>;

/** The answer to `ask`: the learner's message as kept, and the reply. Streamed, it is the `done` event's data. */
export const askResponseSchema = z.object({
  conversation: conversationBriefSchema,
  message: assistantMessageSchema,
  reply: assistantMessageSchema,
});
export type AskResponse = z.infer<typeof askResponseSchema>;

/**
 * `ask` sent with `Accept: text/event-stream` answers as server-sent events: `delta` events (`{ "text": "…" }`) as
 * the reply is written, then one `done` (the JSON envelope of AskResponse) or one `error` (the error envelope). A
 * refusal before anything is written (quota, rate limit, bad input) is the ordinary JSON error answer.
 */
export const ASSISTANT_STREAM_EVENTS = ['delta', 'done', 'error'] as const;

const pageRequest = {
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(ASSISTANT_LIMITS.pageSize).default(20),
};

export const assistantCalls = {
  ask: defineCall({
    path: '/api/assistant/ask',
    auth: 'user',
    summary:
      'Asks the study assistant, in a new or the given conversation, optionally about one question; streamed as server-sent events with Accept: text/event-stream; one from the daily allowance (day_overflow)',
    request: z.strictObject({
      conversation_id: idSchema.optional(),
      /** The question in front of the learner (review, result, search); its conversation keeps it. */
      question_id: questionIdSchema.optional(),
      message: z.string().trim().min(1).max(ASSISTANT_LIMITS.message),
    }),
    response: askResponseSchema,
  }),
  list: defineCall({
    path: '/api/assistant/list',
    auth: 'user',
    summary: "The learner's own conversations, the latest first",
    request: z.strictObject(pageRequest),
    response: z.object({ items: z.array(conversationBriefSchema), page_control: pageControlSchema }),
  }),
  get: defineCall({
    path: '/api/assistant/get',
    auth: 'user',
    summary: 'One of the learner’s conversations with its messages, oldest first',
    request: z.strictObject({ id: idSchema }),
    response: z.object({ conversation: conversationBriefSchema, messages: z.array(assistantMessageSchema) }),
  }),
  delete: defineCall({
    path: '/api/assistant/delete',
    auth: 'user',
    summary: 'Deletes one of the learner’s conversations and its messages',
    request: z.strictObject({ id: idSchema }),
    response: okSchema,
  }),
  usage: defineCall({
    path: '/api/assistant/usage',
    auth: 'operator',
    summary:
      'Aggregate use of the assistant by day (questions, learners, model or built-in answers, refusals): no conversation text',
    request: z.strictObject({ days: z.number().int().min(1).max(90).default(14) }),
    response: z.object({
      days: z.array(
        z.object({
          day: z.string(),
          questions: z.number().int(),
          learners: z.number().int(),
          by_model: z.number().int(),
          builtin: z.number().int(),
          /** Questions the assistant would not answer (an exam running, an answer the learner may not see). */
          withheld: z.number().int(),
        }),
      ),
    }),
  }),
};
