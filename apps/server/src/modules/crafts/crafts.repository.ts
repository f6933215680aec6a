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
import type { Queryable, Tx } from '@gre/db';
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
