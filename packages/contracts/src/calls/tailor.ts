import { z } from 'zod';
import { emptySchema, idSchema, LIMITS, okSchema, pageControlSchema, str } from '../common.js';
import { bookIdSchema, questionIdSchema } from '../content/question.js';
import { defineCall } from '../define.js';
import { bookBriefSchema } from './books.js';
import { questionBriefSchema } from './questions.js';

/**
 * Tailored books (spec §3 Book template tailor flags; product.md: teachers build tailored books): a teacher builds a
 * learner's own book from the questions of books whose `tailor.custom` flag is set. Creating one uses one of the
 * learner's `custom_tailor_uses` (granted by /api/permission/assign_custom_tailor_use); at none left it is refused.
 * The shared tailor shelf lists the books whose `tailor.common` flag is set to learners given `show_tailor_shelf`
 * (/api/permission/assign_common_tailor_use), for whom those books open past their tier lock and the higher grant.
 */

/** Questions one tailored book may hold. */
export const TAILOR_QUESTIONS_MAX = 200;
export const TAILOR_NAME_MAX = 32;
/** Most books the shared tailor shelf lists (it is a handful chosen by the content team, not a bank page). */
export const TAILOR_SHELF_MAX = 100;
/** Learners one page of the teacher's search shows; enough to pick from, too few to walk the user table with. */
export const LEARNER_PAGE_MAX = 20;
/** Pages the teacher's search goes through: a query that matches more than this is one to narrow. */
export const LEARNER_PAGES_MAX = 50;

/**
 * A learner as the teacher's search shows them: enough to tell one from another and to build for them. The phone and
 * e-mail come masked (`138****5678`, `a***@example.com`); no coins, trades, tier dates or other rights.
 */
export const learnerHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The tier in force now, as the app names it. */
  role_name: z.string(),
  custom_tailor_uses: z.number().int(),
});
export type LearnerHit = z.infer<typeof learnerHitSchema>;

/** A tailored book as the teacher sees it. */
export const tailoredBookSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** Who built it last; null when that teacher's account is gone. */
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  name: z.string(),
  /** In the teacher's order. */
  question_ids: z.array(z.string()),
  created_stamp: z.number().int(),
  updated_stamp: z.number().int(),
});
export type TailoredBook = z.infer<typeof tailoredBookSchema>;

/** A book whose questions a teacher may put into tailored books. */
export const tailorSourceSchema = z.object({
  book_id: z.string(),
  title: z.string(),
  sub_title: z.string(),
  question_count: z.number().int(),
});
export type TailorSource = z.infer<typeof tailorSourceSchema>;

export const tailorCalls = {
  findLearner: defineCall({
    path: '/api/tailor/find_learner',
    auth: 'teacher',
    summary:
      'Find learners (no staff accounts) by phone, e-mail, name or id for the tailored-book console: masked contacts, tier name and tailored-book uses; a page at a time',
    request: z.strictObject({
      /** Digits match an id exactly or part of a phone; anything matches part of a name or an e-mail. Blank finds nobody. */
      query: str(LIMITS.shortText, 1),
      page: z.number().int().min(1).max(LEARNER_PAGES_MAX).default(1),
      page_size: z.number().int().min(1).max(LEARNER_PAGE_MAX).default(10),
    }),
    response: z.object({ items: z.array(learnerHitSchema), page_control: pageControlSchema }),
  }),
  sources: defineCall({
    path: '/api/tailor/sources',
    auth: 'teacher',
    summary: "Books whose tailor.custom flag is set; with book_id, that book's questions as list lines to pick from",
    request: z.strictObject({ book_id: bookIdSchema.optional() }),
    response: z.object({ books: z.array(tailorSourceSchema), questions: z.array(questionBriefSchema) }),
  }),
  list: defineCall({
    path: '/api/tailor/list',
    auth: 'teacher',
    summary: "A learner's tailored books and how many more may be built for them",
    request: z.strictObject({ user_id: idSchema }),
    response: z.object({
      user_id: z.number().int(),
      user_name: z.string(),
      custom_tailor_uses: z.number().int(),
      books: z.array(tailoredBookSchema),
    }),
  }),
  save: defineCall({
    path: '/api/tailor/save',
    auth: 'teacher',
    summary:
      "Create (no id: uses one of the learner's custom_tailor_uses, refused at none) or update a learner's tailored book from questions of tailor.custom books",
    request: z.strictObject({
      /** The book to update; absent to create one. */
      id: idSchema.optional(),
      user_id: idSchema,
      name: str(TAILOR_NAME_MAX, 1),
      question_ids: z.array(questionIdSchema).min(1).max(TAILOR_QUESTIONS_MAX),
    }),
    response: z.object({ book: tailoredBookSchema, custom_tailor_uses: z.number().int() }),
  }),
  delete: defineCall({
    path: '/api/tailor/delete',
    auth: 'teacher',
    summary: 'Delete a tailored book (the use it took is not given back)',
    request: z.strictObject({ id: idSchema }),
    response: okSchema,
  }),
  mine: defineCall({
    path: '/api/tailor/mine',
    auth: 'user',
    summary:
      "The learner's own tailored books, newest first, each question as a list line under the question access rules",
    request: emptySchema,
    response: z.object({
      books: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          teacher_name: z.string().nullable(),
          updated_stamp: z.number().int(),
          questions: z.array(questionBriefSchema),
        }),
      ),
    }),
  }),
  shelf: defineCall({
    path: '/api/tailor/shelf',
    auth: 'user',
    summary:
      'The shared tailor shelf: books whose tailor.common flag is set (at most TAILOR_SHELF_MAX), as /api/book/list lists them; for learners given show_tailor_shelf and staff, others forbidden',
    request: emptySchema,
    response: z.object({ books: z.array(bookBriefSchema) }),
  }),
};
