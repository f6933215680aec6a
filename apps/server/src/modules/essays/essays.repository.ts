import { essays, exams, questions, users, type Queryable, type Tx } from '@gre/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type EssayRow = typeof essays.$inferSelect;

/** Essays an essay is ranked among: enough for a percentage, never a scan of years of essays. */
const RANK_POOL = 5000;

/** An essay with what its views show beside it: the prompt and the names of its learner and teacher. */
export interface EssayWithPrompt {
  row: EssayRow;
  title: string;
  prompt: string;
  userName: string;
  teacherName: string | null;
}

/** The essays an exam's writing section leaves, Judging, in the exam's transaction; their ids in the given order. */
export async function insertEssays(
  tx: Tx,
  rows: { userId: number; questionId: string; examId: number; answer: string; now: Date }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await tx
    .insert(essays)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        questionId: r.questionId,
        examId: r.examId,
        answer: r.answer,
        createdAt: r.now,
        updatedAt: r.now,
      })),
    )
    .returning({ id: essays.id });
  return out.map((r) => r.id);
}

const teacher = alias(users, 'teacher');

/** One essay with its prompt; null when there is none. */
export async function findEssay(db: Queryable, id: number): Promise<EssayWithPrompt | null> {
  const [r] = await db
    .select({
      row: essays,
      title: questions.brief,
      prompt: questions.inquiry,
      userName: users.name,
      teacherName: teacher.name,
    })
    .from(essays)
    .innerJoin(questions, eq(questions.id, essays.questionId))
    .innerJoin(users, eq(users.id, essays.userId))
    .leftJoin(teacher, eq(teacher.id, essays.teacherId))
    .where(eq(essays.id, id));
  return r ?? null;
}

/** A page of the learner's essays, newest first, and how many they have. */
export async function listOwnEssays(db: Queryable, userId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: essays, title: questions.brief })
      .from(essays)
      .innerJoin(questions, eq(questions.id, essays.questionId))
      .where(eq(essays.userId, userId))
      .orderBy(desc(essays.createdAt), desc(essays.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(essays)
      .where(eq(essays.userId, userId)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

const inQueue = (flaggedOnly: boolean) =>
  and(
    sql`${essays.teacherScore} is null and ${essays.status} = 'Finished'`,
    flaggedOnly ? eq(essays.needsTeacher, true) : undefined,
  );

/** The teachers' queue: judged essays nobody graded, flagged first, oldest first. */
export async function listQueue(db: Queryable, flaggedOnly: boolean, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: essays, title: questions.brief, userName: users.name })
      .from(essays)
      .innerJoin(questions, eq(questions.id, essays.questionId))
      .innerJoin(users, eq(users.id, essays.userId))
      .where(inQueue(flaggedOnly))
      .orderBy(desc(essays.needsTeacher), asc(essays.createdAt), asc(essays.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(essays)
      .where(inQueue(flaggedOnly)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Starts a judging run of a Judging essay: one more attempt, progress from the start. Null when the essay is not
 * Judging (finished by an earlier delivery of the job, or asked for again meanwhile and run by that job).
 */
export async function claimJudging(db: Queryable, id: number, now: Date): Promise<EssayRow | null> {
  const [row] = await db
    .update(essays)
    .set({ attempts: sql`${essays.attempts} + 1`, progress: 5, updatedAt: now })
    .where(and(eq(essays.id, id), eq(essays.status, 'Judging')))
    .returning();
  return row ?? null;
}

export async function setProgress(db: Queryable, id: number, progress: number, now: Date): Promise<void> {
  await db
    .update(essays)
    .set({ progress, updatedAt: now })
    .where(and(eq(essays.id, id), eq(essays.status, 'Judging')));
}

/** Marks the quota taken for a Judging essay; false when another run did it first. */
export async function markQuotaTaken(tx: Tx, id: number): Promise<boolean> {
  const out = await tx
    .update(essays)
    .set({ quotaTaken: true })
    .where(and(eq(essays.id, id), eq(essays.quotaTaken, false)))
    .returning({ id: essays.id });
  return out.length > 0;
}

/** Ends a judging run: Finished with the judges' results, or Empty / Failed with the reason. Only while Judging. */
export async function endJudging(
  db: Queryable,
  id: number,
  fields: Partial<
    Pick<EssayRow, 'machine' | 'model' | 'score' | 'bandLow' | 'bandHigh' | 'needsTeacher' | 'error' | 'quotaTaken'>
  > & {
    status: 'Finished' | 'Failed' | 'Empty';
  },
  now: Date,
): Promise<EssayRow | null> {
  const [row] = await db
    .update(essays)
    .set({
      ...fields,
      progress: fields.status === 'Finished' ? 100 : 0,
      judgedAt: fields.status === 'Finished' ? now : null,
      updatedAt: now,
    })
    .where(and(eq(essays.id, id), eq(essays.status, 'Judging')))
    .returning();
  return row ?? null;
}

/** The learner asks again: an Empty or Failed essay of theirs goes back to Judging. Null when it is not one. */
export async function rejudge(tx: Tx, id: number, userId: number, now: Date): Promise<EssayRow | null> {
  const [row] = await tx
    .update(essays)
    .set({ status: 'Judging', progress: 0, attempts: 0, error: null, updatedAt: now })
    .where(and(eq(essays.id, id), eq(essays.userId, userId), sql`${essays.status} in ('Empty', 'Failed')`))
    .returning();
  return row ?? null;
}

/** A teacher's score and comment; the reported score becomes the teacher's. */
export async function gradeEssay(
  tx: Tx,
  id: number,
  teacherId: number,
  score: number,
  comment: string,
  now: Date,
): Promise<EssayRow | null> {
  const [row] = await tx
    .update(essays)
    .set({
      teacherId,
      teacherScore: score,
      teacherComment: comment,
      teacherAt: now,
      score,
      bandLow: score,
      bandHigh: score,
      needsTeacher: false,
      status: 'Finished',
      progress: 100,
      error: null,
      judgedAt: sql`coalesce(${essays.judgedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(essays.id, id))
    .returning();
  return row ?? null;
}

/** The scores of the other judged essays on a prompt, for an essay's rank (the newest RANK_POOL of them). */
export async function otherScores(db: Queryable, questionId: string, essayId: number): Promise<number[]> {
  const rows = await db
    .select({ score: essays.score })
    .from(essays)
    .where(
      and(
        eq(essays.questionId, questionId),
        eq(essays.status, 'Finished'),
        sql`${essays.score} is not null and ${essays.id} <> ${essayId}`,
      ),
    )
    .orderBy(desc(essays.id))
    .limit(RANK_POOL);
  return rows.map((r) => Number(r.score));
}

/**
 * Copies an essay's judging into the exam's stored result (the AW score on the result page and the report) and the
 * learner's essay craft (the personal pages), so both show what the essay row says.
 */
export async function publishJudging(db: Queryable, row: EssayRow): Promise<void> {
  const issue = {
    status: row.status,
    score: row.score,
    band: row.bandLow === null || row.bandHigh === null ? null : { low: row.bandLow, high: row.bandHigh },
    essay_id: row.id,
  };
  if (row.examId !== null)
    await db
      .update(exams)
      .set({
        result: sql`jsonb_set(${exams.result}, '{issue}', (${exams.result} -> 'issue') || ${JSON.stringify(issue)}::jsonb)`,
      })
      .where(
        and(
          eq(exams.id, row.examId),
          sql`${exams.result} -> 'issue' is not null and jsonb_typeof(${exams.result} -> 'issue') = 'object'`,
        ),
      );
  await db.execute(sql`
    update crafts set issue = jsonb_set(issue, '{result}', coalesce(issue -> 'result', '{}'::jsonb) || ${JSON.stringify(
      {
        status: row.status,
        score: row.score,
        progress: row.progress,
        essay_id: row.id,
      },
    )}::jsonb)
    where user_id = ${row.userId} and question_id = ${row.questionId} and issue is not null
      and (issue -> 'source' ->> 'exam_id')::bigint is not distinct from ${row.examId}::bigint`);
}

/** An exam's essays, for the result computed when the exam finishes (an essay judged before that keeps its score). */
export async function essaysOfExam(db: Queryable, examId: number): Promise<EssayRow[]> {
  return db.select().from(essays).where(eq(essays.examId, examId)).orderBy(asc(essays.id));
}

/**
 * Essays whose judging was never sent or whose job died: Judging and untouched for `staleSeconds`. The sweep sends
 * each again (a job that keeps dying ends Failed by its attempts).
 */
export async function staleJudging(db: Queryable, now: Date, staleSeconds: number, limit: number): Promise<EssayRow[]> {
  return db
    .select()
    .from(essays)
    .where(
      and(
        eq(essays.status, 'Judging'),
        sql`${essays.updatedAt} < ${now.toISOString()}::timestamptz - make_interval(secs => ${staleSeconds})`,
      ),
    )
    .orderBy(asc(essays.updatedAt))
    .limit(limit);
}

/** The learner an essay belongs to, as the quota reads them when the job (not a call) takes the judging. */
export async function findUserRow(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
