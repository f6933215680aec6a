import { bookItems, bookTemplates, questions, tailoredBooks, users, type Queryable } from '@gre/db';
import { briefColumns, roleAt, userQueryCondition, type BriefRow } from '@gre/db/queries';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type TailoredBookRow = typeof tailoredBooks.$inferSelect;
export type TailoredBookWithTeacher = TailoredBookRow & { teacherName: string | null };

/** A book template whose `tailor.custom` flag is set: its questions may go into tailored books. */
const isCustomSource = sql`coalesce((${bookTemplates.tailor} ->> 'custom')::boolean, false)`;

/**
 * Adds `delta` to the learner's tailored-book uses (negative takes) in one conditional update, so concurrent takes
 * never go below zero. The new count; null when it would go negative or the user is unknown.
 */
export async function changeUses(db: Queryable, userId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ customTailorUses: sql`${users.customTailorUses} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.customTailorUses} + ${delta} >= 0`))
    .returning({ uses: users.customTailorUses });
  return row ? row.uses : null;
}

export async function learner(
  db: Queryable,
  userId: number,
): Promise<{ id: number; name: string; uses: number } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, uses: users.customTailorUses })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** What the teacher's search reads of a learner: no secrets, coins, trades or tier dates are selected at all. */
export interface LearnerHitRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  role: string;
  uses: number;
}

/**
 * A page of learners the query finds (the admin's user search rule, `userQueryCondition`), newest account first, and
 * how many it finds in all. Staff accounts are left out: a teacher builds books for learners, not for colleagues.
 */
export async function findLearners(
  db: Queryable,
  query: string,
  now: Date,
  page: number,
  size: number,
): Promise<{ rows: LearnerHitRow[]; total: number }> {
  const matches = userQueryCondition(query);
  if (!matches) return { rows: [], total: 0 };
  const where = and(matches, eq(users.isAdmin, false), eq(users.isOperator, false), eq(users.isTeacher, false));
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      role: roleAt(now),
      uses: users.customTailorUses,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

const teachers = alias(users, 'teachers');

/** The learner's tailored books, newest change first, with the name of the teacher who built each. */
export async function booksOf(db: Queryable, userId: number): Promise<TailoredBookWithTeacher[]> {
  return db
    .select({
      id: tailoredBooks.id,
      userId: tailoredBooks.userId,
      teacherId: tailoredBooks.teacherId,
      name: tailoredBooks.name,
      questionIds: tailoredBooks.questionIds,
      createdAt: tailoredBooks.createdAt,
      updatedAt: tailoredBooks.updatedAt,
      teacherName: teachers.name,
    })
    .from(tailoredBooks)
    .leftJoin(teachers, eq(teachers.id, tailoredBooks.teacherId))
    .where(eq(tailoredBooks.userId, userId))
    .orderBy(desc(tailoredBooks.updatedAt), desc(tailoredBooks.id));
}

export async function bookById(db: Queryable, id: number): Promise<TailoredBookRow | null> {
  const [row] = await db.select().from(tailoredBooks).where(eq(tailoredBooks.id, id)).for('update');
  return row ?? null;
}

export async function insertBook(db: Queryable, values: typeof tailoredBooks.$inferInsert): Promise<TailoredBookRow> {
  const [row] = await db.insert(tailoredBooks).values(values).returning();
  return row!;
}

export async function updateBook(
  db: Queryable,
  id: number,
  patch: { name: string; questionIds: string[]; teacherId: number },
): Promise<TailoredBookRow | null> {
  const [row] = await db
    .update(tailoredBooks)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(tailoredBooks.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBook(db: Queryable, id: number): Promise<TailoredBookRow | null> {
  const [row] = await db.delete(tailoredBooks).where(eq(tailoredBooks.id, id)).returning();
  return row ?? null;
}

/** Which of `ids` stand in at least one book whose `tailor.custom` flag is set. */
export async function tailorableIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: bookItems.questionId })
    .from(bookItems)
    .innerJoin(bookTemplates, eq(bookTemplates.id, bookItems.bookId))
    .where(and(inArray(bookItems.questionId, ids), isCustomSource));
  return new Set(rows.map((r) => r.id));
}

/** Every `tailor.custom` book with its question count, in the order the books are shown. */
export async function customSources(
  db: Queryable,
): Promise<{ bookId: string; title: string; subTitle: string; count: number }[]> {
  return db
    .select({
      bookId: bookTemplates.id,
      title: bookTemplates.title,
      subTitle: bookTemplates.subTitle,
      count: sql<number>`(select count(distinct ${bookItems.questionId})::int from ${bookItems} where ${bookItems.bookId} = ${bookTemplates.id})`,
    })
    .from(bookTemplates)
    .where(isCustomSource)
    .orderBy(asc(bookTemplates.kind), asc(bookTemplates.position), asc(bookTemplates.id));
}

/** The question ids of one `tailor.custom` book in book order (each once); empty for any other book. */
export async function sourceQuestionIds(db: Queryable, bookId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bookItems.questionId })
    .from(bookItems)
    .innerJoin(bookTemplates, eq(bookTemplates.id, bookItems.bookId))
    .where(and(eq(bookItems.bookId, bookId), isCustomSource))
    .orderBy(asc(bookItems.section), asc(bookItems.position));
  return [...new Set(rows.map((r) => r.id))];
}

/** List lines of these questions (unknown ids absent), for the caller to put in its own order. */
export async function briefsByIds(db: Queryable, ids: string[]): Promise<BriefRow[]> {
  if (ids.length === 0) return [];
  return db.select(briefColumns).from(questions).where(inArray(questions.id, ids));
}
