import { passageSentences, type Answer, type ContentQuestion } from '@gre/contracts';
import type { Db, Tx } from '@gre/db';
import { sql, type SQL } from 'drizzle-orm';
import { isStaffUser } from '../../lib/authorize.js';
import { sqlTime } from '../../lib/clock.js';
import { sinceStartSql, tickSql, type Tick } from './clock.js';

/** An exam as a change call sees it, locked for the rest of the transaction. */
export interface LockedExam {
  /** The call's one instant (deps.clock): its clock readings and every time it writes. */
  now: Date;
  id: number;
  userId: number;
  /** The learner is staff: no quota, and no opens recorded (also for a section opened by a submit). */
  staff: boolean;
  status: string;
  revision: number;
  cursorSection: number;
  cursorQuestion: number;
  isAutoCommit: boolean;
  templateId: string | null;
  name: string;
  /** What the exam was made from (book, filter, simulate, personal). */
  kind: string;
  /** Untimed practice whose answers are checked one by one (`/api/exam/check`). */
  check: boolean;
  /** Seconds since the last beat; null before the clock ever ran. */
  elapsed: number | null;
  /** The first unsubmitted section; null when all are submitted. */
  openIndex: number | null;
  /** The section the call names (or the open one); null when it does not exist. */
  section: {
    index: number;
    area: string;
    part: number;
    timeLimit: number;
    used: number;
    /** Seconds since the section opened (`sinceStartSql`). */
    sinceStart: number;
    finished: boolean;
    itemCount: number;
  } | null;
  /**
   * The question the call names; null when there is none there. `groups`: the question's option columns, null when
   * its input kind no longer matches the copy on the item; `sentences`: its passage's sentence count, for a
   * SelectSentence item (null otherwise).
   */
  item: {
    questionId: string;
    category: number;
    /** Set once the learner checked it (untimed practice). */
    checked: boolean;
    state: string;
    inputKind: string;
    groups: ContentQuestion['input_method']['option_groups'] | null;
    sentences: number | null;
  } | null;
}

interface LockRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  status: string;
  revision: number;
  cursor_section: number;
  cursor_question: number;
  is_auto_commit: boolean;
  template_id: string | null;
  name: string;
  kind: string;
  is_check: boolean;
  is_admin: boolean;
  is_operator: boolean;
  is_teacher: boolean;
  elapsed: number | null;
  open_index: number | null;
  s_index: number | null;
  area: string | null;
  part: number | null;
  time_limit_seconds: number | null;
  used_time_seconds: number | null;
  since_start: number | null;
  finished: boolean | null;
  item_count: number | null;
  item_state: string | null;
  question_id: string | null;
  category: number | null;
  checked: boolean | null;
  input_kind: string | null;
  groups: unknown;
  q_kind: string | null;
  passage: { text: string; sentences: string[] | null } | null;
}

/** The call's instant as a timestamptz parameter, in place of the database's now(). */
const sqlNow = (now: Date) => sql`${sqlTime(now)}::timestamptz`;

/**
 * The one read of a change call: the exam row locked (FOR UPDATE, so racing calls on one exam run one after the
 * other and the second sees the first's revision), the open section's index, the named section and the named item
 * with its question's option groups (for the answer shape). Only this learner's exams, never a Close one.
 * `sectionIndex` null names the open section. The clocks are read at `now`.
 */
export async function lockExam(
  tx: Tx,
  id: number,
  userId: number,
  sectionIndex: number | null,
  position: number | null,
  now: Date,
): Promise<LockedExam | null> {
  const open = sql`(select min(x.index) from exam_sections x where x.exam_id = e.id and not x.finished)`;
  const res = await tx.execute<LockRow>(sql`
    select e.id::float8 as id, e.user_id::float8 as user_id, e.status, e.revision, e.cursor_section, e.cursor_question, e.is_auto_commit,
      e.template_id, e.name, e.kind, coalesce((e.create_option ->> 'check')::boolean, false) as is_check,
      u.is_admin, u.is_operator, u.is_teacher, extract(epoch from (n.now - e.last_beat_at))::float8 as elapsed, ${open}::int as open_index,
      s.index::int as s_index, s.area, s.part::int as part, s.time_limit_seconds, s.used_time_seconds, s.finished,
      ${sql.raw(sinceStartSql('s', 'n.now'))} as since_start,
      (select count(*) from exam_items c where c.exam_id = e.id and c.section_index = s.index)::int as item_count,
      i.state as item_state, i.question_id, q.category::int as category, i.checked_at is not null as checked, i.input_kind, q.input_method -> 'option_groups' as groups, q.input_method ->> 'kind' as q_kind,
      case when i.input_kind = 'SelectSentence' then jsonb_build_object('text', coalesce(p.text, ''), 'sentences', p.sentences) end as passage
    from exams e
    join users u on u.id = e.user_id
    cross join (select ${sqlNow(now)} as now) n
    left join exam_sections s on s.exam_id = e.id and s.index = ${sectionIndex === null ? open : sql`${sectionIndex}::int`}
    left join exam_items i on i.exam_id = e.id and i.section_index = s.index and i.position = ${position ?? -1}::int
    left join questions q on q.id = i.question_id
    left join passages p on p.id = q.passage_id
    where e.id = ${id} and e.user_id = ${userId} and e.status <> 'Close'
    for update of e`);
  const r = res.rows[0];
  if (!r) return null;
  return {
    now,
    id: Number(r.id),
    userId: Number(r.user_id),
    staff: isStaffUser({ isAdmin: r.is_admin, isOperator: r.is_operator, isTeacher: r.is_teacher }),
    status: r.status,
    revision: r.revision,
    cursorSection: r.cursor_section,
    cursorQuestion: r.cursor_question,
    isAutoCommit: r.is_auto_commit,
    templateId: r.template_id,
    name: r.name,
    kind: r.kind,
    check: r.is_check === true,
    elapsed: r.elapsed === null ? null : Number(r.elapsed),
    openIndex: r.open_index === null ? null : Number(r.open_index),
    section:
      r.s_index === null
        ? null
        : {
            index: Number(r.s_index),
            area: r.area!,
            part: Number(r.part),
            timeLimit: Number(r.time_limit_seconds),
            used: Number(r.used_time_seconds),
            sinceStart: Number(r.since_start),
            finished: r.finished === true,
            itemCount: Number(r.item_count),
          },
    item:
      r.item_state === null
        ? null
        : {
            questionId: r.question_id!,
            category: Number(r.category),
            checked: r.checked === true,
            state: r.item_state,
            inputKind: r.input_kind!,
            groups: Array.isArray(r.groups) && r.q_kind === r.input_kind ? (r.groups as never) : null,
            sentences: r.passage
              ? passageSentences({ text: r.passage.text, sentences: r.passage.sentences ?? undefined }).length
              : null,
          },
  };
}

export interface ItemTouch {
  /** The question at the cursor gets the beat's seconds. */
  cursor: { section: number; position: number; add: number } | null;
  /** The question the call is about. */
  target: {
    section: number;
    position: number;
    answer?: { value: Answer; state: 'Answered' | 'NotAnswered' };
    flagged?: boolean;
    /** Shown to the learner: NotEncountered becomes NotAnswered, nothing else changes. */
    visit?: boolean;
  } | null;
}

/** One UPDATE over the (at most two) items a change touches: the time of the one at the cursor, the target's action. */
export async function touchItems(tx: Tx, examId: number, t: ItemTouch, now: Date): Promise<void> {
  const cursor = t.cursor && t.cursor.add > 0 ? t.cursor : null;
  const target = t.target;
  if (!cursor && !target) return;
  const at = (s: number, p: number) => sql`(section_index = ${s}::int and position = ${p}::int)`;
  const isCursor = cursor ? at(cursor.section, cursor.position) : sql`false`;
  const isTarget = target ? at(target.section, target.position) : sql`false`;
  const sets: SQL[] = [
    sql`used_time_seconds = used_time_seconds + case when ${isCursor} then ${cursor?.add ?? 0}::int else 0 end`,
  ];
  if (target?.answer) {
    sets.push(sql`answer = case when ${isTarget} then ${JSON.stringify(target.answer.value)}::jsonb else answer end`);
    sets.push(sql`answered_at = case when ${isTarget} then ${sqlNow(now)} else answered_at end`);
    sets.push(sql`state = case when ${isTarget} then ${target.answer.state}::text else state end`);
  } else if (target?.visit) {
    sets.push(sql`state = case when ${isTarget} and state = 'NotEncountered' then 'NotAnswered' else state end`);
  }
  if (target?.flagged !== undefined)
    sets.push(sql`flagged = case when ${isTarget} then ${target.flagged}::boolean else flagged end`);
  await tx.execute(
    sql`update exam_items set ${sql.join(sets, sql`, `)} where exam_id = ${examId} and (${isCursor} or ${isTarget})`,
  );
}

/**
 * A section's used seconds after a tick, from the row as it is when written. The tick was computed from lockExam's
 * read, where only the exam row is re-read after waiting for its lock (READ COMMITTED): the section's figures may
 * predate a racing call that committed first. So a timed section takes the larger of its stored time and the tick's
 * wall-clock reading, never adding twice; an untimed one adds the beat, which comes from the (current) exam row.
 */
const usedAfter = (k: Tick) =>
  sql`case when time_limit_seconds > 0 then greatest(used_time_seconds, ${k.used}::int) else used_time_seconds + ${k.sectionAdd}::int end`;

export interface ExamSave {
  /** The call's instant: the beat moves to it, the row is stamped with it. */
  now: Date;
  tick: Tick;
  /** The section the tick's seconds go to; null when none is open. */
  openIndex: number | null;
  /** Revision steps: 1 for a change, 0 for a plain heartbeat. */
  bump: 0 | 1;
  cursor?: { section: number; position: number };
  status?: string;
  result?: unknown;
  finished?: boolean;
}

/**
 * The section's time and the exam row in one statement (a writable CTE): clock, revision, cursor, status. Returns
 * the new revision. Every transaction that writes an exam's sections or items also runs this: the one-statement
 * changes (change-fast.ts) detect any such write by the exam row's new version.
 */
export async function saveExam(tx: Tx, examId: number, s: ExamSave): Promise<number> {
  const now = sqlNow(s.now);
  const sets: SQL[] = [sql`revision = revision + ${s.bump}::int`, sql`updated_at = ${now}`];
  const b = s.tick.beat;
  sets.push(
    b.next === 'now'
      ? sql`last_beat_at = ${now}`
      : sql`last_beat_at = last_beat_at + make_interval(secs => ${b.add}::int)`,
  );
  if (s.cursor)
    sets.push(sql`cursor_section = ${s.cursor.section}::int`, sql`cursor_question = ${s.cursor.position}::int`);
  if (s.status) sets.push(sql`status = ${s.status}::text`);
  if (s.result !== undefined) sets.push(sql`result = ${JSON.stringify(s.result)}::jsonb`);
  if (s.finished) sets.push(sql`finished_at = ${now}`);
  // A section opened before decision 015 gets the start its clock was read with (sinceStartSql), once.
  const add = s.tick.sectionAdd;
  const addTime =
    s.openIndex !== null
      ? sql`with t as (update exam_sections set used_time_seconds = ${usedAfter(s.tick)},
          started_at = coalesce(started_at, ${now} - make_interval(secs => used_time_seconds))
          where exam_id = ${examId} and index = ${s.openIndex}::int and (${add}::int > 0 or started_at is null) returning 1) `
      : sql``;
  const res = await tx.execute<{ revision: number }>(
    sql`${addTime}update exams set ${sql.join(sets, sql`, `)} where id = ${examId} returning revision`,
  );
  return Number(res.rows[0]!.revision);
}

/** The tick's seconds on a section, apart from the exam row (submitting a section needs them in before it grades). */
export async function addSectionTime(tx: Tx, examId: number, index: number, k: Tick): Promise<void> {
  if (k.sectionAdd > 0)
    await tx.execute(
      sql`update exam_sections set used_time_seconds = ${usedAfter(k)} where exam_id = ${examId} and index = ${index}::int`,
    );
}

/** A section opens (start, or the previous one submitted): its wall clock starts at the call's `now` (decision 015). */
export async function startSectionClock(tx: Tx, examId: number, index: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update exam_sections set started_at = ${sqlNow(now)} where exam_id = ${examId} and index = ${index}::int`,
  );
}

/**
 * The open section of a learner's exam under way when its time is up and a heartbeat has something to do: submit it
 * (auto-commit), or record it at its limit (manual). Null otherwise: one read, nothing locked.
 */
export async function sectionDue(db: Db, id: number, userId: number, now: Date): Promise<number | null> {
  const run = tickSql('s.time_limit_seconds', 's.used_time_seconds', sinceStartSql('s', 'n.now'), '0').run;
  const res = await db.execute<{ index: number }>(sql`
    select s.index::int as index from exams e join exam_sections s on s.exam_id = e.id cross join (select ${sqlNow(now)} as now) n
    where e.id = ${id} and e.user_id = ${userId} and e.status in ('Start', 'PartCompleted') and not s.finished
      and s.index = (select min(x.index) from exam_sections x where x.exam_id = e.id and not x.finished)
      and s.time_limit_seconds > 0 and ${sql.raw(run)} >= s.time_limit_seconds
      and (e.is_auto_commit or s.used_time_seconds < s.time_limit_seconds)`);
  const r = res.rows[0];
  return r ? Number(r.index) : null;
}
