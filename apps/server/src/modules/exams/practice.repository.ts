import { questions, type Db, type Tx } from '@gre/db';
import { and, inArray, sql } from 'drizzle-orm';
import { advisoryLock } from '@gre/db/queries';
import type { PlanItem } from './plan.js';

// The statements of untimed practice with checked answers (practice.ts).

/** Opening one book's practice twice at once (two tabs, a double click) finds or makes one exam, not two. */
export async function lockPractice(tx: Tx, userId: number, version: string): Promise<void> {
  await advisoryLock(tx, `practice:${userId}:${version}`);
}

/** The learner's practice of this book or list still under way, newest first: reopening resumes it. */
export async function findOpenPractice(db: Db, userId: number, version: string): Promise<number | null> {
  const res = await db.execute<{ id: number }>(sql`
    select id::float8 as id from exams
    where user_id = ${userId} and status in ('NotStart', 'Start', 'PartCompleted')
      and create_option ->> 'check' = 'true' and create_option ->> 'version' = ${version}
    order by id desc limit 1`);
  const r = res.rows[0];
  return r ? Number(r.id) : null;
}

/** Questions by id, in the order given, of those the learner may see outside books. */
export async function listedQuestions(db: Db, ids: string[], visibilities: string[]): Promise<PlanItem[]> {
  const rows = await db
    .select({
      questionId: questions.id,
      category: questions.category,
      inputKind: sql<string>`${questions.inputMethod} ->> 'kind'`,
    })
    .from(questions)
    .where(and(inArray(questions.id, ids), inArray(questions.visibility, visibilities)));
  const byId = new Map(rows.map((r) => [r.questionId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A checked item: graded now, its answer final. */
export async function markChecked(
  tx: Tx,
  examId: number,
  section: number,
  position: number,
  correct: boolean,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    update exam_items set checked_at = ${now.toISOString()}::timestamptz, correct = ${correct}
    where exam_id = ${examId} and section_index = ${section}::int and position = ${position}::int`);
}
