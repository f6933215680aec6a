import type { Answer } from '@gre/contracts';
import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import { rawQuery } from '../../lib/raw-query.js';
import { beatSql, pastGraceSql, sinceStartSql, tickSql } from './clock.js';

/**
 * The common case of answer, flag and move as ONE autocommit statement (decision 009), shared by the changes that
 * arrive together: read each exam, its named section and item, check that the change would be accepted, and only
 * then write the exam row, the items and the section's time. It never refuses: a change whose checks fail writes
 * nothing and gets no row back, and its caller runs the transactional path, which refuses in the documented order
 * (or auto-submits a section whose time is up). So the checks here only need to be sufficient for acceptance, never
 * a second copy of the refusals.
 *
 * Races (READ COMMITTED): the reads see the statement's snapshot, which a racing call may have overtaken. The exam
 * row's UPDATE is therefore a compare-and-swap on the row version the reads saw (`xmin`): PostgreSQL re-checks it
 * against the newest version after waiting for the row lock, so when anything committed in between, nothing is
 * written for that exam and the transactional path decides. That covers the sections and items too, because every
 * write to them happens in a transaction that also writes the exam row (change.repository.ts, grading/finish.ts;
 * creation inserts all three). An exam's items and section are written only through its exam UPDATE's result, so
 * its exam row is always locked first, as in every other change call.
 *
 * Batching: while a statement is in flight, the changes that arrive wait and then go together, one row each, in one
 * statement and one commit (the commit and the round trip are most of a change's cost). A batch never holds two
 * changes of one exam, and no exam is in two batches in flight, so batches never wait on each other's rows.
 */

export type FastAction =
  | { kind: 'answer'; answer: Answer; state: 'Answered' | 'NotAnswered'; /** The question's `updated_at` the shape was checked against. */ questionStamp: string }
  | { kind: 'flag'; flagged: boolean }
  | { kind: 'move' };

const b = beatSql('e.elapsed');
/** The section's clock (decision 015), the same rule as `tick()` in the transaction. */
const k = tickSql('c.lim', 'c.used', 'c.since', 'c.add');
const isTarget = 'i.position = ex.position';
const itemAt = 'i.exam_id = c.id and i.section_index = c.section and i.position = c.position';

/** Per action: how the named item changes, what else the exam row takes, and the item check. */
const ACTIONS = {
  answer: {
    sets: `answer = case when ${isTarget} then ex.answer else i.answer end,
    answered_at = case when ${isTarget} then now() else i.answered_at end,
    state = case when ${isTarget} then ex.state else i.state end`,
    cursor: '',
    item: `exam_items i join questions q on q.id = i.question_id left join passages p on p.id = q.passage_id
      where ${itemAt} and greatest(q.updated_at, p.updated_at) = c.stamp`,
  },
  flag: {
    sets: `flagged = case when ${isTarget} then ex.flagged else i.flagged end`,
    cursor: '',
    item: `exam_items i where ${itemAt}`,
  },
  move: {
    sets: `state = case when ${isTarget} and i.state = 'NotEncountered' then 'NotAnswered' else i.state end`,
    cursor: ', cursor_section = t.section, cursor_question = t.position',
    item: `exam_items i where ${itemAt}`,
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
    extract(epoch from (now() - x.last_beat_at))::float8 as elapsed
  from r join exams x on x.id = r.id and x.user_id = r.user_id and x.status <> 'Close'
), b as (
  select e.*, ${b.add} as add, ${b.toNow} as to_now from e
), c as (
  select b.*, s.time_limit_seconds as lim, s.used_time_seconds as used, s.finished, ${sinceStartSql('s')} as since
  from b join exam_sections s on s.exam_id = b.id and s.index = b.section
), t as (
  select c.*, ${k.used} as next_used, ${k.itemAdd} as item_add, (${k.itemAdd} > 0 and c.cursor_section = c.section) as at_cursor
  from c
  where c.status not in ('NotStart', 'Finished') and c.current = c.revision and not c.finished
    and not exists (select 1 from exam_sections x where x.exam_id = c.id and x.index < c.section and not x.finished)
    and exists (select 1 from ${a.item})
    and not ${pastGraceSql('c.lim', k.run)}
), ex as (
  update exams x set revision = x.revision + 1, updated_at = now(),
    last_beat_at = case when t.to_now then now() else x.last_beat_at + make_interval(secs => t.add) end${a.cursor}
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
    started_at = coalesce(x.started_at, now() - make_interval(secs => ex.used))
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

/** Batches in flight at once per action: a few pool connections, the rest stay free for the other calls. */
export const MAX_BATCHES = 2;
/** Changes per statement: enough for every connection of a busy instance. */
export const MAX_BATCH_SIZE = 64;

/** One statement for a batch of changes of one action, at most one per exam (the batcher's key). */
async function runChanges(database: Database, kind: FastAction['kind'], changes: FastChange[]): Promise<(FastWritten | null)[]> {
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
  const written = await rawQuery<Row>(database, { name: `exam_${kind}_one_statement`, text: STATEMENTS[kind], values: [JSON.stringify(rows)] });
  const byExam = new Map(written.map((r) => [Number(r.id), r]));
  return changes.map((c) => {
    const r = byExam.get(c.examId);
    return r ? { revision: r.revision, status: r.status, section: r.index, limit: r.lim, used: r.used } : null;
  });
}

type ChangeBatcher = Batcher<FastChange, FastWritten | null>;
const batchers = new WeakMap<Database, Record<FastAction['kind'], ChangeBatcher>>();

const changeBatcher = (database: Database, kind: FastAction['kind']): ChangeBatcher =>
  new Batcher({ run: (changes) => runChanges(database, kind, changes), maxInFlight: MAX_BATCHES, maxSize: MAX_BATCH_SIZE, keyOf: (c) => c.examId });

/** Writes the change when the transactional path would accept it unchanged; null when it wrote nothing. */
export function writeChange(database: Database, c: FastChange): Promise<FastWritten | null> {
  let mine = batchers.get(database);
  if (!mine) {
    mine = { answer: changeBatcher(database, 'answer'), flag: changeBatcher(database, 'flag'), move: changeBatcher(database, 'move') };
    batchers.set(database, mine);
  }
  return mine[c.action.kind].submit(c);
}
