import { KEYWORD_MATCH_CAP } from '@gre/contracts';
import { passages, questionCounts, questions, type Db } from '@gre/db';
import {
  briefColumns,
  listConditions,
  textHolds,
  type BriefRow,
  type ListFilter,
  type PassageRowFull,
  type QuestionRowFull,
} from '@gre/db/queries';
import { and, asc, between, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

/** Questions with their passages, by id; unknown ids are simply absent. */
export async function findQuestions(
  db: Db,
  ids: string[],
): Promise<{ question: QuestionRowFull; passage: PassageRowFull | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ question: questions, passage: passages })
    .from(questions)
    .leftJoin(passages, eq(questions.passageId, passages.id))
    .where(inArray(questions.id, ids));
}

export interface FilterQuery extends ListFilter {
  keyword?: string | undefined;
  limit: number;
  offset: number;
}

export interface FilterPage {
  rows: BriefRow[];
  total: number;
  /** A keyword matched more than KEYWORD_MATCH_CAP questions: `total` is the cap, the pages hold the first matches. */
  capped: boolean;
}

/** How many questions a filter without keyword matches in each category: sums over question_counts (migration 0008). */
async function countByCategory(db: Db, q: FilterQuery): Promise<{ category: number; n: number }[]> {
  const c = questionCounts;
  const where: SQL[] = [eq(c.tag, q.tag ?? ''), inArray(c.visibility, q.visibilities)];
  where.push(q.category === 0 ? sql`${c.category} between 1 and 4` : eq(c.category, q.category));
  if (q.kind) where.push(eq(c.kind, q.kind));
  if (q.difficulty) where.push(eq(c.difficulty, q.difficulty));
  if (q.topic) where.push(eq(c.topic, q.topic));
  const n = sql<number>`sum(${c.n})::int`;
  const rows = await db
    .select({ category: c.category, n })
    .from(c)
    .where(and(...where))
    .groupBy(c.category)
    .having(sql`${n} > 0`)
    .orderBy(c.category);
  return rows.map((r) => ({ category: r.category, n: Number(r.n) }));
}

/** The categories a page falls in, with its offset and the number of matches inside them; null past the end. */
export function pageSpan(
  counts: { category: number; n: number }[],
  offset: number,
  limit: number,
): { from: number; to: number; offset: number; total: number } | null {
  let before = 0;
  let i = 0;
  while (i < counts.length && before + counts[i]!.n <= offset) before += counts[i++]!.n;
  if (i === counts.length) return null;
  let j = i;
  let through = before + counts[i]!.n;
  while (through < offset + limit && j + 1 < counts.length) through += counts[++j]!.n;
  return { from: counts[i]!.category, to: counts[j]!.category, offset: offset - before, total: through - before };
}

/**
 * One page in list order (category, id). The ids come from `questions_bank_idx` alone, then only the page's rows are
 * read. The walk starts at the page's first category rather than stepping over the earlier ones, and past the middle
 * of its categories it starts from their end, so no page walks more than half of one category.
 */
async function listPage(db: Db, q: FilterQuery, counts: { category: number; n: number }[]): Promise<BriefRow[]> {
  const span = pageSpan(counts, q.offset, q.limit);
  if (!span) return [];
  const after = span.total - span.offset - q.limit;
  const fromEnd = after < span.offset;
  const ids = db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...listConditions(q), between(questions.category, span.from, span.to)))
    .orderBy(
      ...(fromEnd ? [desc(questions.category), desc(questions.id)] : [asc(questions.category), asc(questions.id)]),
    )
    .limit(fromEnd ? q.limit + Math.min(0, after) : q.limit)
    .offset(fromEnd ? Math.max(0, after) : span.offset);
  return db
    .select(briefColumns)
    .from(questions)
    .where(inArray(questions.id, ids))
    .orderBy(asc(questions.category), asc(questions.id));
}

/**
 * A keyword page and its count in one statement: the trigram index finds the candidates and PostgreSQL stops after
 * KEYWORD_MATCH_CAP + 1 matches, so a common word costs what a rare one does. search_text is stored lower-cased,
 * so LIKE on the lower-cased keyword matches case-insensitively without ILIKE's per-character folding.
 */
async function keywordPage(db: Db, q: FilterQuery): Promise<FilterPage> {
  const where = [...listConditions(q, true), textHolds(q.keyword!.toLowerCase())];
  const pageLimit = Math.max(0, Math.min(q.limit, KEYWORD_MATCH_CAP - q.offset));
  const columns = sql.join(
    Object.entries(briefColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = await db.execute<BriefRow & { total: number }>(sql`
    with hits as (select ${questions.id} as id, ${questions.category} as category from ${questions} where ${and(...where)} limit ${KEYWORD_MATCH_CAP + 1}),
    page as (select id from hits order by category, id limit ${pageLimit} offset ${q.offset})
    select t.total, b.* from (select count(*)::int as total from hits) t
    left join lateral (select ${columns} from ${questions} where ${questions.id} in (select id from page)) b on true
    order by b.category, b.id`);
  const found = Number(result.rows[0]?.total ?? 0);
  return {
    rows: result.rows.filter((r) => r.id !== null).map(({ total: _total, ...row }) => row),
    total: Math.min(found, KEYWORD_MATCH_CAP),
    capped: found > KEYWORD_MATCH_CAP,
  };
}

/** One page of the big bank and the total, both under the same conditions. */
export async function filterQuestions(db: Db, q: FilterQuery): Promise<FilterPage> {
  if (q.keyword) return keywordPage(db, q);
  const counts = await countByCategory(db, q);
  return { rows: await listPage(db, q, counts), total: counts.reduce((n, c) => n + c.n, 0), capped: false };
}
