import { BOOK_PAGE_KINDS } from '@gre/contracts';
import { bookItems, bookTemplates, questions, userBooks, type Db } from '@gre/db';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { briefColumns, type BriefRow } from '@gre/db/queries';

export type BookTemplateRow = typeof bookTemplates.$inferSelect;

export async function findBook(db: Db, id: string): Promise<BookTemplateRow | null> {
  const [row] = await db.select().from(bookTemplates).where(eq(bookTemplates.id, id));
  return row ?? null;
}

/** The books matching `cond` a viewer may see listed: hidden ones (isHiddenBook, in SQL) only when `withHidden` (staff). */
function listedWhere(cond: SQL, withHidden: boolean): SQL {
  return withHidden ? cond : and(cond, ne(bookTemplates.access, 'hide'), eq(bookTemplates.hide, false))!;
}

/** The books of a kind a viewer may see listed: hidden ones only when `withHidden` (staff). */
export function listedBooksOf(kind: string, withHidden: boolean): SQL {
  return listedWhere(eq(bookTemplates.kind, kind), withHidden);
}

/** A template whose `tailor.common` flag is set: it stands on the shared tailor shelf. */
const isCommonShelf = sql`coalesce((${bookTemplates.tailor} ->> 'common')::boolean, false)`;
/** The bank pages' order of kinds (BOOK_PAGE_KINDS), for a list that mixes them. */
const pageKindOrder = sql`array_position(array[${sql.join(
  BOOK_PAGE_KINDS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[], ${bookTemplates.kind})`;

/**
 * The shared tailor shelf's books, at most `limit`, in page order within each kind; never a mock (taken only as a
 * simulation), hidden ones only when `withHidden` (staff).
 */
export async function listCommonBooks(db: Db, withHidden: boolean, limit: number): Promise<BookTemplateRow[]> {
  return db
    .select()
    .from(bookTemplates)
    .where(listedWhere(and(isCommonShelf, ne(bookTemplates.kind, 'mock'))!, withHidden))
    .orderBy(pageKindOrder, asc(bookTemplates.position), asc(bookTemplates.id))
    .limit(limit);
}

/** The mock books in page order; hidden ones only for staff (to check them before release). */
export async function listMocks(db: Db, withHidden: boolean): Promise<BookTemplateRow[]> {
  return db
    .select()
    .from(bookTemplates)
    .where(listedBooksOf('mock', withHidden))
    .orderBy(asc(bookTemplates.position), asc(bookTemplates.id));
}

/** One page of a kind's books in page order; hidden books only when the viewer is staff. */
export async function listBooks(
  db: Db,
  kind: string,
  withHidden: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: BookTemplateRow[]; total: number }> {
  const cond = listedBooksOf(kind, withHidden);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(bookTemplates)
      .where(cond)
      .orderBy(asc(bookTemplates.position), asc(bookTemplates.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookTemplates)
      .where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function itemCounts(db: Db, bookIds: string[]): Promise<Map<string, number>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .select({ bookId: bookItems.bookId, n: sql<number>`count(*)::int` })
    .from(bookItems)
    .where(inArray(bookItems.bookId, bookIds))
    .groupBy(bookItems.bookId);
  return new Map(rows.map((r) => [r.bookId, Number(r.n)]));
}

/** This learner's copy of each book (the newest when several), for status and limit. */
export async function userBookCopies(
  db: Db,
  userId: number,
  bookIds: string[],
): Promise<Map<string, { status: string; limit: number }>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .select({ templateId: userBooks.templateId, status: userBooks.status, limit: userBooks.limit })
    .from(userBooks)
    .where(and(eq(userBooks.userId, userId), inArray(userBooks.templateId, bookIds)))
    .orderBy(desc(userBooks.id));
  const copies = new Map<string, { status: string; limit: number }>();
  for (const r of rows) if (!copies.has(r.templateId)) copies.set(r.templateId, { status: r.status, limit: r.limit });
  return copies;
}

/** A book's items in order (positions run through all sections) with the list columns of their questions. */
export async function bookItemBriefs(db: Db, bookId: string): Promise<(BriefRow & { section: string })[]> {
  return db
    .select({ section: bookItems.section, ...briefColumns })
    .from(bookItems)
    .innerJoin(questions, eq(bookItems.questionId, questions.id))
    .where(eq(bookItems.bookId, bookId))
    .orderBy(asc(bookItems.position));
}

/** Which of these ids the book lists (in any section). */
export async function idsInBook(db: Db, bookId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: bookItems.questionId })
    .from(bookItems)
    .where(and(eq(bookItems.bookId, bookId), inArray(bookItems.questionId, ids)));
  return new Set(rows.map((r) => r.id));
}
