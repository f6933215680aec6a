import { examItems, exams, questions } from '@gre/db';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@gre/db';

/**
 * The learner's finished exams, oldest first. `listed` leaves out the ones deleted from the record (Close): score
 * histories link to their exams, while counts keep every finished exam (a deleted record keeps its statistics).
 */
export async function finishedExams(db: Queryable, userId: number, opts: { simulateOnly: boolean; listed: boolean }) {
  return db
    .select({ id: exams.id, finishedAt: exams.finishedAt, result: exams.result })
    .from(exams)
    .where(
      and(
        eq(exams.userId, userId),
        isNotNull(exams.finishedAt),
        opts.simulateOnly ? eq(exams.kind, 'simulate') : undefined,
        opts.listed ? ne(exams.status, 'Close') : undefined,
      ),
    )
    .orderBy(asc(exams.finishedAt), asc(exams.id));
}

export interface KindSum {
  category: number;
  kind: string;
  inputKind: string;
  correct: number;
  answered: number;
  total: number;
  time: number;
}

/** Graded items of some exams, summed per question category, kind and input kind; `total` counts unanswered ones too. */
export async function kindSums(db: Queryable, examIds: number[]): Promise<KindSum[]> {
  if (examIds.length === 0) return [];
  const answered = sql`${examItems.state} = 'Answered'`;
  const rows = await db
    .select({
      category: questions.category,
      kind: questions.kind,
      inputKind: examItems.inputKind,
      correct: sql<number>`(count(*) filter (where ${examItems.correct} and ${answered}))::int`,
      answered: sql<number>`(count(*) filter (where ${answered}))::int`,
      total: sql<number>`count(*)::int`,
      time: sql<number>`coalesce(sum(${examItems.usedTimeSeconds}), 0)::float8`,
    })
    .from(examItems)
    .innerJoin(questions, eq(questions.id, examItems.questionId))
    .where(and(inArray(examItems.examId, examIds), isNotNull(examItems.correct)))
    .groupBy(questions.category, questions.kind, examItems.inputKind);
  return rows.map((r) => ({
    ...r,
    correct: Number(r.correct),
    answered: Number(r.answered),
    total: Number(r.total),
    time: Number(r.time),
  }));
}

/** Every exam the learner finished, deleted records included. */
export async function countFinished(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exams)
    .where(and(eq(exams.userId, userId), isNotNull(exams.finishedAt)));
  return Number(row?.n ?? 0);
}
