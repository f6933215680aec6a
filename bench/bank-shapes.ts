// The filter shapes bench/bank-filter.ts measures: what learners do on the big bank page, each as a rotation of
// concrete request bodies. Also EXPLAIN ANALYZE of the repository's own SQL for one body of a shape.
import { schema, type Db } from '@gre/db';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { filterQuestions, type FilterQuery } from '../apps/server/src/modules/questions/questions.repository.js';
import type { Body, Shape } from './shape-runs.js';

/** Pages the web asks for (the big bank page shows 20 a page). */
const PAGE_SIZE = 20;

/**
 * The shapes, from the data: tags picked by how common they are (the commonest, then ranks 10, 50 and 150 of the
 * bank's tag vocabulary, then the rarest), keywords from everywhere to nowhere, in English and in Chinese (the
 * explanations are Chinese), deep pages near the end of real result sets.
 */
export async function buildShapes(pool: pg.Pool, totalOf: (b: Body) => Promise<number>): Promise<Shape[]> {
  const tags = (
    await pool.query<{ tag: string }>(
      'select tag from (select unnest(tags) as tag, count(*) as n from questions where category between 1 and 4 group by 1) c order by n desc, tag',
    )
  ).rows.map((r) => r.tag);
  const pickTags = [0, 10, 50, 150, tags.length - 1]
    .map((i) => tags[Math.min(i, tags.length - 1)]!)
    .filter((t, i, all) => all.indexOf(t) === i);
  const deep: Body[] = [];
  const deepBases: Body[] = [
    { category: 0 },
    { category: 3 },
    { category: 1, kind: 'se' },
    { category: 2, difficulty: 'hard' },
    { category: 3, kind: 'qc', difficulty: 'medium' },
  ];
  for (const b of deepBases) {
    const pages = Math.ceil((await totalOf(b)) / PAGE_SIZE);
    deep.push(...[0.5, 0.9, 1].map((share) => ({ ...b, page: Math.max(1, Math.round(pages * share)) })));
  }
  const paged = (bodies: Body[]) => bodies.map((b) => ({ page_size: PAGE_SIZE, ...b }));
  return [
    {
      name: 'category',
      describe: 'one category (or all), first pages',
      bodies: paged([
        { category: 1 },
        { category: 2 },
        { category: 3 },
        { category: 4 },
        { category: 0 },
        { category: 3, page: 2 },
      ]),
    },
    {
      name: 'category_kind',
      describe: 'category and question kind',
      bodies: paged([
        { category: 1, kind: 'se' },
        { category: 1, kind: 'tc2' },
        { category: 2, kind: 'rc_single' },
        { category: 2, kind: 'rc_select' },
        { category: 3, kind: 'qc' },
        { category: 3, kind: 'numeric' },
        { category: 0, kind: 'mc_multi' },
      ]),
    },
    {
      name: 'category_kind_difficulty',
      describe: 'category, kind and difficulty',
      bodies: paged([
        { category: 1, kind: 'se', difficulty: 'hard' },
        { category: 1, kind: 'tc3', difficulty: 'easy' },
        { category: 2, kind: 'rc_multi', difficulty: 'medium' },
        { category: 3, kind: 'qc', difficulty: 'hard' },
        { category: 3, kind: 'fraction', difficulty: 'easy' },
        { category: 4, kind: 'issue', difficulty: 'medium' },
      ]),
    },
    {
      name: 'tag',
      describe: `one tag, common to rare (${pickTags.join(', ')})`,
      bodies: paged([
        ...pickTags.map((tag) => ({ tag })),
        { category: 1, tag: pickTags[0]! },
        { category: 3, tag: pickTags[1]! },
      ]),
    },
    {
      name: 'topic',
      describe: 'math topic, with and without difficulty',
      bodies: paged([
        { category: 3, topic: 'arithmetic' },
        { category: 3, topic: 'algebra' },
        { category: 3, topic: 'geometry' },
        { category: 3, topic: 'data_analysis', difficulty: 'hard' },
        { category: 3, topic: 'geometry', kind: 'mc_single' },
      ]),
    },
    {
      name: 'keyword',
      describe: 'keyword (trigram), common to absent, English and Chinese',
      bodies: paged([
        { keyword: 'because' },
        { keyword: 'economic' },
        { keyword: 'triangle' },
        { keyword: 'coral reef' },
        { keyword: 'photosynthesis' },
        { keyword: '三角形' },
        { keyword: '平均数' },
        { keyword: 'qzxv' },
        { category: 3, keyword: 'probability' },
      ]),
    },
    {
      name: 'keyword_two_chars',
      describe: 'two-character keywords (Chinese words): no trigram, found by the bigram index (migration 0012)',
      bodies: paged([{ keyword: '概率' }, { keyword: '面积' }, { keyword: '函数' }, { category: 1, keyword: '转折' }]),
    },
    {
      name: 'deep_page',
      describe: 'pages in the middle, at 90 % and at the end of large result sets',
      bodies: paged(deep),
    },
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement filterQuestions sends for this body, as the VIP sees the bank. */
export async function explainBody(pool: pg.Pool, body: Body): Promise<string[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const page = Number(body.page ?? 1);
  const size = Number(body.page_size ?? PAGE_SIZE);
  const q: FilterQuery = {
    category: Number(body.category ?? 0),
    kind: body.kind as string | undefined,
    difficulty: body.difficulty as string | undefined,
    topic: body.topic as string | undefined,
    tag: body.tag as string | undefined,
    keyword: body.keyword as string | undefined,
    visibilities: ['public', 'locked'],
    limit: size,
    offset: (page - 1) * size,
  };
  await filterQuestions(db, q);
  const plans: string[] = [];
  for (const { sql, params } of captured) {
    const rows = (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params)).rows;
    plans.push(`${sql}\n  params ${JSON.stringify(params)}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
  return plans;
}
