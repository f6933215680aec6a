import type { Answer } from '@gre/contracts';
import type { Database } from '@gre/db';
import { sqlTime } from '../../lib/clock.js';
import { rawQuery } from '../../lib/raw-query.js';
import { beatSql, pastGraceSql, sinceStartSql, tickSql } from './clock.js';

/**
 * The statements of the exam changes' fast path (change-fast.ts, decision 009): one per action for a batch of changes,
 * and the read that fills the section cache (section-cache.ts). Both run on the bare driver, outside any transaction.
 *
 * Races (READ COMMITTED): the reads see the statement's snapshot, which a racing call may have overtaken. The exam
 * row's UPDATE is therefore a compare-and-swap on the row version the reads saw (`xmin`): PostgreSQL re-checks it
 * against the newest version after waiting for the row lock, so when anything committed in between, nothing is
 * written for that exam and the transactional path decides. That covers the sections and items too, because every
 * write to them happens in a transaction that also writes the exam row (change.repository.ts, grading/grading.repository.ts;
 * creation inserts all three). An exam's items and section are written only through its exam UPDATE's result, so
 * its exam row is always locked first, as in every other change call.
 */

export type FastAction =
  | {
      kind: 'answer';
      answer: Answer;
      state: 'Answered' | 'NotAnswered';
      /** The question's `updated_at` the shape was checked against. */ questionStamp: string;
    }
  | { kind: 'flag'; flagged: boolean }
  | { kind: 'move' };

/** The batch's one instant (deps.clock, read when the statement goes), in place of the database's now(). */
const NOW = '$2::timestamptz';
const b = beatSql('e.elapsed');
/** The section's clock (decision 015), the same rule as `tick()` in the transaction. */
const k = tickSql('c.lim', 'c.used', 'c.since', 'c.add');
const isTarget = 'i.position = ex.position';
const itemAt = 'i.exam_id = c.id and i.section_index = c.section and i.position = c.position';

/** Per action: how the named item changes, what else the exam row takes, and the item check. */
const ACTIONS = {
  answer: {
    sets: `answer = case when ${isTarget} then ex.answer else i.answer end,
    answered_at = case when ${isTarget} then ${NOW} else i.answered_at end,
    state = case when ${isTarget} then ex.state else i.state end`,
    cursor: '',
    // A question not yet opened counts against the quota, and a checked answer is final: both are the transaction's.
    item: `exam_items i join questions q on q.id = i.question_id left join passages p on p.id = q.passage_id
      where ${itemAt} and greatest(q.updated_at, p.updated_at) = c.stamp and i.state <> 'NotEncountered' and i.checked_at is null`,
  },
  flag: {
    sets: `flagged = case when ${isTarget} then ex.flagged else i.flagged end`,
    cursor: '',
    item: `exam_items i where ${itemAt}`,
  },
  move: {
    sets: `state = case when ${isTarget} and i.state = 'NotEncountered' then 'NotAnswered' else i.state end`,
    cursor: ', cursor_section = t.section, cursor_question = t.position',
    item: `exam_items i where ${itemAt} and i.state <> 'NotEncountered'`,
  },
} as const;

/** The changes arrive as one JSON array (one parameter, whatever the batch size, so one prepared plan). */
function changeSql(kind: FastAction['kind']): string {
  const a = ACTIONS[kind];
  return `with r as (
  select * from jsonb_to_recordset($1::jsonb) as r(id bigint, user_id bigint, revision int, section int, position int,
    answer jsonb, state text, stamp timestamptz, flagged boolean)
), e as (
  select r.*, x.status, x.revision as current, x.cursor_section, x.cursor_question, x.xmin as version,
    extract(epoch from (${NOW} - x.last_beat_at))::float8 as elapsed
  from r join exams x on x.id = r.id and x.user_id = r.user_id and x.status <> 'Close'
), b as (
  select e.*, ${b.add} as add, ${b.toNow} as to_now from e
), c as (
  select b.*, s.time_limit_seconds as lim, s.used_time_seconds as used, s.finished, ${sinceStartSql('s', NOW)} as since
  from b join exam_sections s on s.exam_id = b.id and s.index = b.section
), t as (
  select c.*, ${k.used} as next_used, ${k.itemAdd} as item_add, (${k.itemAdd} > 0 and c.cursor_section = c.section) as at_cursor
  from c
  where c.status not in ('NotStart', 'Finished') and c.current = c.revision and not c.finished
    and not exists (select 1 from exam_sections x where x.exam_id = c.id and x.index < c.section and not x.finished)
    and exists (select 1 from ${a.item})
    and not ${pastGraceSql('c.lim', k.run)}
), ex as (
  update exams x set revision = x.revision + 1, updated_at = ${NOW},
    last_beat_at = case when t.to_now then ${NOW} else x.last_beat_at + make_interval(secs => t.add) end${a.cursor}
  from t where x.id = t.id and x.xmin = t.version
  returning x.revision as next_revision, t.*
), items as (
  update exam_items i set
    used_time_seconds = i.used_time_seconds + case when ex.at_cursor and i.position = ex.cursor_question then ex.item_add else 0 end,
    ${a.sets}
  from ex
  where i.exam_id = ex.id and i.section_index = ex.section
    and i.position in (ex.position, case when ex.at_cursor then ex.cursor_question else ex.position end)
), sec as (
  update exam_sections x set used_time_seconds = ex.next_used,
    started_at = coalesce(x.started_at, ${NOW} - make_interval(secs => ex.used))
  from ex where x.exam_id = ex.id and x.index = ex.section and (ex.next_used <> ex.used or x.started_at is null)
)
select id::float8 as id, next_revision as revision, status, section as index, lim, next_used as used from ex`;
}

const STATEMENTS = { answer: changeSql('answer'), flag: changeSql('flag'), move: changeSql('move') };

export interface FastChange {
  examId: number;
  userId: number;
  revision: number;
  section: number;
  position: number;
  action: FastAction;
}

export interface FastWritten {
  revision: number;
  status: string;
  section: number;
  limit: number;
  /** The section's used seconds after this call's beat. */
  used: number;
}

interface Row {
  id: number;
  revision: number;
  status: string;
  index: number;
  lim: number;
  used: number;
}

/** One statement for a batch of changes of one action, at most one per exam (the batcher's key), all at `now`. */
export async function runChanges(
  database: Database,
  kind: FastAction['kind'],
  changes: FastChange[],
  now: Date,
): Promise<(FastWritten | null)[]> {
  const rows = changes.map((c) => {
    const a = c.action;
    return {
      id: c.examId,
      user_id: c.userId,
      revision: c.revision,
      section: c.section,
      position: c.position,
      ...(a.kind === 'answer' ? { answer: a.answer, state: a.state, stamp: a.questionStamp } : {}),
      ...(a.kind === 'flag' ? { flagged: a.flagged } : {}),
    };
  });
  const written = await rawQuery<Row>(database, {
    name: `exam_${kind}_one_statement`,
    text: STATEMENTS[kind],
    values: [JSON.stringify(rows), sqlTime(now)],
  });
  const byExam = new Map(written.map((r) => [Number(r.id), r]));
  return changes.map((c) => {
    const r = byExam.get(c.examId);
    return r ? { revision: r.revision, status: r.status, section: r.index, limit: r.lim, used: r.used } : null;
  });
}

/** A section item as the cache fill reads it (section-cache.ts). */
export interface ItemRow {
  position: number;
  input_kind: string;
  groups: unknown;
  q_kind: string | null;
  passage: { text: string; sentences: string[] | null } | null;
  stamp: string;
}

const FILL_SQL = `select i.position::int as position, i.input_kind, q.input_method -> 'option_groups' as groups,
  q.input_method ->> 'kind' as q_kind, greatest(q.updated_at, p.updated_at)::text as stamp,
  case when i.input_kind = 'SelectSentence' then jsonb_build_object('text', coalesce(p.text, ''), 'sentences', p.sentences) end as passage
from exam_items i join questions q on q.id = i.question_id left join passages p on p.id = q.passage_id
where i.exam_id = $1 and i.section_index = $2
order by i.position`;

/** The items of a section by position, with what the answer's shape is checked against; none while it has no items. */
export function sectionItemRows(database: Database, examId: number, section: number): Promise<ItemRow[]> {
  return rawQuery<ItemRow>(database, { name: 'exam_section_items', text: FILL_SQL, values: [examId, section] });
}
