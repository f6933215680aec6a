import { searchCalls } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { passage, pkg, qc, rcSingle, tc1, WORDS_CSV, citing } from '../../../test/fixtures.js';
import { SEARCH_MATCH_CAP } from './search.repository.js';

// /api/search on the real app and database: English and Chinese matches in every field, highlight offsets that
// point at the query in the snippet, the viewer's access rules, hostile queries, paging and the match cap.

let t: TestApp;
const tokens: Record<'trail' | 'free' | 'admin', string> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await importPackage(
    db,
    pkg({
      'bank/search.json': {
        passages: [
          passage('p-s1', {
            text: 'Coral reefs shelter a quarter of all marine species known to science. Bleaching follows when the water stays warm for weeks.',
          }),
        ],
        questions: [
          tc1('q-s-stem', { inquiry: 'The photosynthesis of the algae was so {{1}} that the reef thrived.' }),
          tc1('q-s-lock', { inquiry: 'A locked secretstem about photosynthesis: {{1}}.', visibility: 'locked' }),
          tc1('q-s-hid', { inquiry: 'A hidden hiddenstem sentence {{1}}.', visibility: 'hidden' }),
          tc1('q-s-opt', {
            inquiry: 'Pick the word for this sentence {{1}}.',
            analysis: { text: '本题与 water 无关，选 zygomorphic。', key_words: [], synonyms: [], antonyms: [] },
            input_method: {
              kind: 'OneBoxFill',
              option_groups: [
                {
                  options: ['tepid', 'zygomorphic', 'fulsome', 'candid', 'equivocal'].map((text, i) => ({
                    key: 'ABCDE'[i],
                    text,
                  })),
                },
              ],
              group_size: 1,
              option_size: 5,
            },
          }),
          rcSingle('q-s-rc', 'p-s1', {
            ...citing('Bleaching follows when the water'),
            inquiry: 'What does the passage say about the water?',
          }),
          qc('q-s-qc', {
            analysis: { text: '三角形的内角和是 180 度，所以答案 A。', key_words: [], synonyms: [], antonyms: [] },
            difficulty: 'hard',
          }),
          qc('q-s-math', { inquiry: 'Mathword: compare $\\frac{1}{2}$ of $x^2$ with $90^\\circ$.' }),
          ...Array.from({ length: 25 }, (_, i) =>
            qc(`q-s-many-${String(i).padStart(2, '0')}`, { inquiry: `Bulk question ${i} about pagingword values.` }),
          ),
        ],
      },
      'words/gre-words.csv': WORDS_CSV,
    }),
  );
  tokens.trail = (await userWithToken(db, { roleKind: 'Trail' })).token;
  tokens.free = (await userWithToken(db, { roleKind: 'FreeVIP' })).token;
  tokens.admin = (await userWithToken(db, { isAdmin: true })).token;
});
afterAll(() => t.close());

type Body = Partial<{
  q: string;
  scope: 'questions' | 'words';
  category: 0 | 1 | 2 | 3 | 4 | 5;
  kind: string;
  difficulty: 'easy' | 'medium' | 'hard';
  page: number;
  page_size: number;
}>;
const search = (who: keyof typeof tokens, body: Body) => t.call(searchCalls.search, body, { token: tokens[who] });

/** Every highlighted piece of every result, lower-cased. */
function highlighted(res: Awaited<ReturnType<typeof search>>): string[] {
  return res.data.questions.flatMap((r) => r.highlights.map(([a, b]) => r.snippet.slice(a, b).toLowerCase()));
}

describe('matches', () => {
  it('finds an English word in the stem, ranks it first and highlights it', async () => {
    const res = await search('free', { q: 'Photosynthesis' });
    expect(res.status).toBe(200);
    expect(res.data.questions.map((r) => r.question.id).sort()).toEqual(['q-s-lock', 'q-s-stem']);
    expect(res.data.questions.map((r) => r.field)).toEqual(['stem', 'stem']);
    expect(highlighted(res)).toEqual(['photosynthesis', 'photosynthesis']);
    expect(res.data.questions[0]!.snippet).toContain('____');
  });

  it('finds passage text, options and a Chinese explanation, naming the field', async () => {
    const fieldOf = async (q: string) =>
      (await search('free', { q })).data.questions.map((r) => [r.question.id, r.field]);
    expect(await fieldOf('bleaching')).toEqual([['q-s-rc', 'passage']]);
    expect(await fieldOf('zygomorph')).toEqual([['q-s-opt', 'options']]);
    expect(await fieldOf('内角和')).toEqual([['q-s-qc', 'analysis']]);
    const zh = await search('free', { q: '内角和' });
    expect(highlighted(zh)).toEqual(['内角和']);
  });

  it('finds one- and two-character Chinese terms exactly, inside longer runs too, and never a pair split by other text', async () => {
    const ids = async (q: string) => (await search('free', { q })).data.questions.map((r) => r.question.id);
    expect(await ids('内角')).toEqual(['q-s-qc']);
    expect(await ids('角和')).toEqual(['q-s-qc']);
    expect(await ids('角')).toEqual(['q-s-qc']);
    expect(await ids('无关')).toEqual(['q-s-opt']);
    // 题与 spans 本题与: found; 与 water spans a space: two terms, both present.
    expect(await ids('题与')).toEqual(['q-s-opt']);
    expect(await ids('形内 度所')).toEqual([]);
    expect(highlighted(await search('free', { q: '内角' }))).toEqual(['内角']);
  });

  it('shows formulas as plain text in snippets, never their TeX source', async () => {
    const [hit] = (await search('free', { q: 'mathword' })).data.questions;
    expect(hit!.snippet.startsWith('Mathword: compare 1/2 of x² with 90°.')).toBe(true);
    expect(hit!.snippet).not.toMatch(/[$\\]/);
    expect(highlighted(await search('free', { q: 'mathword' }))).toEqual(['mathword']);
  });

  it('ranks a match in the stem above one in the explanation of an earlier question', async () => {
    const res = await search('free', { q: 'water' });
    expect(res.data.questions.map((r) => [r.question.id, r.field])).toEqual([
      ['q-s-rc', 'stem'],
      ['q-s-opt', 'analysis'],
    ]);
  });

  it('needs every term, in any order, and highlights each', async () => {
    const res = await search('free', { q: 'bleaching   CORAL' });
    expect(res.data.questions.map((r) => r.question.id)).toEqual(['q-s-rc']);
    expect(highlighted(res)).toEqual(['coral', 'bleaching']);
    expect((await search('free', { q: 'coral nosuchterm' })).data.total).toBe(0);
  });

  it('applies category, kind and difficulty', async () => {
    expect(
      (await search('free', { q: '答案', category: 3, difficulty: 'hard' })).data.questions.map((r) => r.question.id),
    ).toEqual(['q-s-qc']);
    expect((await search('free', { q: 'photosynthesis', kind: 'qc' })).data.total).toBe(0);
  });

  it('finds GRE words by headword prefix and by Chinese meaning', async () => {
    const en = await search('free', { q: 'Lac', scope: 'words' });
    expect(en.data.words.map((w) => [w.word, w.field, w.highlights])).toEqual([['laconic', 'word', [[0, 3]]]]);
    expect(en.data.words[0]!.phonetic).toBe("lә'kɒnik");
    expect(en.data.words[0]!.question_id).toMatch(/^w-/);
    const zh = await search('free', { q: '减轻', scope: 'words' });
    expect(zh.data.words.map((w) => w.word)).toEqual(['abate']);
    const [a, b] = zh.data.words[0]!.highlights[0]!;
    expect(zh.data.words[0]!.translation.slice(a, b)).toBe('减轻');
    expect(zh.data.questions).toEqual([]);
  });
});

describe('access', () => {
  it('a Trail member never sees locked or hidden stems; FreeVIP sees locked; staff see hidden', async () => {
    for (const q of ['secretstem', 'hiddenstem'])
      expect((await search('trail', { q })).data).toMatchObject({ total: 0, questions: [] });
    const trail = await search('trail', { q: 'photosynthesis' });
    expect(trail.data.questions.map((r) => r.question.id)).toEqual(['q-s-stem']);
    expect(JSON.stringify(trail.data)).not.toContain('secretstem');
    expect((await search('free', { q: 'secretstem' })).data.total).toBe(1);
    expect((await search('free', { q: 'hiddenstem' })).data.total).toBe(0);
    expect((await search('admin', { q: 'hiddenstem' })).data.total).toBe(1);
  });

  it('refuses anonymous callers', async () => {
    const res = await t.call(searchCalls.search, { q: 'water' });
    expect(res.status).toBe(401);
  });
});

describe('hostile input', () => {
  it('treats LIKE wildcards, quotes and backslashes literally', async () => {
    const before = await countRows(t.deps.database.db);
    for (const q of ['%', '_', '%%', "'", '"', "'; drop table questions; --", '\\', 'a_b', '100%']) {
      const res = await search('free', { q });
      expect(res.status, q).toBe(200);
      // Only the TeX of q-s-math holds a backslash; nothing holds the others.
      expect(
        res.data.questions.map((r) => r.question.id),
        q,
      ).toEqual(q === '\\' ? ['q-s-math'] : []);
      expect((await search('free', { q, scope: 'words' })).status).toBe(200);
    }
    expect(await countRows(t.deps.database.db)).toEqual(before);
  });

  it('answers invalid_input for blank, too long and out-of-range requests', async () => {
    for (const body of [
      { q: '' },
      { q: '   ' },
      { q: 'x'.repeat(65) },
      { q: 'water', page: 0 },
      { q: 'water', page_size: 51 },
      { q: 'water', scope: 'all' },
    ] as Body[]) {
      const res = await search('free', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect((await search('free', { q: 'y'.repeat(64) })).status).toBe(200);
  });
});

describe('paging', () => {
  it('pages through every match once, in a stable order', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await search('free', { q: 'pagingword', page, page_size: 10 });
      expect(res.data.total).toBe(25);
      seen.push(...res.data.questions.map((r) => r.question.id));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen).toEqual([...seen].sort());
  });

  it('stops counting at the cap and says so', async () => {
    await t.deps.database.db.execute(sql`
      insert into questions (id, category, kind, difficulty, input_method, standard_answer, analysis, inquiry, visibility, search_text)
      select 'q-cap-' || lpad(g::text, 4, '0'), 3, 'qc', 'easy', input_method, standard_answer, analysis, 'capword ' || g, 'public', 'capword ' || g
      from questions, generate_series(1, ${SEARCH_MATCH_CAP + 5}) g where id = 'q-s-qc'`);
    const res = await search('free', { q: 'capword' });
    expect(res.data).toMatchObject({ total: SEARCH_MATCH_CAP, capped: true });
    expect(res.data.questions).toHaveLength(20);
  });
});
