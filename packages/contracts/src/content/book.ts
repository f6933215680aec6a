import { z } from 'zod';
import { DIFFICULTIES, ROLE_KINDS } from '../enums.js';
import { bookIdSchema, MATH_TOPICS, questionIdSchema } from './question.js';

/**
 * Book templates as shipped in `content/books/*.json` and imported by `content:import`.
 * A learner's copy of a book (status, exam) is a `user_books` row, never part of the content.
 */

/** Book kinds; each bank page lists one kind (`mock` books belong to the simulated exams). */
export const BOOK_KINDS = [
  'pick',
  'best',
  'season',
  'higher',
  'archived_pick',
  'archived_six_two',
  'math2',
  'mock',
] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** The kinds a bank page may ask `/api/book/list` for. */
export const BOOK_PAGE_KINDS = [
  'pick',
  'best',
  'season',
  'higher',
  'archived_pick',
  'archived_six_two',
  'math2',
] as const;
export type BookPageKind = (typeof BOOK_PAGE_KINDS)[number];

/** product.md: hide (not listed), forbid (listed, cannot open), lock (date or tier), prevent (answers after finishing), free. */
export const BOOK_ACCESS = ['hide', 'forbid', 'lock', 'prevent', 'free'] as const;
export type BookAccess = (typeof BOOK_ACCESS)[number];

/** Spec §4 book status of one learner's copy; NotOpen when the learner never opened it. */
export const BOOK_STATUSES = ['NotOpen', 'Start', 'Finish', 'Expired'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/**
 * The sections of a mock exam (`kind: 'mock'`) and their sizes (product.md, the shorter GRE): the Issue prompt,
 * section 1 of Verbal and of Quant, and three section-2 variants of each, of which an exam gives the one its
 * section-1 raw score picks. Every mock has exactly these; an exam shows the learner 1 + 12 + 15 + 12 + 15.
 */
export const MOCK_SECTIONS = {
  issue: 1,
  v1: 12,
  'v2-easy': 15,
  'v2-medium': 15,
  'v2-hard': 15,
  q1: 12,
  'q2-easy': 15,
  'q2-medium': 15,
  'q2-hard': 15,
} as const;
export type MockSectionName = keyof typeof MOCK_SECTIONS;

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

/**
 * Spec §3 Book template `tailor` flags: which tailored-book shelves may draw on this book. `custom`: a teacher may
 * build a learner's own tailored book from its questions (granted by /api/permission/assign_custom_tailor_use);
 * `common`: it is offered on the shared tailor shelf (assign_common_tailor_use, `show_tailor_shelf`).
 */
export const bookTailorSchema = z.strictObject({
  custom: z.boolean().default(false),
  common: z.boolean().default(false),
});
export type BookTailor = z.infer<typeof bookTailorSchema>;
export const BOOK_TAILOR_NONE: BookTailor = { custom: false, common: false };

/**
 * The one rule for a hidden book: `access: 'hide'`, or the template's `hide` flag, which holds back a book of any
 * access kind (a `prevent` test before its release) without losing that kind. Hidden books are neither listed nor
 * opened by learners; staff see them.
 */
export function isHiddenBook(book: { access: string; hide?: boolean | undefined }): boolean {
  return book.access === 'hide' || book.hide === true;
}

/** What a mock's sections must be without looking at the questions: the names and sizes of MOCK_SECTIONS, no id twice. */
function checkMockShape(sections: z.infer<typeof bookSectionSchema>[], ctx: z.RefinementCtx): void {
  const want = Object.keys(MOCK_SECTIONS);
  const missing = want.filter((n) => !sections.some((s) => s.section === n));
  if (missing.length)
    ctx.addIssue({ code: 'custom', path: ['sections'], message: `a mock needs the sections ${missing.join(', ')}` });
  const seen = new Set<string>();
  sections.forEach((s, i) => {
    const size = MOCK_SECTIONS[s.section as MockSectionName] as number | undefined;
    if (size === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['sections', i, 'section'],
        message: `'${s.section}' is not a mock section (${want.join(', ')})`,
      });
    else if (s.question_ids.length !== size)
      ctx.addIssue({
        code: 'custom',
        path: ['sections', i, 'question_ids'],
        message: `mock section '${s.section}' holds ${size} questions, not ${s.question_ids.length}`,
      });
    s.question_ids.forEach((id, j) => {
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['sections', i, 'question_ids', j],
          message: `question '${id}' appears twice in this mock`,
        });
      seen.add(id);
    });
  });
}

export const bookTemplateSchema = z
  .strictObject({
    id: bookIdSchema,
    kind: z.enum(BOOK_KINDS),
    /** Finer grouping inside a page (e.g. the category of a pick book, the topic of a math2 drill). */
    kind2: z
      .string()
      .regex(/^[a-z0-9_-]{0,30}$/)
      .default(''),
    kind3: z
      .string()
      .regex(/^[a-z0-9_-]{0,30}$/)
      .default(''),
    kind4: z
      .string()
      .regex(/^[a-z0-9_-]{0,30}$/)
      .default(''),
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
    tailor: bookTailorSchema.default(BOOK_TAILOR_NONE),
    /** Spec §3 template `hide`: kept off every list and closed to learners whatever its access (see isHiddenBook). */
    hide: z.boolean().default(false),
    /** Order on its page, lowest first; defaults to the book's place in its file. */
    position: z.number().int().min(0).max(100_000).optional(),
    sections: z.array(bookSectionSchema).min(1).max(12),
  })
  .superRefine((b, ctx) => {
    if (b.access === 'lock' && !b.min_role && !b.unlock_date && b.kind !== 'higher') {
      ctx.addIssue({ code: 'custom', path: ['access'], message: "a 'lock' book needs min_role or unlock_date" });
    }
    if (b.access !== 'lock' && (b.min_role || b.unlock_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['access'],
        message: "min_role and unlock_date only apply to 'lock' books",
      });
    }
    // A prevent book's questions are underground (consistency.ts checkBookQuestions), so only a book that grants them shows them.
    if (b.access === 'prevent' && !b.grants_underground) {
      ctx.addIssue({
        code: 'custom',
        path: ['grants_underground'],
        message: "a 'prevent' book lists underground questions only and must grant them",
      });
    }
    const names = b.sections.map((s) => s.section);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: 'section names repeat' });
    if (b.kind === 'mock') checkMockShape(b.sections, ctx);
  });
export type ContentBook = z.infer<typeof bookTemplateSchema>;

/** One books file: any number of templates. */
export const bookFileSchema = z.strictObject({ books: z.array(bookTemplateSchema).min(1).max(500) });
