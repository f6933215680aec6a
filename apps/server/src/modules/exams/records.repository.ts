import { examItems, exams, examSections, type Db } from '@gre/db';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';

/** One page of a learner's record (newest first, without Close exams) with question and answered counts. */
export async function listExams(db: Db, userId: number, kind: string | undefined, limit: number, offset: number) {
  const cond = and(eq(exams.userId, userId), ne(exams.status, 'Close'), kind ? eq(exams.kind, kind) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: exams.id,
        name: exams.name,
        kind: exams.kind,
        source: exams.source,
        templateId: exams.templateId,
        status: exams.status,
        result: exams.result,
        createdAt: exams.createdAt,
        updatedAt: exams.updatedAt,
        questionCount: sql<number>`(select coalesce(sum(${examSections.questionCount}), 0) from ${examSections} where ${examSections.examId} = ${exams.id})::int`,
        answeredCount: sql<number>`(select count(*) from ${examItems} where ${examItems.examId} = ${exams.id} and ${examItems.state} = 'Answered')::int`,
      })
      .from(exams)
      .where(cond)
      .orderBy(desc(exams.createdAt), desc(exams.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exams)
      .where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A learner's finished exams of one book, oldest first. */
export async function finishedExamsOf(db: Db, userId: number, templateId: string) {
  return db
    .select({ id: exams.id, finishedAt: exams.finishedAt, result: exams.result })
    .from(exams)
    .where(and(eq(exams.userId, userId), eq(exams.templateId, templateId), eq(exams.status, 'Finished')))
    .orderBy(asc(exams.finishedAt), asc(exams.id));
}

export async function hasExamsOf(db: Db, userId: number, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.userId, userId), eq(exams.templateId, templateId), ne(exams.status, 'Close')))
    .limit(1);
  return !!row;
}

/** This learner's simulations of some mocks, newest first. */
export async function simulationsOf(db: Db, userId: number, templateIds: string[]) {
  if (templateIds.length === 0) return [];
  return db
    .select({ id: exams.id, templateId: exams.templateId, status: exams.status, result: exams.result })
    .from(exams)
    .where(
      and(
        eq(exams.userId, userId),
        eq(exams.kind, 'simulate'),
        inArray(exams.templateId, templateIds),
        ne(exams.status, 'Close'),
      ),
    )
    .orderBy(desc(exams.createdAt), desc(exams.id));
}
