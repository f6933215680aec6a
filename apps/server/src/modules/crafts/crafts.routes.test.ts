import { craftCalls } from '@gre/contracts';
import { crafts } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage } from '../../../test/fixtures.js';
import { craftLearner, fullNote, insertExamCraft, type CraftClient } from './crafts.fixtures.js';

let t: TestApp;
const db = () => t.deps.database.db;
const rowCounts = () => countRows(db(), ['crafts', 'collect_tags']);

beforeAll(async () => {
  t = await createTestApp();
  await importPackage(db(), accessPackage());
});
afterAll(() => t.close());

const craftRow = async (id: number) => (await db().select().from(crafts).where(eq(crafts.id, id)))[0];

describe('/api/craft/update_v2', () => {
  it('creates the craft on craft_id 0 and answers the whole craft; a note of HTML comes back verbatim', async () => {
    const me = await craftLearner(t);
    const html = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes' 中文`;
    const res = await me.note('q-pub', fullNote(html));
    expect(res.status).toBe(200);
    expect(res.data.craft).toMatchObject({
      user_id: me.userId,
      question_id: 'q-pub',
      wrong: null,
      issue: null,
      collect: null,
      card: null,
      in_higher: false,
      schedule: null,
    });
    expect(res.data.craft.note?.text_input.review).toBe(html);
    expect(res.data.craft.updated_at).toBeGreaterThan(Date.now() / 1000 - 60);
    const again = await me.get(['q-pub', 'q-rc']);
    expect(again.data.crafts).toEqual([res.data.craft]);
    expect((await craftRow(res.data.craft.id))!.note).toEqual(fullNote(html));
    // A second craft_id 0 finds the same row.
    expect((await me.collect('q-pub', true)).data.craft.id).toBe(res.data.craft.id);
  });

  it('keeps the latest source, so a question collected from a search carries the search label', async () => {
    const me = await craftLearner(t);
    const first = await me.update({
      update_kind: 'Collect',
      question_id: 'q-pub',
      craft: { collect: { collected: true } },
      source: { name: '光合作用', page: 'Search', update_time_stamp: 1 },
    });
    expect(first.data.craft.source).toMatchObject({ name: '光合作用', page: 'Search', exam_id: null });
    expect(first.data.craft.source!.update_time_stamp).toBeGreaterThan(Date.now() / 1000 - 60);
    // An update without a source keeps the one stored.
    const second = await me.note('q-pub', fullNote('复盘'));
    expect(second.data.craft.source?.name).toBe('光合作用');
    const third = await me.update({
      update_kind: 'Note',
      question_id: 'q-pub',
      craft: { note: fullNote('再看') },
      source: { name: '题本 A · 第一册', template_id: 'b-free', page: 'Exercise' },
    });
    expect(third.data.craft.source).toMatchObject({ name: '题本 A · 第一册', template_id: 'b-free', page: 'Exercise' });
  });

  it('Collect sets collected and tags; unchecking clears the tags; tags must be the learner’s own', async () => {
    const me = await craftLearner(t);
    const other = await craftLearner(t);
    const a = (await me.addTag('易错')).data.collect.id;
    const b = (await me.addTag('长难句')).data.collect.id;
    const theirs = (await other.addTag('别人的')).data.collect.id;
    const on = await me.collect('q-rc', true, [a, b, a]);
    expect(on.data.craft.collect).toEqual({ collected: true, collect_ids: [a, b], word: null });
    const off = await me.collect('q-rc', false, [a]);
    expect(off.data.craft.collect).toEqual({ collected: false, collect_ids: [], word: null });
    const before = await rowCounts();
    for (const ids of [[theirs], [a, theirs], [9_007_199_254_740_991]]) {
      const res = await me.collect('q-pub', true, ids);
      expect(res.status).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await rowCounts()).toEqual(before);
    expect((await me.get(['q-rc'])).data.crafts[0]!.collect?.collect_ids).toEqual([]);
  });

  it('Card: the server stamps the collect time, 0 when uncollected, and sets the card tag', async () => {
    const me = await craftLearner(t);
    const before = Math.floor(Date.now() / 1000);
    const on = await me.card('q-qc', true, 3);
    expect(on.data.craft.card).toMatchObject({ collected: true, range_kind: 3, finished: false });
    expect(on.data.craft.card!.collect_time_stamp).toBeGreaterThanOrEqual(before);
    expect(on.data.craft.card!.collect_time_stamp).not.toBe(12345);
    const off = await me.card('q-qc', false, 3);
    expect(off.data.craft.card).toMatchObject({ collected: false, collect_time_stamp: 0 });
  });

  it('Improvement writes the review’s improvement (and mastery) inside the note, creating a default note when none', async () => {
    const me = await craftLearner(t);
    const first = await me.improve('q-pub', '先找转折词');
    expect(first.data.craft.note).toEqual({
      text_input: { review: '', difficulty: '', new_way: '', puzzle: '', note: '' },
      reasons: [],
      review: { mastery: 0, reviewed: false, improvement: '先找转折词', reasons: [] },
    });
    const noted = fullNote('复盘', {
      reasons: [{ name: '粗心', type: 'habit', checked: true }],
      review: {
        mastery: 1,
        reviewed: true,
        improvement: 'old',
        reasons: [{ reason_id: 'f-logic', input: '没看到 but' }],
      },
    });
    await me.note('q-pub', noted);
    const second = await me.improve('q-pub', '新的改进', 3);
    expect(second.data.craft.note).toEqual({
      ...noted,
      review: { ...noted.review, improvement: '新的改进', mastery: 3 },
    });
    const third = await me.improve('q-pub', '只改文字');
    expect(third.data.craft.note!.review).toMatchObject({ improvement: '只改文字', mastery: 3, reviewed: true });
  });

  it('keeps what the exams wrote (wrong, essay) through every update kind, in the contract’s shape', async () => {
    const me = await craftLearner(t);
    const row = await insertExamCraft(db(), me.userId, 'q-rc');
    const wrong = {
      answer: { selects: ['A'], multi_selects: [], text: '', text2: '', essay: '' },
      time: 42,
      count: 2,
      source: { name: '模考 1', exam_id: 7, template_id: null, update_time_stamp: 1_700_000_000, page: 'Exam' },
    };
    const issue = {
      answer: 'my essay',
      result: { status: 'Judging', score: null, rank: null, comment: null, progress: null },
    };
    for (const res of [
      await me.collect('q-rc', true),
      await me.card('q-rc', true),
      await me.note('q-rc', fullNote('n')),
      await me.improve('q-rc', 'i'),
    ]) {
      expect(res.data.craft).toMatchObject({ id: row.id, wrong, issue });
    }
    expect((await me.get(['q-rc'])).data.crafts[0]).toMatchObject({
      collect: { collected: true },
      card: { collected: true },
      note: { review: { improvement: 'i' } },
    });
  });

  it('refuses questions the learner may not see like /api/question/get does, writing nothing', async () => {
    const trail = await craftLearner(t, { roleKind: 'Trail' });
    const vip = await craftLearner(t);
    const before = await rowCounts();
    const cases: [CraftClient, string, string][] = [
      [trail, 'q-lock', 'public_only'],
      [trail, 'q-hid', 'not_found'],
      [vip, 'q-hid', 'not_found'],
      [vip, 'q-und', 'not_found'],
      [vip, 'q-nope', 'not_found'],
    ];
    for (const [who, id, kind] of cases) {
      for (const res of [await who.note(id, fullNote('x')), await who.collect(id, true), await who.improve(id, 'x')]) {
        expect(res.err?.kind, `${id}`).toBe(kind);
        expect(res.data).toBeNull();
      }
    }
    expect(await rowCounts()).toEqual(before);
    expect((await vip.collect('q-lock', true)).ok).toBe(true);
  });

  it('opens an underground question when the source names a book that grants it', async () => {
    const vip = await craftLearner(t);
    const via = (template_id: string) =>
      vip.update({
        update_kind: 'Collect',
        question_id: 'q-und',
        craft: { collect: { collected: true } },
        source: { name: '题本', template_id },
      });
    expect((await via('b-free')).err?.kind).toBe('not_found');
    expect((await via('b-unknown')).err?.kind).toBe('not_found');
    expect((await via('b-grant')).data.craft.collect?.collected).toBe(true);
  });

  it('a non-zero craft_id must be this learner’s craft on this question: another’s, another question’s or an unknown id → not_found', async () => {
    const me = await craftLearner(t);
    const other = await craftLearner(t);
    const mine = (await me.note('q-pub', fullNote('mine'))).data.craft;
    const theirs = (await other.note('q-pub', fullNote('theirs'))).data.craft;
    const before = await rowCounts();
    for (const [craftId, qid] of [
      [theirs.id, 'q-pub'],
      [mine.id, 'q-rc'],
      [9_007_199_254_740_991, 'q-pub'],
    ] as const) {
      const res = await me.note(qid, fullNote('hijack'), craftId);
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
    }
    expect(await rowCounts()).toEqual(before);
    expect((await craftRow(theirs.id))!.note).toEqual(fullNote('theirs'));
    const named = await me.note('q-pub', fullNote('named'), mine.id);
    expect(named.data.craft).toMatchObject({ id: mine.id, note: fullNote('named') });
  });

  it('answers invalid_input for a kind without its part, bad shapes and values past their bounds', async () => {
    const me = await craftLearner(t);
    const before = await rowCounts();
    const bodies = [
      { update_kind: 'Note', question_id: 'q-pub', craft: { collect: { collected: true } } },
      { update_kind: 'Improvement', question_id: 'q-pub', craft: {} },
      { update_kind: 'Note', question_id: 'q-pub', craft: { note: { text_input: { review: 'x'.repeat(5001) } } } },
      { update_kind: 'Improvement', question_id: 'q-pub', craft: { improvement: { improvement: 'x', mastery: 5 } } },
      {
        update_kind: 'Collect',
        question_id: 'q-pub',
        craft: { collect: { collected: true, collect_ids: Array.from({ length: 21 }, (_, i) => i + 1) } },
      },
      { update_kind: 'Delete', question_id: 'q-pub', craft: {} },
      { update_kind: 'Note', question_id: 'q-pub', craft: { note: {}, wrong: {} } },
    ] as const;
    for (const body of bodies) {
      const res = await me.update(body as never);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('sets in_higher from a Higher book source and never clears it', async () => {
    const me = await craftLearner(t, { roleKind: 'SVIP', higherAccess: true });
    const res = await me.update({
      update_kind: 'Collect',
      question_id: 'q-qc',
      craft: { collect: { collected: true } },
      source: { name: '高分题库', template_id: 'b-higher', page: 'Higher' },
    });
    expect(res.data.craft.in_higher).toBe(true);
    expect((await me.note('q-qc', fullNote('n'))).data.craft.in_higher).toBe(true);
    expect(
      (
        await me.update({
          update_kind: 'Collect',
          question_id: 'q-pub',
          craft: { collect: { collected: true } },
          source: { name: '题本', template_id: 'b-free' },
        })
      ).data.craft.in_higher,
    ).toBe(false);
  });

  it('concurrent updates of many learners share statements, and each gets back its own craft with only its part written', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => craftLearner(t)));
    const tags = await Promise.all(learners.map(async (l) => (await l.addTag('批量')).data.collect.id));
    const calls = learners.flatMap((l, n) => [
      l.note('q-pub', fullNote(`learner-${n}`)).then((r) => ({ r, n, question: 'q-pub', part: 'note' as const })),
      l.collect('q-rc', true, [tags[n]!]).then((r) => ({ r, n, question: 'q-rc', part: 'collect' as const })),
      l.card('q-rc', true, 2).then((r) => ({ r, n, question: 'q-rc', part: 'card' as const })),
    ]);
    for (const { r, n, question, part } of await Promise.all(calls)) {
      expect(r.ok).toBe(true);
      expect(r.data.craft).toMatchObject({ user_id: learners[n]!.userId, question_id: question });
      if (part === 'note') expect(r.data.craft.note?.text_input.review).toBe(`learner-${n}`);
    }
    for (const [n, l] of learners.entries()) {
      const [pub, rc] = (await l.get(['q-pub', 'q-rc'])).data.crafts.sort((a, b) =>
        a.question_id.localeCompare(b.question_id),
      );
      expect(pub).toMatchObject({ question_id: 'q-pub', collect: null, card: null });
      expect(pub!.note?.text_input.review).toBe(`learner-${n}`);
      expect(rc).toMatchObject({
        question_id: 'q-rc',
        note: null,
        collect: { collected: true, collect_ids: [tags[n]] },
        card: { collected: true, range_kind: 3 },
      });
    }
  });

  it('keeps every write of 20 concurrent updates of different kinds on one craft', async () => {
    const me = await craftLearner(t);
    const tag = (await me.addTag('并发')).data.collect.id;
    const seeded = await insertExamCraft(db(), me.userId, 'q-pub');
    const calls = Array.from({ length: 20 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return me.note(
            'q-pub',
            fullNote(`note-${i}`, { review: { mastery: 2, reviewed: true, improvement: 'from-note', reasons: [] } }),
          );
        case 1:
          return me.collect('q-pub', true, [tag]);
        case 2:
          return me.card('q-pub', true, (i - 2) / 4 + 1);
        default:
          return me.improve('q-pub', `impr-${i}`);
      }
    });
    const results = await Promise.all(calls);
    expect(results.every((r) => r.ok && r.data.craft.id === seeded.id)).toBe(true);
    const final = (await me.get(['q-pub'])).data.crafts[0]!;
    expect(final.wrong).toMatchObject({ count: 2, time: 42 });
    expect(final.issue?.answer).toBe('my essay');
    expect(final.collect).toEqual({ collected: true, collect_ids: [tag], word: null });
    expect(final.card).toMatchObject({ collected: true });
    expect([1, 2, 3, 4, 5]).toContain(final.card!.range_kind);
    expect(final.note).not.toBeNull();
    expect(['note-0', 'note-4', 'note-8', 'note-12', 'note-16']).toContain(final.note!.text_input.review);
    expect(['from-note', ...[3, 7, 11, 15, 19].map((i) => `impr-${i}`)]).toContain(final.note!.review.improvement);
    expect(await db().select().from(crafts).where(eq(crafts.userId, me.userId))).toHaveLength(1);
  });

  it('creates one craft when first updates of one question race', async () => {
    const me = await craftLearner(t);
    const results = await Promise.all([
      me.collect('q-rc', true),
      me.card('q-rc', true),
      me.note('q-rc', fullNote('a')),
      me.improve('q-rc', 'b'),
    ]);
    expect(new Set(results.map((r) => r.data.craft.id)).size).toBe(1);
    const final = (await me.get(['q-rc'])).data.crafts[0]!;
    expect(final.collect?.collected && final.card?.collected).toBe(true);
    expect(final.note!.text_input.review).toBe('a');
  });
});

describe('/api/craft/get', () => {
  it('answers only the learner’s own crafts, absent questions left out', async () => {
    const me = await craftLearner(t);
    const other = await craftLearner(t);
    await other.collect('q-rc', true);
    await me.collect('q-pub', true);
    const res = await me.get(['q-pub', 'q-rc', 'q-nope', 'q-pub']);
    expect(res.data.crafts.map((c) => [c.question_id, c.user_id])).toEqual([['q-pub', me.userId]]);
    expect((await me.get([])).err?.kind).toBe('invalid_input');
  });
});

describe('/api/craft/get_reason_lib', () => {
  it('answers the reason library of every category', async () => {
    const me = await craftLearner(t);
    const res = await me.reasonLib();
    expect(res.data.categories.map((c) => c.category)).toEqual([1, 2, 3, 4, 5]);
    expect(res.data.categories[0]!.reasons).toContainEqual({
      id: 'f-logic',
      name: '逻辑关系判断失误（转折、因果、递进）',
      type: 'skill',
    });
    expect((await t.call(craftCalls.reasonLib, {})).err?.kind).toBe('unauthorized');
  });
});
