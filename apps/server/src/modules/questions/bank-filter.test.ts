import { KEYWORD_MATCH_CAP, questionCalls } from '@gre/contracts';
import { questions } from '@gre/db';
import { and, arrayContains, asc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage, pkg, qc, tc1 } from '../../../test/fixtures.js';

// The big bank's filter against a plain query over the same rows: totals come from question_counts (kept by
// triggers), pages from the list index (from the end past the middle), keywords stop counting at the cap. Every
// answer must equal what counting and sorting the table directly gives, before and after the bank changes.

let t: TestApp;
const tokens: Record<'free' | 'admin', string> = {} as never;
const VISIBLE = { free: ['public', 'locked'], admin: ['hidden', 'public', 'locked', 'underground'] };

/** 1,200 questions copied from the fixtures with every filter spread over them; 'needle' in three of four, 'rareword' in a few. */
const GENERATE = sql`
  insert into questions (id, category, kind, difficulty, input_method, standard_answer, analysis, inquiry, topic, tags, visibility, search_text)
  select 'q-gen-' || lpad(g::text, 5, '0'), t.category, t.kind, (array['easy', 'medium', 'hard'])[1 + g % 3],
    t.input_method, t.standard_answer, t.analysis, t.inquiry || g,
    case when t.category = 3 then (array['arithmetic', 'algebra', 'geometry', 'data_analysis'])[1 + g % 4] end,
    array['t' || (g % 7)] || case when g % 3 = 0 then array['common'] else array[]::text[] end,
    (array['public', 'public', 'public', 'public', 'public', 'public', 'locked', 'locked', 'hidden', 'underground'])[1 + g % 10],
    'stem ' || g || case when g % 4 <> 1 then ' with a needle' else '' end || case when g % 97 = 0 then ' rareword' else '' end
  from generate_series(1, 1200) g
  join (select row_number() over (order by id) - 1 as i, * from questions where category between 1 and 4) t on t.i = g % 3`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await importPackage(db, accessPackage());
  await db.execute(GENERATE);
  tokens.free = (await userWithToken(db, { roleKind: 'FreeVIP' })).token;
  tokens.admin = (await userWithToken(db, { isAdmin: true })).token;
});
afterAll(() => t.close());

type Filter = { category?: number; kind?: string; difficulty?: string; topic?: string; tag?: string; keyword?: string };

/** The oracle: every matching id in list order, straight from the table. */
async function expected(who: keyof typeof tokens, f: Filter): Promise<string[]> {
  const where: SQL[] = [inArray(questions.visibility, VISIBLE[who])];
  where.push(f.category ? eq(questions.category, f.category) : sql`${questions.category} between 1 and 4`);
  if (f.kind) where.push(eq(questions.kind, f.kind));
  if (f.difficulty) where.push(eq(questions.difficulty, f.difficulty));
  if (f.topic) where.push(eq(questions.topic, f.topic));
  if (f.tag) where.push(arrayContains(questions.tags, [f.tag]));
  if (f.keyword) where.push(like(questions.searchText, `%${f.keyword}%`));
  const rows = await t.deps.database.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...where))
    .orderBy(asc(questions.category), asc(questions.id));
  return rows.map((r) => r.id);
}

const filter = (who: keyof typeof tokens, body: Filter & { page?: number; page_size?: number }) =>
  t.call(questionCalls.filter, body, { token: tokens[who] });

const FILTERS: Filter[] = [
  {},
  { category: 1 },
  { category: 3, kind: 'qc' },
  { category: 3, topic: 'geometry', difficulty: 'hard' },
  { kind: 'rc_single', difficulty: 'easy' },
  { tag: 'common' },
  { category: 1, tag: 't3' },
  { tag: 'no-such-tag' },
];

/** First, second, middle, last and past-the-end pages of every filter, for both viewers, equal the oracle. */
async function expectEveryPageRight() {
  for (const who of ['free', 'admin'] as const) {
    for (const f of FILTERS) {
      const all = await expected(who, f);
      const size = 7;
      const last = Math.max(1, Math.ceil(all.length / size));
      for (const page of [...new Set([1, 2, Math.ceil(last / 2), last - 1, last, last + 1])].filter((p) => p >= 1)) {
        const res = await filter(who, { ...f, page, page_size: size });
        expect(res.status).toBe(200);
        const want = all.slice((page - 1) * size, page * size);
        expect({ who, f, page, total: res.data.total, ids: res.data.items.map((q) => q.id) }).toEqual({
          who,
          f,
          page,
          total: all.length,
          ids: want,
        });
        expect(res.data.capped).toBe(false);
      }
    }
  }
}

describe('/api/question/filter over a grown bank', () => {
  it('pages and counts exactly, from the front and from the back', { timeout: 120_000 }, expectEveryPageRight);

  it('walks every page of the whole bank in order, across category boundaries', { timeout: 120_000 }, async () => {
    for (const f of [{}, { tag: 'common' }, { difficulty: 'hard' }]) {
      const all = await expected('free', f);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 47); page++)
        seen.push(...(await filter('free', { ...f, page, page_size: 47 })).data.items.map((q) => q.id));
      expect(seen).toEqual(all);
    }
  });

  it('keeps its totals exact while the bank changes: updates, deletes, re-imports', { timeout: 120_000 }, async () => {
    const db = t.deps.database.db;
    await db.execute(sql`update questions set visibility = 'hidden' where id like 'q-gen-%' and id like '%3'`);
    await db.execute(
      sql`update questions set tags = array['common', 'common', 'fresh'], difficulty = 'hard' where id like 'q-gen-%' and id like '%5'`,
    );
    await db.execute(sql`delete from questions where id like 'q-gen-%' and id like '%7'`);
    await importPackage(
      db,
      pkg({
        'bank/more.json': {
          questions: [
            tc1('q-more-1', { tags: ['common', 'fresh'] }),
            qc('q-more-2', { topic: 'geometry', difficulty: 'hard' }),
          ],
        },
      }),
    );
    await importPackage(
      db,
      pkg({ 'bank/more.json': { questions: [tc1('q-more-1', { tags: ['t3'], visibility: 'locked' })] } }),
    );
    FILTERS.push({ tag: 'fresh' });
    await expectEveryPageRight();
  });

  it('stops counting a keyword at the cap and says so; below it the count is exact', { timeout: 60_000 }, async () => {
    const needles = await expected('free', { keyword: 'needle' });
    expect(needles.length).toBeGreaterThan(KEYWORD_MATCH_CAP);
    const first = await filter('free', { keyword: 'NEEDLE', page_size: 50 });
    expect(first.data).toMatchObject({ total: KEYWORD_MATCH_CAP, capped: true });
    const ids = first.data.items.map((q) => q.id);
    expect(ids).toEqual([...ids].sort((a, b) => needles.indexOf(a) - needles.indexOf(b)));
    expect(ids.every((id) => needles.includes(id))).toBe(true);
    const lastPage = await filter('free', { keyword: 'needle', page: KEYWORD_MATCH_CAP / 50, page_size: 50 });
    expect(lastPage.data.items).toHaveLength(50);
    const past = await filter('free', { keyword: 'needle', page: KEYWORD_MATCH_CAP / 50 + 1, page_size: 50 });
    expect(past.data).toMatchObject({ items: [], total: KEYWORD_MATCH_CAP, capped: true });

    for (const f of [
      { keyword: 'rareword' },
      { keyword: 'needle', category: 3, topic: 'algebra', difficulty: 'easy' },
      { keyword: 'nothing-like-this' },
    ]) {
      const all = await expected('free', f);
      const res = await filter('free', { ...f, page_size: 50 });
      expect({ f, total: res.data.total, capped: res.data.capped, ids: res.data.items.map((q) => q.id) }).toEqual({
        f,
        total: all.length,
        capped: false,
        ids: all.slice(0, 50),
      });
    }
  });
});
