import { CRAFT_LIMITS, PERSONAL_SCOPES } from '@gre/contracts';
import { collectTags, crafts, users } from '@gre/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage } from '../../../test/fixtures.js';
import { craftLearner, fullNote, insertExamCraft, type CraftClient } from './crafts.fixtures.js';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await importPackage(db(), accessPackage());
});
afterAll(() => t.close());

const ids = (res: Awaited<ReturnType<CraftClient['list']>>) => res.data.items.map((i) => i.question.id);
const age = (userId: number, questionId: string, days: number) =>
  db()
    .update(crafts)
    .set({ updatedAt: sql`now() - make_interval(days => ${days})` })
    .where(and(eq(crafts.userId, userId), eq(crafts.questionId, questionId)));

describe('/api/craft/list', () => {
  it('lists each scope newest first with filters, pages and the total', async () => {
    const me = await craftLearner(t, { roleKind: 'SVIP', higherAccess: true });
    const tag = (await me.addTag('错题')).data.collect.id;
    await insertExamCraft(db(), me.userId, 'q-rc');
    await me.collect('q-pub', true, [tag]);
    await me.collect('q-lock', true);
    await me.note('q-qc', fullNote('数学', { review: { mastery: 4, reviewed: true, improvement: '', reasons: [] } }));
    await me.note('q-pub', fullNote('填空'));
    await me.update({
      update_kind: 'Collect',
      question_id: 'q-qc',
      craft: { collect: { collected: true } },
      source: { name: '高分', template_id: 'b-higher' },
    });
    await me.card('q-rc', true);
    await me.collect('q-rc', false);
    await age(me.userId, 'q-lock', 10);

    expect(ids(await me.list({ scope: 'collect' }))).toEqual(['q-qc', 'q-pub', 'q-lock']);
    expect(ids(await me.list({ scope: 'wrongs' }))).toEqual(['q-rc']);
    expect(ids(await me.list({ scope: 'note' }))).toEqual(['q-qc', 'q-pub']);
    expect(ids(await me.list({ scope: 'card' }))).toEqual(['q-rc']);
    expect(ids(await me.list({ scope: 'higher_collect' }))).toEqual(['q-qc']);
    expect(ids(await me.list({ scope: 'higher_note' }))).toEqual(['q-qc']);
    expect(ids(await me.list({ scope: 'higher_wrongs' }))).toEqual([]);

    expect(ids(await me.list({ scope: 'collect', category: 1 }))).toEqual(['q-pub', 'q-lock']);
    expect(ids(await me.list({ scope: 'collect', kind: 'qc' }))).toEqual(['q-qc']);
    expect(ids(await me.list({ scope: 'collect', difficulty: 'medium' }))).toEqual(['q-qc', 'q-lock']);
    expect(ids(await me.list({ scope: 'collect', tag_id: tag }))).toEqual(['q-pub']);
    const now = Math.floor(Date.now() / 1000);
    expect(ids(await me.list({ scope: 'collect', since: now - 7 * 86_400 }))).toEqual(['q-qc', 'q-pub']);
    expect(ids(await me.list({ scope: 'collect', until: now - 7 * 86_400 }))).toEqual(['q-lock']);
    // Without a note a question counts as mastery 0.
    expect(ids(await me.list({ scope: 'collect', max_mastery: 2 }))).toEqual(['q-pub', 'q-lock']);

    const page1 = await me.list({ scope: 'collect', page: 1, page_size: 2 });
    const page2 = await me.list({ scope: 'collect', page: 2, page_size: 2 });
    const page9 = await me.list({ scope: 'collect', page: 9, page_size: 2 });
    expect([ids(page1), ids(page2), ids(page9)]).toEqual([['q-qc', 'q-pub'], ['q-lock'], []]);
    expect([page1.data.total, page2.data.total, page9.data.total]).toEqual([3, 3, 3]);

    const item = (await me.list({ scope: 'collect', tag_id: tag })).data.items[0]!;
    expect(item.question).toMatchObject({ id: 'q-pub', category: 1, kind: 'tc1', accessable: true });
    expect(item.question.preview).toContain('Fixture q-pub');
    expect(item.craft).toMatchObject({
      question_id: 'q-pub',
      collect: { collected: true, collect_ids: [tag] },
      note: { text_input: { review: '填空' } },
    });
  });

  it('lists a question the learner may no longer open without its stem, and never another learner’s crafts', async () => {
    const me = await craftLearner(t);
    const other = await craftLearner(t);
    await me.collect('q-lock', true);
    await other.collect('q-pub', true);
    await db().update(users).set({ roleKind: 'Trail', baseRoleKind: 'Trail' }).where(eq(users.id, me.userId));
    const res = await me.list({ scope: 'collect' });
    expect(res.data.total).toBe(1);
    expect(res.data.items[0]!.question).toMatchObject({ id: 'q-lock', accessable: false, preview: '' });
  });

  it('refuses bad filters with invalid_input', async () => {
    const me = await craftLearner(t);
    for (const body of [
      {},
      { scope: 'everything' },
      { scope: 'collect', max_mastery: 5 },
      { scope: 'collect', page_size: 51 },
      { scope: 'collect', tag_id: 0 },
      { scope: 'collect', kind: 'nope' },
    ]) {
      expect((await me.list(body)).err?.kind, JSON.stringify(body)).toBe('invalid_input');
    }
  });
});

describe('/api/craft/get_summary', () => {
  it('counts each personal page by category', async () => {
    const me = await craftLearner(t);
    await insertExamCraft(db(), me.userId, 'q-rc');
    await me.collect('q-pub', true);
    await me.collect('q-qc', true);
    await me.note('q-pub', fullNote('n'));
    await me.card('q-qc', true);
    const res = await me.summary();
    const by = Object.fromEntries(res.data.scopes.map((s) => [s.scope, s]));
    expect(res.data.scopes.map((s) => s.scope)).toEqual([...PERSONAL_SCOPES]);
    expect(by.collect).toEqual({ scope: 'collect', total: 2, by_category: { '1': 1, '3': 1 } });
    expect(by.wrongs).toEqual({ scope: 'wrongs', total: 1, by_category: { '2': 1 } });
    expect(by.note).toEqual({ scope: 'note', total: 1, by_category: { '1': 1 } });
    expect(by.card).toEqual({ scope: 'card', total: 1, by_category: { '3': 1 } });
    expect(by.higher_collect).toEqual({ scope: 'higher_collect', total: 0, by_category: {} });
    // The exam craft carries an essay: 写作练习 can draw one.
    expect(res.data.essays).toBe(1);
    const fresh = await craftLearner(t);
    const empty = (await fresh.summary()).data;
    expect(empty.scopes.every((s) => s.total === 0)).toBe(true);
    expect(empty.essays).toBe(0);
  });
});

describe('/api/review/get_tree', () => {
  it('counts wrong and noted crafts by category → kind → checked reasons and review reasons', async () => {
    const me = await craftLearner(t);
    await insertExamCraft(db(), me.userId, 'q-rc');
    await me.note(
      'q-rc',
      fullNote('r', {
        reasons: [
          { name: '定位错误', type: 'skill', checked: true },
          { name: '没勾', type: 'habit', checked: false },
        ],
      }),
    );
    await me.note(
      'q-pub',
      fullNote('p', {
        review: {
          mastery: 0,
          reviewed: false,
          improvement: '',
          reasons: [
            { reason_id: 'f-logic', input: '' },
            { reason_id: 'unknown-id', input: '' },
          ],
        },
      }),
    );
    await me.note(
      'q-lock',
      fullNote('l', {
        reasons: [{ name: '逻辑关系判断失误（转折、因果、递进）', type: 'skill', checked: true }],
        review: { mastery: 0, reviewed: false, improvement: '', reasons: [{ reason_id: 'f-logic', input: '' }] },
      }),
    );
    await me.collect('q-qc', true);
    const res = await me.tree();
    expect(res.data.categories).toEqual([
      {
        category: 1,
        wrong: 0,
        noted: 2,
        kinds: [
          { kind: 'tc1', wrong: 0, noted: 2, reasons: [{ reason: '逻辑关系判断失误（转折、因果、递进）', count: 2 }] },
        ],
      },
      {
        category: 2,
        wrong: 1,
        noted: 1,
        kinds: [{ kind: 'rc_single', wrong: 1, noted: 1, reasons: [{ reason: '定位错误', count: 1 }] }],
      },
    ]);
  });
});

describe('/api/collect/add and get_all', () => {
  it('creates tags trimmed, lists them in creation order, and refuses an empty name with 请填写标签名称', async () => {
    const me = await craftLearner(t);
    expect((await me.tags()).data.collects).toEqual([]);
    const a = await me.addTag('  易错题  ', '常错');
    expect(a.data.collect).toMatchObject({ name: '易错题', desp: '常错' });
    // Longer than the 10-character hint: the hint is the client's only.
    const b = await me.addTag('这是一个超过十个字的长标签名称');
    expect(b.ok).toBe(true);
    expect((await me.tags()).data.collects).toEqual([a.data.collect, { ...b.data.collect, desp: '' }]);
    for (const name of ['', '   ', '\t']) {
      const res = await me.addTag(name);
      expect(res.status).toBe(400);
      expect(res.err).toMatchObject({ kind: 'invalid_input', show: '请填写标签名称' });
    }
  });

  it('refuses a name past the bound (10,000 characters too) with invalid_input, a duplicate with conflict, nothing written', async () => {
    const me = await craftLearner(t);
    await me.addTag('重复');
    const before = await countRows(db(), ['collect_tags']);
    for (const name of ['x'.repeat(CRAFT_LIMITS.tagName + 1), '标'.repeat(10_000)])
      expect((await me.addTag(name)).err?.kind).toBe('invalid_input');
    expect((await me.addTag('x', 'd'.repeat(201))).err?.kind).toBe('invalid_input');
    const dup = await me.addTag(' 重复 ');
    expect(dup.status).toBe(409);
    expect(dup.err).toMatchObject({ kind: 'conflict', show: '标签已存在' });
    expect(await countRows(db(), ['collect_tags'])).toEqual(before);
    // Another learner may use the same name.
    expect((await (await craftLearner(t)).addTag('重复')).ok).toBe(true);
  });

  it(`holds the limit of ${CRAFT_LIMITS.tags} tags, also when creations race`, async () => {
    const me = await craftLearner(t);
    await db()
      .insert(collectTags)
      .values(Array.from({ length: CRAFT_LIMITS.tags - 3 }, (_, i) => ({ userId: me.userId, name: `t${i}` })));
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => me.addTag(`race${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => r.err?.kind === 'conflict')).toBe(true);
    expect((await me.tags()).data.collects).toHaveLength(CRAFT_LIMITS.tags);
  });
});
