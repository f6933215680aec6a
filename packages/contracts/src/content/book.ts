import { z } from 'zod';
import { DIFFICULTIES, ROLE_KINDS } from '../enums.js';
import { bookIdSchema, MATH_TOPICS, questionIdSchema } from './question.js';

/**
 * Book templates as shipped in `content/books/*.json` and imported by `content:import`.
 * A learner's copy of a book (status, exam) is a `user_books` row, never part of the content.
 */

/** Book kinds; each bank page lists one kind (`mock` books belong to the simulated exams). */
export const BOOK_KINDS = ['pick', 'best', 'season', 'higher', 'archived_pick', 'archived_six_two', 'math2', 'mock'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** The kinds a bank page may ask `/api/book/list` for. */
export const BOOK_PAGE_KINDS = ['pick', 'best', 'season', 'higher', 'archived_pick', 'archived_six_two', 'math2'] as const;
export type BookPageKind = (typeof BOOK_PAGE_KINDS)[number];

/** product.md: hide (not listed), forbid (listed, cannot open), lock (date or tier), prevent (answers after finishing), free. */
export const BOOK_ACCESS = ['hide', 'forbid', 'lock', 'prevent', 'free'] as const;
export type BookAccess = (typeof BOOK_ACCESS)[number];

/** Spec §4 book status of one learner's copy; NotOpen when the learner never opened it. */
export const BOOK_STATUSES = ['NotOpen', 'Start', 'Finish', 'Expired'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** A section name: '' for plain books; mocks use 'v1', 'v2-easy', 'q2-hard', 'issue'… */
export const bookSectionNameSchema = z.string().regex(/^[a-z0-9-]{0,20}$/);

export const bookSectionSchema = z.strictObject({
  section: bookSectionNameSchema.default(''),
  /** Question ids in the order they are practised; word ids ('w…') are allowed too. */
  question_ids: z.array(questionIdSchema).min(1).max(500),
});

/** What a book is filtered by, shown as its tags in the list. */
export const bookParamSchema = z.strictObject({
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  topic: z.enum(MATH_TOPICS).optional(),
});

export const bookTemplateSchema = z
  .strictObject({
    id: bookIdSchema,
    kind: z.enum(BOOK_KINDS),
    /** Finer grouping inside a page (e.g. the category of a pick book, the topic of a math2 drill). */
    kind2: z.string().regex(/^[a-z0-9_-]{0,30}$/).default(''),
    kind3: z.string().regex(/^[a-z0-9_-]{0,30}$/).default(''),
    kind4: z.string().regex(/^[a-z0-9_-]{0,30}$/).default(''),
    /** Chinese title as listed. */
    title: z.string().min(1).max(60),
    sub_title: z.string().max(120).default(''),
    /** A short badge on the card, e.g. 新 or 热门. */
    label: z.string().max(12).default(''),
    param: bookParamSchema.default({}),
    access: z.enum(BOOK_ACCESS).default('free'),
    /** `lock` books: the lowest tier that may open it (below → `limit`). */
    min_role: z.enum(ROLE_KINDS).optional(),
    /** `lock` books: closed before this instant (→ `book_locked` with the date), ISO 8601 with an offset. */
    unlock_date: z.iso.datetime({ offset: true }).optional(),
    /** Opening this book shows its `underground` questions, which are seen nowhere else. */
    grants_underground: z.boolean().default(false),
    /** Order on its page, lowest first; defaults to the book's place in its file. */
    position: z.number().int().min(0).max(100_000).optional(),
    sections: z.array(bookSectionSchema).min(1).max(12),
  })
  .superRefine((b, ctx) => {
    if (b.access === 'lock' && !b.min_role && !b.unlock_date && b.kind !== 'higher') {
      ctx.addIssue({ code: 'custom', path: ['access'], message: "a 'lock' book needs min_role or unlock_date" });
    }
    if (b.access !== 'lock' && (b.min_role || b.unlock_date)) {
      ctx.addIssue({ code: 'custom', path: ['access'], message: "min_role and unlock_date only apply to 'lock' books" });
    }
    const names = b.sections.map((s) => s.section);
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'section names repeat' });
  });
export type ContentBook = z.infer<typeof bookTemplateSchema>;

/** One books file: any number of templates. */
export const bookFileSchema = z.strictObject({ books: z.array(bookTemplateSchema).min(1).max(500) });
