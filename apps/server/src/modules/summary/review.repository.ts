import { crafts, questions } from '@gre/db';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { stepSchedule } from '../../lib/fsrs.js';
import type { CraftRow } from '../crafts/index.js';
import { briefColumns, type BriefRow } from '@gre/db/queries';
import type { Queryable, Tx } from '@gre/db';

/** One answered, gradable item of a submitted section. */
export interface ReviewedAnswer {
  questionId: string;
  right: boolean;
}

/**
 * Steps the FSRS card of every answered question that carries a wrong craft (the section's wrong answers have just
 * been recorded, so a first mistake is included): wrong → Again, right → Good. A question answered twice in a section
 * counts as wrong if either answer was. Rows are locked in question order, like the wrong-craft upsert, so two
 * sections submitted at once wait for each other. Returns how many of them were due before `dueBy` (re-reviews done).
 */
export async function stepReviews(
  tx: Tx,
  userId: number,
  answered: ReviewedAnswer[],
  now: Date,
  dueBy: Date,
): Promise<number> {
  const right = new Map<string, boolean>();
  for (const a of answered) right.set(a.questionId, (right.get(a.questionId) ?? true) && a.right);
  if (right.size === 0) return 0;
  const ids = [...right.keys()].sort();
  const res = await tx.execute<{ id: number; question_id: string; schedule: unknown; due: number | null }>(sql`
    select id::float8 as id, question_id, schedule, extract(epoch from due_at)::float8 as due from crafts
    where user_id = ${userId}::bigint and question_id in (${sql.join(
      ids.map((id) => sql`${id}::text`),
      sql`, `,
    )}) and wrong is not null
    order by question_id for update`);
  if (res.rows.length === 0) return 0;
  let wasDue = 0;
  const rows = res.rows.map((r) => {
    if (r.due !== null && Number(r.due) * 1000 < dueBy.getTime()) wasDue += 1;
    const next = stepSchedule(r.schedule, right.get(r.question_id)!, now);
    return sql`(${Number(r.id)}::bigint, ${JSON.stringify(next)}::jsonb, ${next.due}::float8)`;
  });
  await tx.execute(sql`
    update crafts c set schedule = v.s, due_at = to_timestamp(v.d)
    from (values ${sql.join(rows, sql`, `)}) as v (id, s, d) where c.id = v.id`);
  return wasDue;
}

/** How many of the learner's wrong questions, of questions they may see, are due before `dueBy`. */
export async function dueCount(db: Queryable, userId: number, dueBy: Date, visibilities: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(
      and(
        eq(crafts.userId, userId),
        isNotNull(crafts.wrong),
        lt(crafts.dueAt, dueBy),
        inArray(questions.visibility, visibilities),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The due wrong questions of questions the learner may see, most overdue first. */
export async function dueCrafts(
  db: Queryable,
  userId: number,
  dueBy: Date,
  visibilities: string[],
  limit: number,
): Promise<{ craft: CraftRow; question: BriefRow }[]> {
  if (limit <= 0) return [];
  return db
    .select({ craft: crafts, question: briefColumns })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(
      and(
        eq(crafts.userId, userId),
        isNotNull(crafts.wrong),
        lt(crafts.dueAt, dueBy),
        inArray(questions.visibility, visibilities),
      ),
    )
    .orderBy(asc(crafts.dueAt), asc(crafts.id))
    .limit(limit);
}
