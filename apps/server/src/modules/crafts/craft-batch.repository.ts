import type { CraftSource } from '@gre/contracts';
import type { Database } from '@gre/db';
import { rawQuery } from '../../lib/raw-query.js';
import type { CraftRow } from './craft-view.js';
import type { CraftWrite, UpdateFacts } from './crafts.repository.js';

// The batched statements of update_v2's hot path (decision 012), beside the per-call ones in crafts.repository.ts.

export interface FactsQuery {
  userId: number;
  questionId: string;
  templateId: string | null;
  tagIds: number[];
}

/** A question's visibility, the source book's kind and how many of the tags are the learner's, per request. */
const FACTS_SQL = `
select r.i, q.visibility,
  (select t.kind from book_templates t where t.id = r.template_id) as template_kind,
  (select count(*)::int from collect_tags c where c.user_id = r.user_id and c.id = any(r.tag_ids)) as own_tags
from jsonb_to_recordset($1::jsonb) as r(i int, user_id bigint, question_id text, template_id text, tag_ids bigint[])
join questions q on q.id = r.question_id`;

/** The facts of several update_v2 requests in one statement, in their order; null where the question does not exist. */
export async function craftFactsBatch(database: Database, queries: FactsQuery[]): Promise<(UpdateFacts | null)[]> {
  const rows = queries.map((q, i) => ({
    i,
    user_id: q.userId,
    question_id: q.questionId,
    template_id: q.templateId,
    tag_ids: q.tagIds,
  }));
  type Row = { i: number; visibility: string; template_kind: string | null; own_tags: number };
  const found = await rawQuery<Row>(database, {
    name: 'craft_update_facts',
    text: FACTS_SQL,
    values: [JSON.stringify(rows)],
  });
  const byIndex = new Map(found.map((r) => [Number(r.i), r]));
  return queries.map((_, i) => {
    const r = byIndex.get(i);
    return r ? { visibility: r.visibility, templateKind: r.template_kind ?? null, ownTags: Number(r.own_tags) } : null;
  });
}

/** A write the batch can carry: one whole part (Improvement merges into the note and goes alone). */
export type WholePartWrite = Exclude<CraftWrite, { part: 'improvement' }>;

export interface BatchedWrite {
  userId: number;
  questionId: string;
  write: WholePartWrite;
  inHigher: boolean;
  source: CraftSource | null;
}

/**
 * Creates or writes one part of each learner's craft. A part the row does not carry stays as stored (every part a
 * write carries is an object, never null), so concurrent writes of other parts are kept, as in the single upsert.
 */
const UPSERT_SQL = `
insert into crafts as c (user_id, question_id, note, collect, card, in_higher, source)
select r.user_id, r.question_id, r.note, r.collect, r.card, r.in_higher, r.source
from jsonb_to_recordset($1::jsonb) as r(user_id bigint, question_id text, note jsonb, collect jsonb, card jsonb, in_higher boolean, source jsonb)
on conflict (user_id, question_id) do update set
  note = coalesce(excluded.note, c.note),
  collect = coalesce(excluded.collect, c.collect),
  card = coalesce(excluded.card, c.card),
  in_higher = c.in_higher or excluded.in_higher,
  source = coalesce(excluded.source, c.source),
  updated_at = now()
returning c.*`;

interface RawCraft {
  id: number | string;
  user_id: number | string;
  question_id: string;
  wrong: unknown;
  issue: unknown;
  collect: unknown;
  note: unknown;
  card: unknown;
  in_higher: boolean;
  source: unknown;
  schedule: unknown;
  due_at: Date | string | null;
  updated_at: Date | string;
}

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function toRow(r: RawCraft): CraftRow {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    questionId: r.question_id,
    wrong: r.wrong,
    issue: r.issue,
    collect: r.collect,
    note: r.note,
    card: r.card,
    inHigher: r.in_higher,
    source: r.source,
    schedule: r.schedule,
    dueAt: r.due_at === null ? null : toDate(r.due_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** One craft per key: the batch's exclusivity and how its upsert's rows are matched back. */
export const craftKeyOf = (w: BatchedWrite): string => `${w.userId}:${w.questionId}`;

/** Several whole-part writes in one upsert, at most one per craft; the rows in the writes' order. */
export async function upsertCraftParts(database: Database, writes: BatchedWrite[]): Promise<CraftRow[]> {
  const rows = writes.map((w) => ({
    user_id: w.userId,
    question_id: w.questionId,
    in_higher: w.inHigher,
    [w.write.part]: w.write[w.write.part as keyof WholePartWrite],
    ...(w.source ? { source: w.source } : {}),
  }));
  const written = await rawQuery<RawCraft>(database, {
    name: 'craft_upsert_batch',
    text: UPSERT_SQL,
    values: [JSON.stringify(rows)],
  });
  const byKey = new Map(written.map((r) => [`${Number(r.user_id)}:${r.question_id}`, toRow(r)]));
  return writes.map((w) => {
    const row = byKey.get(craftKeyOf(w));
    if (!row) throw new Error(`craft upsert returned no row for ${craftKeyOf(w)}`);
    return row;
  });
}
