import type { ContentPassage, WordConnect } from '@gre/contracts';
import { bookItems, bookTemplates, passages, questions, type Queryable, type Tx } from '@gre/db';
import { getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BookItemRow, BookRow, PassageRow, QuestionRow } from './rows.js';

/** Rows per statement: one JSON parameter of a few MB, well inside what PostgreSQL and PGlite take comfortably. */
const BATCH = 2000;
/** Ids per `= any(…)` lookup. */
const LOOKUP_BATCH = 5000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes rows through one JSON parameter (`jsonb_to_recordset`) instead of one parameter per value: with 27 question
 * columns that is four times faster and never nears the 65,535-parameter limit. With `upsertOn`, existing rows are
 * updated in place when they differ (every column but the key, and updated_at) and the result counts the rows that were new
 * (`xmax = 0` marks a row this statement inserted).
 */
async function writeRows(tx: Tx, table: PgTable, rows: Record<string, unknown>[], upsertOn?: string): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((k) => k in columns);
  const cols = keys.map((k) => columns[k]!);
  const names = sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const record = sql.raw(cols.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  let created = 0;
  for (const part of chunks(rows, BATCH)) {
    const json = JSON.stringify(part.map((r) => Object.fromEntries(cols.map((c, i) => [c.name, r[keys[i]!] ?? null]))));
    const insert = sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${record})`;
    if (!upsertOn) {
      await tx.execute(insert);
      continue;
    }
    const key = columns[upsertOn]!.name;
    const changing = cols.filter((c) => c.name !== key).map((c) => c.name);
    const updates = changing.map((c) => `"${c}" = excluded."${c}"`);
    if ('updatedAt' in columns) updates.push(`"${columns.updatedAt.name}" = now()`);
    // Rows that did not change are not rewritten: a re-import then costs no index churn (the trigram index is the dear one).
    const changed = `(${changing.map((c) => `${getTableName(table)}."${c}"`).join(', ')}) is distinct from (${changing.map((c) => `excluded."${c}"`).join(', ')})`;
    const result = await tx.execute<{ inserted: boolean }>(
      sql`${insert} on conflict (${sql.identifier(key)}) do update set ${sql.raw(updates.join(', '))} where ${sql.raw(changed)} returning (xmax = 0) as inserted`,
    );
    created += result.rows.filter((r) => r.inserted).length;
  }
  return created;
}

/**
 * Serialises imports (two admins importing at once would otherwise interleave their book items) and lets the
 * trigram index collect new entries in its pending list (64 MB) instead of merging each row as it comes.
 */
export async function lockImports(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-import'))`);
  await tx.execute(sql`set local gin_pending_list_limit = 65536`);
}

/** Merges the trigram index's pending list in one pass: searches scan that list row by row until it is merged. */
export async function mergeSearchIndex(tx: Tx): Promise<void> {
  await tx.execute(sql`select gin_clean_pending_list('questions_search_trgm_idx'::regclass)`);
}

export async function existingPassages(db: Queryable, ids: string[]): Promise<ContentPassage[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(passages).where(inArray(passages.id, ids));
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind as ContentPassage['kind'],
    title: p.title,
    text: p.text,
    translate: p.translate,
    core: p.core,
    ...(p.sentences ? { sentences: p.sentences } : {}),
  }));
}

export async function existingQuestionIds(db: Queryable, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const part of chunks(ids, LOOKUP_BATCH)) {
    const rows = await db.select({ id: questions.id }).from(questions).where(inArray(questions.id, part));
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

/** The visibility of each of these ids the bank holds; unknown ids are absent. */
export async function questionVisibilities(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(ids, LOOKUP_BATCH)) {
    const rows = await db
      .select({ id: questions.id, visibility: questions.visibility })
      .from(questions)
      .where(inArray(questions.id, part));
    for (const r of rows) found.set(r.id, r.visibility);
  }
  return found;
}

/** Passages with their text and word_connect: these ids, or every stored passage when `ids` is null. */
export async function passageTexts(
  tx: Tx,
  ids: string[] | null,
): Promise<{ id: string; text: string; wordConnect: WordConnect[] }[]> {
  const columns = { id: passages.id, text: passages.text, wordConnect: passages.wordConnect };
  if (ids === null) return tx.select(columns).from(passages);
  if (ids.length === 0) return [];
  return tx.select(columns).from(passages).where(inArray(passages.id, ids));
}

export async function setWordConnect(tx: Tx, id: string, wordConnect: WordConnect[]): Promise<void> {
  await tx
    .update(passages)
    .set({ wordConnect })
    .where(sql`${passages.id} = ${id}`);
}

export const upsertPassages = (tx: Tx, rows: PassageRow[]) => writeRows(tx, passages, rows, 'id');
export const upsertQuestions = (tx: Tx, rows: QuestionRow[]) => writeRows(tx, questions, rows, 'id');
export const upsertBooks = (tx: Tx, rows: BookRow[]) => writeRows(tx, bookTemplates, rows, 'id');

/** Questions outside the package that read one of these passages: their search text must follow the new passage. */
export async function questionsOfPassages(tx: Tx, passageIds: string[], except: Set<string>) {
  if (passageIds.length === 0) return [];
  const rows = await tx.select().from(questions).where(inArray(questions.passageId, passageIds));
  return rows.filter((r) => !except.has(r.id));
}

export async function setSearchText(tx: Tx, id: string, text: string): Promise<void> {
  await tx
    .update(questions)
    .set({ searchText: text })
    .where(sql`${questions.id} = ${id}`);
}

/** Replaces the items of these books; returns the old items so the caller can count what was dropped. */
export async function replaceBookItems(tx: Tx, bookIds: string[], rows: BookItemRow[]): Promise<BookItemRow[]> {
  if (bookIds.length === 0) return [];
  const old = await tx.delete(bookItems).where(inArray(bookItems.bookId, bookIds)).returning();
  await writeRows(tx, bookItems, rows);
  return old;
}

export async function countQuestions(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(questions);
  return Number(row?.n ?? 0);
}
