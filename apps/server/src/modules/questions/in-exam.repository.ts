import { ANSWER_GRACE_SECONDS } from '@gre/contracts';
import type { Db } from '@gre/db';
import { sql } from 'drizzle-orm';

/**
 * Exam statuses in which the learner is answering. An exam created but never started is not running: creating a mock
 * must not take the outline of its essay prompt out of the Issue library.
 */
const RUNNING = ['Start', 'PartCompleted'];

/**
 * Of `ids` (null: every question), those whose standard answer, analysis, translation and explanation video must stay
 * on the server for this learner now (decision 013): the question is an item of a section not yet submitted (and, if
 * timed, not yet out of time) in one of their running exams, and they did not have it in a section submitted in an exam of theirs created before that one.
 *
 * "Created before" is what keeps the exception honest. Practising the same book again, or the collected questions,
 * while the first exam runs, and submitting at once, would otherwise hand out the answers of the running exam; an
 * exam created earlier held its questions before the running one existed, so submitting it reveals nothing its
 * learner could not have seen before starting. A collect, a note or an open in the bank never counts: only a submit.
 *
 * One statement: the learner's exams through `exams_user_idx`, their items through the primary keys, the earlier
 * submit through `exam_items_question_idx` or the learner's exams again, whichever PostgreSQL prefers.
 */
export async function heldForExams(
  db: Db,
  userId: number,
  ids: readonly string[] | null,
  now: Date,
): Promise<Set<string>> {
  if (ids !== null && ids.length === 0) return new Set();
  const only =
    ids === null
      ? sql``
      : sql`and i.question_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const running = sql.join(
    RUNNING.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute<{ id: string }>(sql`
    select distinct i.question_id as id
    from exams e
    join exam_sections s on s.exam_id = e.id and not s.finished
      -- A timed section past its limit and grace takes no more answers, submitted or not: nothing left to protect.
      and not (s.time_limit_seconds > 0 and s.started_at is not null
        and s.started_at + make_interval(secs => s.time_limit_seconds + ${ANSWER_GRACE_SECONDS}) < ${now.toISOString()}::timestamptz)
    join exam_items i on i.exam_id = s.exam_id and i.section_index = s.index
    where e.user_id = ${userId} and e.status in (${running}) ${only}
      -- Untimed practice with checked answers reveals each answer when the learner asks: nothing there to protect.
      and coalesce(e.create_option ->> 'check', 'false') <> 'true'
      and not exists (
        select 1 from exam_items ri
        join exam_sections rs on rs.exam_id = ri.exam_id and rs.index = ri.section_index and rs.finished
        join exams r on r.id = ri.exam_id
        where ri.question_id = i.question_id and r.user_id = ${userId} and r.id < e.id)`);
  return new Set(result.rows.map((r) => r.id));
}
