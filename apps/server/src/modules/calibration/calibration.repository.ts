import { QUESTION_CATEGORIES } from '@gre/contracts';
import { questionCalibration, questions, type Db, type Queryable, type Tx } from '@gre/db';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';

/** The categories the model calibrates: graded questions (not Issue prompts, not words). */
const GRADED = [QUESTION_CATEGORIES.filling, QUESTION_CATEGORIES.reading, QUESTION_CATEGORIES.math];

export interface FirstAnswer {
  userId: number;
  questionId: string;
  correct: boolean;
  seconds: number;
}

/**
 * Each learner's first graded answer to each graded question (a later attempt has seen the explanation, so only the
 * first says how hard the question is). One pass over the graded items, sorted by learner and question.
 */
export async function firstAnswers(db: Queryable): Promise<FirstAnswer[]> {
  const result = await db.execute<{ user_id: string; question_id: string; correct: boolean; seconds: number }>(sql`
    select distinct on (e.user_id, i.question_id)
      e.user_id, i.question_id, i.correct, i.used_time_seconds as seconds
    from exam_items i
    join exams e on e.id = i.exam_id
    join questions q on q.id = i.question_id
    where i.correct is not null and q.category in (${sql.join(GRADED, sql`, `)})
    order by e.user_id, i.question_id, coalesce(i.answered_at, e.created_at), i.exam_id`);
  return result.rows.map((r) => ({
    userId: Number(r.user_id),
    questionId: r.question_id,
    correct: r.correct,
    seconds: Number(r.seconds),
  }));
}

/** The author's label and kind of every graded question. */
export async function authorLabels(db: Queryable): Promise<Map<string, { kind: string; author: string }>> {
  const rows = await db
    .select({ id: questions.id, kind: questions.kind, author: questions.authorDifficulty })
    .from(questions)
    .where(inArray(questions.category, GRADED));
  return new Map(rows.map((r) => [r.id, { kind: r.kind, author: r.author }]));
}

export type CalibrationInsert = typeof questionCalibration.$inferInsert;

/** Replaces every calibration row with this run's. */
export async function replaceCalibration(tx: Tx, rows: CalibrationInsert[]): Promise<void> {
  await tx.delete(questionCalibration);
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(questionCalibration).values(rows.slice(i, i + 1000));
}

/**
 * The one rule for what a graded question shows: the data's label when the calibration has one, else the author's.
 * Runs after each calibration and after anything that rewrites questions from their author's label (an import, an
 * edit's publish), in that writer's transaction. Returns how many questions changed.
 */
export async function applyShownDifficulty(tx: Queryable): Promise<number> {
  const shown = sql`coalesce((select c.data_difficulty from question_calibration c where c.question_id = q.id), q.author_difficulty)`;
  const result = await tx.execute(sql`
    update questions q set difficulty = ${shown}, updated_at = now()
    where q.category in (${sql.join(GRADED, sql`, `)}) and q.difficulty is distinct from ${shown}`);
  return result.rowCount ?? 0;
}

export interface CalibrationListQuery {
  disagreeOnly: boolean;
  kind?: string | undefined;
  limit: number;
  offset: number;
}

const rowColumns = {
  questionId: questionCalibration.questionId,
  kind: questions.kind,
  brief: questions.brief,
  authorDifficulty: questions.authorDifficulty,
  shownDifficulty: questions.difficulty,
  dataDifficulty: questionCalibration.dataDifficulty,
  responses: questionCalibration.responses,
  pCorrect: questionCalibration.pCorrect,
  medianSeconds: questionCalibration.medianSeconds,
  b: questionCalibration.b,
  se: questionCalibration.se,
  calibratedAt: questionCalibration.calibratedAt,
};

/** A page of calibrated questions: disagreements first, then the most answered. */
export async function listCalibration(db: Db, q: CalibrationListQuery) {
  const where: SQL[] = [];
  const disagree = and(
    isNotNull(questionCalibration.dataDifficulty),
    ne(questionCalibration.dataDifficulty, questions.authorDifficulty),
  )!;
  if (q.disagreeOnly) where.push(disagree);
  if (q.kind) where.push(eq(questions.kind, q.kind));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(questionCalibration)
      .innerJoin(questions, eq(questions.id, questionCalibration.questionId))
      .where(cond)
      .orderBy(desc(sql`(${disagree})`), desc(questionCalibration.responses), asc(questionCalibration.questionId))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(questionCalibration)
      .innerJoin(questions, eq(questions.id, questionCalibration.questionId))
      .where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** What the last run left: its size and time; null before any run. */
export async function lastRun(db: Db, minResponses: number) {
  const [row] = await db
    .select({
      questions: sql<number>`count(*)::int`,
      decided: sql<number>`count(*) filter (where ${questionCalibration.responses} >= ${minResponses})::int`,
      responses: sql<number>`coalesce(sum(${questionCalibration.responses}), 0)::int`,
      at: sql<Date | null>`max(${questionCalibration.calibratedAt})`,
    })
    .from(questionCalibration);
  return row && row.at ? { ...row, at: new Date(row.at) } : null;
}

/** Every decided question (the data give a label), by id. */
export async function decidedCalibration(db: Db) {
  return db
    .select({
      questionId: questionCalibration.questionId,
      authorDifficulty: questions.authorDifficulty,
      dataDifficulty: questionCalibration.dataDifficulty,
      responses: questionCalibration.responses,
      b: questionCalibration.b,
    })
    .from(questionCalibration)
    .innerJoin(questions, eq(questions.id, questionCalibration.questionId))
    .where(isNotNull(questionCalibration.dataDifficulty))
    .orderBy(asc(questionCalibration.questionId));
}
