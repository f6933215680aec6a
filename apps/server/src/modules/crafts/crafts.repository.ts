import {
  PERSONAL_SCOPES,
  type CraftCollect,
  type CraftNote,
  type CraftSource,
  type PersonalFilter,
  type PersonalScope,
} from '@gre/contracts';
import { collectTags, crafts, questions, users } from '@gre/db';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { briefColumns, type BriefRow } from '@gre/db/queries';
import type { Database, Queryable, Tx } from '@gre/db';
import { rawQuery } from '../../lib/raw-query.js';
import type { CraftRow } from './craft-view.js';

export type CraftCard = { finished: boolean; collected: boolean; range_kind: number; collect_time_stamp: number };

/** What one update_v2 writes: a single column, or (Improvement) a patch of the note's review. */
export type CraftWrite =
  | { part: 'note'; note: CraftNote }
  | { part: 'collect'; collect: CraftCollect }
  | { part: 'card'; card: CraftCard }
  | { part: 'improvement'; patch: { improvement: string; mastery?: number }; whenNoNote: CraftNote };

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/**
 * The SET of a write, as expressions over the stored row: Improvement merges into the stored note's review inside the
 * statement, so a Note or Improvement running at the same time is applied on top of, never instead of, this one.
 */
function setOf(w: CraftWrite, inHigher: boolean, source: CraftSource | null) {
  const common = {
    updatedAt: sql`now()`,
    inHigher: sql`${crafts.inHigher} or ${inHigher}`,
    ...(source ? { source: json(source) } : {}),
  };
  switch (w.part) {
    case 'note':
      return { ...common, note: json(w.note) };
    case 'collect':
      return { ...common, collect: json(w.collect) };
    case 'card':
      return { ...common, card: json(w.card) };
    case 'improvement':
      return {
        ...common,
        note: sql`case when ${crafts.note} is null then ${json(w.whenNoNote)}
          else jsonb_set(${crafts.note}, '{review}', coalesce(${crafts.note} -> 'review', '{}'::jsonb) || ${json(w.patch)}) end`,
      };
  }
}

function insertValueOf(w: CraftWrite): Partial<typeof crafts.$inferInsert> {
  switch (w.part) {
    case 'note':
      return { note: w.note };
    case 'collect':
      return { collect: w.collect };
    case 'card':
      return { card: w.card };
    case 'improvement':
      return { note: w.whenNoNote };
  }
}

/** Creates the learner's craft on the question or writes its one part into the existing one: a single statement. */
export async function upsertCraft(
  db: Queryable,
  userId: number,
  questionId: string,
  w: CraftWrite,
  inHigher: boolean,
  source: CraftSource | null,
): Promise<CraftRow> {
  const [row] = await db
    .insert(crafts)
    .values({ userId, questionId, inHigher, source, ...insertValueOf(w) })
    .onConflictDoUpdate({ target: [crafts.userId, crafts.questionId], set: setOf(w, inHigher, source) })
    .returning();
  return row!;
}

/** Writes one part of a named craft; null unless it is this learner's craft on this question. */
export async function updateOwnCraft(
  db: Queryable,
  craftId: number,
  userId: number,
  questionId: string,
  w: CraftWrite,
  inHigher: boolean,
  source: CraftSource | null,
): Promise<CraftRow | null> {
  const [row] = await db
    .update(crafts)
    .set(setOf(w, inHigher, source))
    .where(and(eq(crafts.id, craftId), eq(crafts.userId, userId), eq(crafts.questionId, questionId)))
    .returning();
  return row ?? null;
}

export interface UpdateFacts {
  visibility: string;
  /** Kind of the source's book template; null without one or when it is unknown. */
  templateKind: string | null;
  /** How many of the given tag ids are this learner's. */
  ownTags: number;
}

export async function craftsOf(db: Queryable, userId: number, questionIds: string[]): Promise<CraftRow[]> {
  return db
    .select()
    .from(crafts)
    .where(and(eq(crafts.userId, userId), inArray(crafts.questionId, questionIds)));
}

const collected = (column: typeof crafts.collect | typeof crafts.card) =>
  sql`${column} @> '{"collected": true}'::jsonb`;

/** Which crafts a personal page lists (spec §2 personal/*). */
export function scopeCondition(scope: PersonalScope): SQL {
  const base = scope.replace('higher_', '') as 'collect' | 'wrongs' | 'note' | 'card';
  const cond =
    base === 'collect'
      ? collected(crafts.collect)
      : base === 'card'
        ? collected(crafts.card)
        : base === 'wrongs'
          ? isNotNull(crafts.wrong)
          : isNotNull(crafts.note);
  return scope.startsWith('higher_') ? and(cond, eq(crafts.inHigher, true))! : cond;
}

/** A personal page's conditions (joined to questions); practice from the personal pages passes its own scope condition ('due', 'essay'). */
export function filterConditions(
  userId: number,
  f: Omit<PersonalFilter, 'scope'> & { scope: PersonalScope | SQL },
): SQL[] {
  const where: SQL[] = [eq(crafts.userId, userId), typeof f.scope === 'string' ? scopeCondition(f.scope) : f.scope];
  // Personal pages hold what the learner marked, words included: 0 means every category here.
  if (f.category) where.push(eq(questions.category, f.category));
  if (f.kind) where.push(eq(questions.kind, f.kind));
  if (f.difficulty) where.push(eq(questions.difficulty, f.difficulty));
  if (f.tag_id !== undefined) where.push(sql`${crafts.collect} -> 'collect_ids' @> ${json([f.tag_id])}`);
  if (f.since !== undefined) where.push(gte(crafts.updatedAt, new Date(f.since * 1000)));
  if (f.until !== undefined) where.push(lt(crafts.updatedAt, new Date(f.until * 1000)));
  // A question without a note counts as not mastered at all.
  if (f.max_mastery !== undefined)
    where.push(sql`coalesce((${crafts.note} -> 'review' ->> 'mastery')::int, 0) <= ${f.max_mastery}`);
  return where;
}

/** One page of a personal page, newest first, and the total under the same conditions. */
export async function listCrafts(
  db: Queryable,
  userId: number,
  f: PersonalFilter,
  limit: number,
  offset: number,
): Promise<{ rows: { craft: CraftRow; question: BriefRow }[]; total: number }> {
  const where = and(...filterConditions(userId, f));
  const [rows, counted] = await Promise.all([
    db
      .select({ craft: crafts, question: briefColumns })
      .from(crafts)
      .innerJoin(questions, eq(questions.id, crafts.questionId))
      .where(where)
      .orderBy(desc(crafts.updatedAt), desc(crafts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(crafts)
      .innerJoin(questions, eq(questions.id, crafts.questionId))
      .where(where),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Per category, how many crafts each personal page holds, and how many carry an essay (what 写作练习 draws from). */
export async function scopeCounts(
  db: Queryable,
  userId: number,
  scopes: readonly PersonalScope[],
): Promise<{ category: number; counts: number[]; essays: number }[]> {
  const columns = Object.fromEntries(
    scopes.map((s) => [s, sql<number>`count(*) filter (where ${scopeCondition(s)})::int`]),
  );
  const rows = await db
    .select({
      category: questions.category,
      essays: sql<number>`count(*) filter (where ${crafts.issue} is not null)::int`,
      ...columns,
    })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(eq(crafts.userId, userId))
    .groupBy(questions.category)
    .orderBy(questions.category);
  return rows.map((r) => ({
    category: r.category,
    essays: Number(r.essays),
    counts: scopes.map((s) => Number((r as Record<string, unknown>)[s] ?? 0)),
  }));
}

export interface TreeRow {
  category: number;
  kind: string;
  wrong: boolean;
  noted: boolean;
  note: CraftNote | null;
}

/** The learner's wrong or noted crafts with their question's category and kind, for the review tree. */
export async function treeRows(db: Queryable, userId: number): Promise<TreeRow[]> {
  const rows = await db
    .select({
      category: questions.category,
      kind: questions.kind,
      wrong: sql<boolean>`${crafts.wrong} is not null`,
      note: crafts.note,
    })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(and(eq(crafts.userId, userId), or(isNotNull(crafts.wrong), isNotNull(crafts.note))));
  return rows.map((r) => ({
    category: r.category,
    kind: r.kind,
    wrong: Boolean(r.wrong),
    noted: r.note !== null,
    note: r.note as CraftNote | null,
  }));
}

export type CollectTagRow = typeof collectTags.$inferSelect;

export async function listTags(db: Queryable, userId: number): Promise<CollectTagRow[]> {
  return db
    .select()
    .from(collectTags)
    .where(eq(collectTags.userId, userId))
    .orderBy(asc(collectTags.createdAt), asc(collectTags.id));
}

/**
 * Takes the learner's row for the rest of the transaction, so two tag creations count the learner's tags one after
 * the other. NO KEY UPDATE does not block the key-share locks that inserts referring to the user take.
 */
export async function lockUserForTags(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function countTags(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectTags)
    .where(eq(collectTags.userId, userId));
  return Number(row?.n ?? 0);
}

/** Inserts the tag unless the learner already has one of that name (then null). */
export async function insertTag(
  db: Queryable,
  userId: number,
  name: string,
  desp: string,
): Promise<CollectTagRow | null> {
  const [row] = await db
    .insert(collectTags)
    .values({ userId, name, desp })
    .onConflictDoNothing({ target: [collectTags.userId, collectTags.name] })
    .returning();
  return row ?? null;
}

/** A drawn question with what an exam copies of it. */
export interface DrawnQuestion {
  questionId: string;
  inputKind: string;
  category: number;
}

export interface PersonalDraw {
  userId: number;
  /** A personal page, 'due' (re-reviews due before `dueBy`) or 'essay' (essays written before). */
  scope: PersonalScope | 'due' | 'essay';
  filter: Omit<PersonalFilter, 'scope'>;
  visibilities: string[];
  dueBy: Date;
  count: number;
}

const isPage = (s: string): s is PersonalScope => (PERSONAL_SCOPES as readonly string[]).includes(s);

/**
 * The questions of a practice from the personal pages: the page's crafts under its filters, of questions the learner
 * may see outside books; due re-reviews most overdue first, the rest as the page lists them (newest first).
 */
export async function personalDraw(db: Queryable, q: PersonalDraw): Promise<DrawnQuestion[]> {
  const scope: PersonalScope | SQL = isPage(q.scope)
    ? q.scope
    : q.scope === 'due'
      ? and(isNotNull(crafts.wrong), lt(crafts.dueAt, q.dueBy))!
      : isNotNull(crafts.issue);
  const where = [...filterConditions(q.userId, { ...q.filter, scope }), inArray(questions.visibility, q.visibilities)];
  return db
    .select({
      questionId: questions.id,
      category: questions.category,
      inputKind: sql<string>`${questions.inputMethod} ->> 'kind'`,
    })
    .from(crafts)
    .innerJoin(questions, eq(questions.id, crafts.questionId))
    .where(and(...where))
    .orderBy(...(q.scope === 'due' ? [asc(crafts.dueAt), asc(crafts.id)] : [desc(crafts.updatedAt), desc(crafts.id)]))
    .limit(q.count);
}

// update_v2's batched statements (craft-batch.ts, decision 012): on the bare driver, one JSON parameter per batch.

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
