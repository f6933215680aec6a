import { z } from 'zod';
import { defineCall } from '../define.js';
import { ROLE_KINDS } from '../enums.js';
import {
  BOOK_ACCESS,
  BOOK_KINDS,
  BOOK_PAGE_KINDS,
  BOOK_STATUSES,
  bookParamSchema,
  bookTailorSchema,
} from '../content/book.js';
import { bookIdSchema } from '../content/question.js';
import { questionBriefSchema } from './questions.js';

/** Most books one list page returns; a bank page holds far fewer. */
export const BOOK_PAGE_MAX = 50;

/** What opening a book answers now, so the list can show a lock, a date or the upgrade hint before the click. */
export const BOOK_REFUSALS = ['forbidden', 'limit', 'book_locked'] as const;

/** A book as listed (spec §3 Book: template fields, this learner's status and limit). */
export const bookBriefSchema = z.object({
  id: z.string(),
  kind: z.enum(BOOK_KINDS),
  kind2: z.string(),
  kind3: z.string(),
  kind4: z.string(),
  title: z.string(),
  sub_title: z.string(),
  label: z.string(),
  param: bookParamSchema,
  access: z.enum(BOOK_ACCESS),
  /** Spec §3 template tailor flags. */
  tailor: bookTailorSchema,
  /** Hidden (isHiddenBook): only staff receive such a book, so a learner never sees true. */
  hide: z.boolean(),
  /** Lowest tier that may open a `lock` book; null when any tier may. */
  min_role: z.enum(ROLE_KINDS).nullable(),
  /** Unix seconds a `lock` book opens; null when it is not time-locked. */
  unlock_date_stamp: z.number().int().nullable(),
  question_count: z.number().int(),
  /** This learner's copy; NotOpen when never opened. */
  status: z.enum(BOOK_STATUSES),
  /** Spec §3 Book.limit of this learner's copy (0 = none). */
  limit: z.number().int(),
  /** Null when it opens; else the kind `/api/book/get` answers. */
  refusal: z.enum(BOOK_REFUSALS).nullable(),
  /** `prevent` books: answers and analysis appear once this learner's copy is Finish. */
  answers_after_finish: z.boolean(),
});
export type BookBrief = z.infer<typeof bookBriefSchema>;

export const bookCalls = {
  list: defineCall({
    path: '/api/book/list',
    auth: 'user',
    summary: "The books of one bank page with this learner's status; locked ones with their unlock date",
    request: z.strictObject({
      kind: z.enum(BOOK_PAGE_KINDS),
      page: z.number().int().min(1).max(1000).default(1),
      page_size: z.number().int().min(1).max(BOOK_PAGE_MAX).default(BOOK_PAGE_MAX),
    }),
    response: z.object({ books: z.array(bookBriefSchema), total: z.number().int() }),
  }),
  get: defineCall({
    path: '/api/book/get',
    auth: 'user',
    summary: 'One book with its question briefs by section; the book access rules apply',
    request: z.strictObject({ id: bookIdSchema }),
    response: z.object({
      book: bookBriefSchema,
      sections: z.array(z.object({ section: z.string(), questions: z.array(questionBriefSchema) })),
    }),
  }),
};
