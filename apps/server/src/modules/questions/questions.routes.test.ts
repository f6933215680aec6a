import { QUESTION_KINDS, questionCalls, searchCalls } from '@gre/contracts';
import { userBooks } from '@gre/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage } from '../../../test/fixtures.js';

let t: TestApp;
const tokens: Record<'trail' | 'free' | 'svip' | 'higher' | 'teacher' | 'admin', string> = {} as never;
let higherUserId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await importPackage(db, accessPackage());
  tokens.trail = (await userWithToken(db, { roleKind: 'Trail' })).token;
  tokens.free = (await userWithToken(db, { roleKind: 'FreeVIP' })).token;
  tokens.svip = (await userWithToken(db, { roleKind: 'SVIP' })).token;
  const higher = await userWithToken(db, { roleKind: 'SVIP', higherAccess: true });
  tokens.higher = higher.token;
  higherUserId = higher.user.id;
  tokens.teacher = (await userWithToken(db, { isTeacher: true })).token;
  tokens.admin = (await userWithToken(db, { isAdmin: true })).token;
});
afterAll(() => t.close());

const get = (who: keyof typeof tokens, ids: string[], bookId?: string) =>
  t.call(questionCalls.get, bookId ? { ids, book_id: bookId } : { ids }, { token: tokens[who] });

describe('/api/question/get', () => {
  it('answers in the order asked, with answers and analysis, once per id', async () => {
    const res = await get('free', ['q-rc', 'q-pub', 'q-rc']);
    expect(res.status).toBe(200);
    expect(res.data.questions.map((q) => q.id)).toEqual(['q-rc', 'q-pub']);
    const [rc] = res.data.questions;
    expect(rc).toMatchObject({ standard_answer: { selects: ['C'] }, support_translate: true, accessable: true });
    expect(rc?.passage?.translate).toMatch(/冰川/);
    expect(rc?.passage?.sentences.length).toBe(3);
    expect(rc?.analysis?.text).toMatch(/气泡/);
  });

  it('refuses unknown ids as not_found, even beside known ones', async () => {
    for (const ids of [['q-nope'], ['q-pub', 'q-nope'], ['wnope']]) {
      const res = await get('admin', ids);
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
      expect(res.data).toBeNull();
    }
  });

  it('hides hidden and underground questions from learners as if they did not exist; staff see them', async () => {
    for (const who of ['trail', 'free', 'higher'] as const) {
      for (const id of ['q-hid', 'q-und']) expect((await get(who, [id])).err?.kind, `${who} ${id}`).toBe('not_found');
      // A visible id beside a hidden one must not leak the visible one either.
      expect((await get(who, ['q-pub', 'q-hid'])).data).toBeNull();
    }
    const staff = await get('teacher', ['q-hid', 'q-und']);
    expect(staff.data.questions.map((q) => q.standard_answer?.selects)).toEqual([['B'], ['B']]);
  });

  it('answers public_only to ordinary members opening locked questions; FreeVIP and above see them', async () => {
    const trail = await get('trail', ['q-pub', 'q-lock']);
    expect(trail.status).toBe(403);
    expect(trail.err?.kind).toBe('public_only');
    expect((await get('trail', ['q-lock', 'q-nope'])).err?.kind).toBe('not_found');
    for (const who of ['free', 'svip'] as const)
      expect((await get(who, ['q-lock'])).data.questions[0]?.standard_answer).not.toBeNull();
  });

  it('opens underground questions only inside a book that grants them', async () => {
    expect((await get('trail', ['q-und'], 'b-grant')).data.questions[0]?.id).toBe('q-und');
    expect((await get('trail', ['q-und'], 'b-free')).err?.kind).toBe('not_found');
    expect((await get('trail', ['q-lock'], 'b-free')).err?.kind).toBe('public_only');
  });

  it('applies the book: ids outside it, unknown and refused books', async () => {
    expect((await get('admin', ['q-qc'], 'b-free')).err?.kind).toBe('not_found');
    expect((await get('admin', ['q-pub'], 'b-nope')).err?.kind).toBe('not_found');
    expect((await get('trail', ['q-pub'], 'b-hide')).err?.kind).toBe('not_found');
    expect((await get('trail', ['q-pub'], 'b-forbid')).err?.kind).toBe('forbidden');
    expect((await get('trail', ['q-pub'], 'b-vip')).err?.kind).toBe('limit');
    expect((await get('svip', ['q-qc'], 'b-higher')).err?.kind).toBe('limit');
    expect((await get('higher', ['q-qc'], 'b-higher')).data.questions).toHaveLength(1);
    const locked = await get('admin', ['q-pub'], 'b-season-future');
    expect(locked.status).toBe(200);
    const learner = await get('svip', ['q-pub'], 'b-season-future');
    expect(learner.err).toMatchObject({ kind: 'book_locked', detail: '2099-05-31T16:00:00.000Z' });
    expect(learner.err?.show).toContain('2099-06-01');
  });

  it('keeps answers, analysis and translation on the server in a prevent book until the learner finished it', async () => {
    const before = await t.app.inject({
      method: 'POST',
      url: questionCalls.get.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.higher}` },
      payload: { ids: ['q-prev', 'q-prev-rc'], book_id: 'b-prevent' },
    });
    const body = before.json<{
      data: { questions: { standard_answer: unknown; analysis: unknown; support_translate: boolean }[] };
    }>();
    expect(body.data.questions.map((q) => [q.standard_answer, q.analysis, q.support_translate])).toEqual([
      [null, null, false],
      [null, null, false],
    ]);
    expect(before.body).not.toMatch(/冰川|scathing（|气泡/);
    await t.deps.database.db
      .insert(userBooks)
      .values({ userId: higherUserId, templateId: 'b-prevent', status: 'Finish' });
    const after = await get('higher', ['q-prev', 'q-prev-rc'], 'b-prevent');
    expect(after.data.questions.map((q) => q.standard_answer?.selects)).toEqual([['B'], ['C']]);
    // Another learner's finished copy opens nothing for this one.
    expect((await get('svip', ['q-prev'], 'b-prevent')).data.questions[0]?.analysis).toBeNull();
  });

  it('refuses more than 50 ids and malformed ids as invalid_input', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `q-${i}`);
    expect((await get('admin', many)).err?.kind).toBe('invalid_input');
    expect((await get('admin', ['Q-UPPER'])).err?.kind).toBe('invalid_input');
    expect((await get('admin', [])).err?.kind).toBe('invalid_input');
  });
});

describe('/api/question/filter', () => {
  const filter = (who: keyof typeof tokens, body: Record<string, unknown>) =>
    t.call(questionCalls.filter, body, { token: tokens[who] });

  it('lists only what the viewer may see outside books', async () => {
    const ids = async (who: keyof typeof tokens) =>
      (await filter(who, { page_size: 50 })).data.items.map((q) => q.id).sort();
    expect(await ids('trail')).toEqual(['q-pub', 'q-qc', 'q-rc']);
    expect(await ids('free')).toEqual(['q-lock', 'q-pub', 'q-qc', 'q-rc']);
    expect(await ids('admin')).toEqual(['q-hid', 'q-lock', 'q-prev', 'q-prev-rc', 'q-pub', 'q-qc', 'q-rc', 'q-und']);
  });

  it('filters by category, kind, difficulty, topic, tag and keyword, a page at a time', async () => {
    const ids = async (body: Record<string, unknown>) => (await filter('free', body)).data.items.map((q) => q.id);
    expect(await ids({ category: 3 })).toEqual(['q-qc']);
    expect(await ids({ kind: 'tc1' })).toEqual(['q-lock', 'q-pub']);
    expect(await ids({ difficulty: 'medium', category: 1 })).toEqual(['q-lock']);
    expect(await ids({ topic: 'algebra' })).toEqual(['q-qc']);
    expect(await ids({ tag: 'public-tag' })).toEqual(['q-pub']);
    expect(await ids({ keyword: 'AIR BUBBLES' })).toEqual(['q-rc']);
    expect(await ids({ keyword: '100%_' })).toEqual([]);
    const page = await filter('free', { page: 2, page_size: 3 });
    expect(page.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.data.items).toHaveLength(1);
  });

  it('sends briefs only: no answer or analysis in the list', async () => {
    const res = await filter('admin', {});
    expect(res.data.items[0]).not.toHaveProperty('standard_answer');
    expect(JSON.stringify(res.data)).not.toMatch(/连朋友都皱眉/);
    expect(res.data.items.find((q) => q.id === 'q-pub')?.preview).toMatch(
      /^Fixture q-pub: the critic's review was so ____/,
    );
  });

  it('refuses pages over 50 and unknown kinds', async () => {
    expect((await filter('admin', { page_size: 51 })).err?.kind).toBe('invalid_input');
    expect((await filter('admin', { kind: 'essay' })).err?.kind).toBe('invalid_input');
    expect((await filter('admin', { category: 9 })).err?.kind).toBe('invalid_input');
  });
});

describe("a prevent book's questions", () => {
  const learners = ['trail', 'free', 'svip', 'higher'] as const;
  const search = (who: keyof typeof tokens, q: string) => t.call(searchCalls.search, { q }, { token: tokens[who] });
  const filter = (who: keyof typeof tokens, keyword: string) =>
    t.call(questionCalls.filter, { keyword }, { token: tokens[who] });

  it('give no answer through question/get without the book, search or the big bank, even once the book is finished', async () => {
    for (const who of learners) {
      for (const id of ['q-prev', 'q-prev-rc'])
        expect((await get(who, [id])).err?.kind, `${who} ${id}`).toBe('not_found');
      // The stem ('Fixture q-prev…') and a word of the explanation both match, but only for staff.
      for (const q of ['q-prev', '连朋友都皱眉'])
        expect(
          (await search(who, q)).data.questions.map((r) => r.question.id).filter((id) => id.startsWith('q-prev')),
          `${who} ${q}`,
        ).toEqual([]);
      expect((await filter(who, 'q-prev')).data.items, who).toEqual([]);
    }
    // The same explanation text finds the public twin, so the search did look where the answer is.
    expect((await search('trail', '连朋友都皱眉')).data.questions.map((r) => r.question.id)).toContain('q-pub');
    expect((await search('admin', 'q-prev')).data.questions.map((r) => r.question.id).sort()).toEqual([
      'q-prev',
      'q-prev-rc',
    ]);
    expect((await filter('admin', 'q-prev')).data.items.map((q) => q.id)).toEqual(['q-prev', 'q-prev-rc']);
  });

  it('show their stems but no answer through the book before the learner finished it', async () => {
    for (const who of ['trail', 'free', 'svip'] as const) {
      const res = await get(who, ['q-prev', 'q-prev-rc'], 'b-prevent');
      expect(res.data.questions.map((q) => [q.id, q.standard_answer, q.analysis, q.passage?.translate ?? ''])).toEqual([
        ['q-prev', null, null, ''],
        ['q-prev-rc', null, null, ''],
      ]);
      expect(res.data.questions[0]?.inquiry).toMatch(/^Fixture q-prev:/);
    }
  });
});

describe('/api/category/get_config', () => {
  it('names every kind of every category in Chinese, with a reason library per category', async () => {
    const res = await t.call(questionCalls.categoryConfig, {}, { token: tokens.trail });
    const cats = res.data.categories;
    expect(cats.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    expect(cats.flatMap((c) => c.kinds.map((k) => k.id)).sort()).toEqual(Object.values(QUESTION_KINDS).flat().sort());
    for (const c of cats) {
      expect(c.reasons.length).toBeGreaterThanOrEqual(5);
      expect(new Set(c.reasons.map((r) => r.id)).size).toBe(c.reasons.length);
      for (const text of [c.name, ...c.kinds.map((k) => k.name), ...c.reasons.map((r) => r.name)])
        expect(text).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(cats.find((c) => c.id === 3)?.subs.map((s) => s.id)).toEqual([
      'arithmetic',
      'algebra',
      'geometry',
      'data_analysis',
    ]);
  });
});
