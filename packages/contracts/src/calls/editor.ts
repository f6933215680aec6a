import { z } from 'zod';
import { idSchema, LIMITS, okSchema, pageControlSchema, str, unixSchema } from '../common.js';
import { draftBodySchema, EDITOR_KIND_LIST, passageDraftSchema, type DraftProblem } from '../content/draft.js';
import { passageIdSchema, passageSchema, questionIdSchema, questionSchema } from '../content/question.js';
import { DIFFICULTIES } from '../enums.js';
import { defineCall } from '../define.js';

export * from '../content/draft.js';

/**
 * The question editor (issue 19 part 5, decision 031): operators and admins find, write and publish questions of the
 * 13 kinds. A draft is stored as typed, problems and all, and learners never see it; a publish runs the content check
 * again on the server (`content_invalid` with the problems when it fails), writes the question and its passage into
 * the live bank with a revision and the audit row in one unit, and the export gives back the `content/` file format.
 */

export const EDITOR_PAGE_MAX = 50;
export const EDITOR_PAGES_MAX = 400;
/** Passages one look-up lists: enough to pick from by title or a word of the text. */
export const EDITOR_PASSAGES_MAX = 30;
/** Questions one export may hold: a content file holds at most 2,000. */
export const EDITOR_EXPORT_MAX = 2000;

/** 已发布 (live, no draft), 草稿 (a new question never published), 已修改未发布 (live with a draft over it). */
export const EDITOR_STATUSES = ['published', 'draft', 'modified'] as const;
export type EditorStatus = (typeof EDITOR_STATUSES)[number];

export const editorLineSchema = z.object({
  /** Null for a draft of a question not published yet. */
  question_id: z.string().nullable(),
  draft_id: z.number().int().nullable(),
  kind: z.string(),
  difficulty: z.string(),
  brief: z.string(),
  /** The opening of the stem. */
  preview: z.string(),
  status: z.enum(EDITOR_STATUSES),
  updated_stamp: z.number().int(),
});
export type EditorLine = z.infer<typeof editorLineSchema>;

export const editorRevisionSchema = z.object({
  revision: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_stamp: z.number().int(),
  /** The question and passage as the bank held them before; null when this publish created the question. */
  before: draftBodySchema.nullable(),
  after: draftBodySchema,
});
export type EditorRevision = z.infer<typeof editorRevisionSchema>;

export const draftProblemSchema = z.object({ path: z.string(), message: z.string() }) satisfies z.ZodType<DraftProblem>;

const openedSchema = z.object({
  question_id: z.string().nullable(),
  draft_id: z.number().int().nullable(),
  status: z.enum(EDITOR_STATUSES),
  /** The draft when there is one, else the live question. */
  body: draftBodySchema,
  /** The live question, to compare a draft with; null for a new one. */
  live: draftBodySchema.nullable(),
  /** The latest revision published from the editor (0: none), which a publish names as its base. */
  revision: z.number().int(),
});
export type EditorOpened = z.infer<typeof openedSchema>;

export const editorCalls = {
  find: defineCall({
    path: '/api/editor/find',
    auth: 'operator',
    summary:
      'The bank (categories 1–4) and the new drafts by id, kind, difficulty, status and a word of the stem; drafts first, a page at a time',
    request: z.strictObject({
      query: str(LIMITS.shortText).default(''),
      kind: z.enum(EDITOR_KIND_LIST).optional(),
      difficulty: z.enum(DIFFICULTIES).optional(),
      status: z.enum(EDITOR_STATUSES).optional(),
      page: z.number().int().min(1).max(EDITOR_PAGES_MAX).default(1),
      page_size: z.number().int().min(1).max(EDITOR_PAGE_MAX).default(20),
    }),
    response: z.object({ items: z.array(editorLineSchema), page_control: pageControlSchema }),
  }),
  open: defineCall({
    path: '/api/editor/open',
    auth: 'operator',
    summary: 'A question (its draft if one is open, else the live version) or a new draft by id, to edit',
    request: z
      .strictObject({ question_id: questionIdSchema.optional(), draft_id: idSchema.optional() })
      .refine((b) => (b.question_id === undefined) !== (b.draft_id === undefined), 'question_id or draft_id'),
    response: openedSchema,
  }),
  passages: defineCall({
    path: '/api/editor/passages',
    auth: 'operator',
    summary: 'Reading passages by id, title or a word of the text, to pick one for a reading question',
    request: z.strictObject({ query: str(LIMITS.shortText).default('') }),
    response: z.object({
      items: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), questions: z.number().int() })),
    }),
  }),
  passage: defineCall({
    path: '/api/editor/passage',
    auth: 'operator',
    summary: 'One stored passage in the content format, to attach to a reading draft and edit',
    request: z.strictObject({ id: passageIdSchema }),
    response: z.object({ passage: passageDraftSchema }),
  }),
  saveDraft: defineCall({
    path: '/api/editor/save_draft',
    auth: 'operator',
    summary:
      "Store a draft as typed (problems and all); learners' bank is untouched. Returns the content check's problems",
    request: z.strictObject({
      draft_id: idSchema.optional(),
      question_id: questionIdSchema.optional(),
      body: draftBodySchema,
      base_revision: z.number().int().min(0).max(1_000_000).default(0),
    }),
    response: z.object({ draft_id: z.number().int(), problems: z.array(draftProblemSchema) }),
  }),
  discardDraft: defineCall({
    path: '/api/editor/discard_draft',
    auth: 'operator',
    summary: 'Throw a draft away; the live question stays as published',
    request: z.strictObject({ draft_id: idSchema }),
    response: okSchema,
  }),
  publish: defineCall({
    path: '/api/editor/publish',
    auth: 'operator',
    summary:
      'Check the draft (schemas, checkQuestion, near-duplicate stems against the bank) and write it into the live bank with a revision and the audit row; content_invalid with the problems when it fails',
    request: z.strictObject({
      draft_id: idSchema.optional(),
      question_id: questionIdSchema.optional(),
      body: draftBodySchema,
      /** The revision the edit started from: a newer one published meanwhile is `conflict`. */
      base_revision: z.number().int().min(0).max(1_000_000),
    }),
    response: z.object({ question_id: z.string(), passage_id: z.string().nullable(), revision: z.number().int() }),
  }),
  history: defineCall({
    path: '/api/editor/history',
    auth: 'operator',
    summary: "A question's revisions from the editor, newest first, with who, when and the question before and after",
    request: z.strictObject({ question_id: questionIdSchema }),
    response: z.object({ items: z.array(editorRevisionSchema) }),
  }),
  export: defineCall({
    path: '/api/editor/export',
    auth: 'operator',
    summary:
      'The content-file format ({ passages, questions }) of one question, or of every question published from the editor since a time',
    request: z
      .strictObject({ question_id: questionIdSchema.optional(), since_stamp: unixSchema.optional() })
      .refine((b) => (b.question_id === undefined) !== (b.since_stamp === undefined), 'question_id or since_stamp'),
    response: z.object({
      file_name: z.string(),
      passages: z.array(passageSchema),
      questions: z.array(questionSchema).max(EDITOR_EXPORT_MAX),
    }),
  }),
};
