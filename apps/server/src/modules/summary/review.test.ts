import { craftCalls, examCalls, summaryCalls } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { DEFAULT_REVIEW_CAP } from '../../lib/fsrs.js';
import { createAndGet, examTestApp, type Learner, learner } from '../../../test/fixtures.js';
import { actorOf, ageSchedules, practise, schedules } from './summary.fixtures.js';
import { reviewDue } from './summary.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const nowS = () => Date.now() / 1000;
const due = (l: Learner, limit = 20) => t.call(craftCalls.reviewDue, { limit }, { token: l.token });
const daily = (l: Learner) => t.call(summaryCalls.getDaily, {}, { token: l.token });

describe('spaced re-review of wrong questions (FSRS)', () => {
  let l: Learner;
  let wrongIds: string[];
  let rightIds: string[];

  it('gives each wrong answer a card due tomorrow, and none to the right ones', async () => {
    l = await learner(t, { roleKind: 'VIP' });
    const run = await practise(
      t,
      l,
      { source: 'filter', filter: { category: 3 }, count: 4, pick_first: true },
      (pos) => pos % 2 === 0,
    );
    wrongIds = run.ids.filter((_, i) => i % 2 === 0);
    rightIds = run.ids.filter((_, i) => i % 2 === 1);
    const s = await schedules(t, l.userId);
    for (const id of wrongIds) {
      const c = s.get(id)!;
      expect(c.schedule).toMatchObject({ state: 'Review', reps: 1, lapses: 0 });
      expect(c.due! - nowS()).toBeGreaterThan(DAY - 120);
      expect(c.due! - nowS()).toBeLessThan(DAY + 120);
    }
    for (const id of rightIds) expect(s.has(id)).toBe(false);
    // Due tomorrow: nothing to re-review today yet, and the practice was no re-review.
    const now = await due(l);
    expect(now.data).toMatchObject({ items: [], due_total: 0, daily_cap: DEFAULT_REVIEW_CAP, done_today: 0 });
    expect((await daily(l)).data).toMatchObject({ questions: 4, correct: 2, due_reviews: 0 });
  });

  it('lists them the next day, most overdue first', async () => {
    const tomorrow = new Date(Date.now() + DAY * 1000 + 60_000);
    const res = await reviewDue(t.deps, await actorOf(t, l.userId), 20, tomorrow);
    expect(res.items.map((i) => i.question.id).sort()).toEqual([...wrongIds].sort());
    expect(res.items[0]!.craft.schedule).toMatchObject({ state: 'Review', reps: 1 });
    expect(res.items.every((i) => i.question.accessable && i.craft.wrong !== null)).toBe(true);
  });

  it('a right re-review pushes the due date forward and counts as today’s review; a wrong one brings it back', async () => {
    await ageSchedules(t, l.userId, 1);
    expect((await due(l)).data.due_total).toBe(2);
    expect((await daily(l)).data.due_reviews).toBe(2);
    const before = await schedules(t, l.userId);
    const run = await practise(t, l, { source: 'personal', scope: 'due' }, (_pos, id) => id === wrongIds[1]);
    expect(run.ids.sort()).toEqual([...wrongIds].sort());
    expect(run.source).toBe('Wrongs');
    const after = await schedules(t, l.userId);
    const good = after.get(wrongIds[0]!)!;
    expect(good.due! - before.get(wrongIds[0]!)!.due!).toBeGreaterThan(DAY);
    expect(good.schedule).toMatchObject({ reps: 2, lapses: 0, state: 'Review' });
    const again = after.get(wrongIds[1]!)!;
    expect(again.schedule).toMatchObject({ reps: 2, lapses: 1, state: 'Review' });
    expect(again.due! - nowS()).toBeLessThan(DAY + 120);
    const list = (await due(l)).data;
    expect(list).toMatchObject({ items: [], due_total: 0, done_today: 2 });
    expect((await daily(l)).data).toMatchObject({ questions: 6, correct: 3 });
  });

  it('a right answer elsewhere on a question once wrong also steps its card, without counting a review when not due', async () => {
    const before = (await schedules(t, l.userId)).get(wrongIds[0]!)!;
    await practise(t, l, { source: 'personal', scope: 'wrongs', filter: { category: 3 } }, () => false);
    const after = (await schedules(t, l.userId)).get(wrongIds[0]!)!;
    expect(after.schedule).toMatchObject({ reps: 3 });
    expect(after.due).toBeGreaterThanOrEqual(before.due!);
    expect((await due(l)).data.done_today).toBe(2);
  });
});

describe('the daily cap of re-reviews', () => {
  it('never offers more than the cap less today’s reviews, in the list and in a due practice', async () => {
    await t.deps.settings.setOverride('review_cap', 3);
    const l = await learner(t, { roleKind: 'SVIP' });
    await practise(t, l, { source: 'filter', filter: { category: 2 }, count: 5, pick_first: true }, () => true);
    await ageSchedules(t, l.userId, 2);
    const list = (await due(l, 50)).data;
    expect(list).toMatchObject({ due_total: 5, daily_cap: 3, done_today: 0 });
    expect(list.items).toHaveLength(3);
    expect((await due(l, 2)).data.items).toHaveLength(2);
    expect((await daily(l)).data.due_reviews).toBe(3);
    const run = await practise(t, l, { source: 'personal', scope: 'due', count: 50 }, () => false);
    expect(run.ids).toHaveLength(3);
    const after = (await due(l, 50)).data;
    expect(after).toMatchObject({ items: [], due_total: 2, done_today: 3 });
    expect((await daily(l)).data.due_reviews).toBe(0);
    const refused = await l.create({ source: 'personal', scope: 'due' });
    expect(refused.err).toMatchObject({ kind: 'conflict' });
    expect(refused.status).toBe(409);
    await t.deps.settings.setOverride('review_cap', 'not a number');
    expect((await due(l, 50)).data).toMatchObject({ daily_cap: DEFAULT_REVIEW_CAP, done_today: 3 });
    expect((await due(l, 50)).data.items).toHaveLength(2);
  });
});

describe('practice from the personal pages', () => {
  it('draws only this learner’s wrong questions and records the exam as coming from Wrongs', async () => {
    const a = await learner(t, { roleKind: 'VIP' });
    const b = await learner(t, { roleKind: 'VIP' });
    const runA = await practise(
      t,
      a,
      { source: 'filter', filter: { category: 1 }, count: 4, pick_first: true },
      (pos) => pos < 2,
    );
    await practise(t, b, { source: 'filter', filter: { category: 3 }, count: 3, pick_first: true }, () => true);
    const exam = await createAndGet(a, { source: 'personal', scope: 'wrongs', count: 50 });
    expect(exam.sections[0]!.items.map((i) => i.question.id).sort()).toEqual(runA.ids.slice(0, 2).sort());
    expect(exam).toMatchObject({ kind: 'personal', source: 'Wrongs', name: '错题练习', template_id: null });
    expect(exam.create_option).toMatchObject({ kind: 'personal' });
    const listed = (await t.call(examCalls.list, {}, { token: a.token })).data.items.find((i) => i.id === exam.id);
    expect(listed).toMatchObject({ kind: 'personal', source: 'Wrongs' });
    const filtered = await createAndGet(a, {
      source: 'personal',
      scope: 'wrongs',
      filter: { category: 1, kind: exam.sections[0]!.items[0]!.question.kind },
    });
    expect(filtered.name).toMatch(/^错题练习 · 填空/);
  });

  it('refuses an empty page, another learner’s marks and a malformed scope', async () => {
    const c = await learner(t, { roleKind: 'VIP' });
    for (const scope of ['collect', 'note', 'wrongs', 'higher_wrongs', 'card', 'due', 'essay'] as const) {
      const res = await c.create({ source: 'personal', scope });
      expect(res.err, scope).toMatchObject({ kind: 'not_found', show: '没有符合条件的题目' });
    }
    expect((await c.create({ source: 'personal', scope: 'everything' } as never)).err?.kind).toBe('invalid_input');
    expect(
      (await c.create({ source: 'personal', scope: 'wrongs', filter: { scope: 'wrongs' } } as never)).err?.kind,
    ).toBe('invalid_input');
  });

  it('draws essays written before, timed as the Issue, and marks the page source of each scope', async () => {
    const w = await learner(t, { roleKind: 'VIP' });
    await practise(t, w, { source: 'filter', filter: { category: 4 }, count: 1, pick_first: true }, () => false);
    const essay = await createAndGet(w, { source: 'personal', scope: 'essay' });
    expect(essay).toMatchObject({ source: 'Exercise', name: '写作练习' });
    expect(essay.sections[0]!.items.map((i) => i.question.input_method.kind)).toEqual(['Essay']);
    expect(essay.sections[0]!.time_limit_seconds).toBeGreaterThan(600);

    // All three answered wrongly, so the first is also a Higher wrong once it is marked in_higher.
    const run = await practise(
      t,
      w,
      { source: 'filter', filter: { category: 2 }, count: 3, pick_first: true },
      () => true,
    );
    const mark = (update_kind: string, question_id: string, craft: Record<string, unknown>) =>
      t.call(craftCalls.updateV2, { update_kind, craft_id: 0, question_id, craft, q_category: 2 }, { token: w.token });
    expect((await mark('Collect', run.ids[0]!, { collect: { collected: true } })).err).toBeNull();
    expect((await mark('Note', run.ids[1]!, { note: {} })).err).toBeNull();
    expect((await mark('Card', run.ids[2]!, { card: { collected: true } })).err).toBeNull();
    await t.deps.database.db.execute(
      sql`update crafts set in_higher = true where user_id = ${w.userId} and question_id = ${run.ids[0]!}`,
    );
    const expected = {
      collect: ['Collect', 0],
      note: ['Note', 1],
      card: ['Flash', 2],
      higher_collect: ['Higher', 0],
      higher_wrongs: ['Higher', 0],
    } as const;
    for (const [scope, [source, pos]] of Object.entries(expected)) {
      const exam = await createAndGet(w, { source: 'personal', scope: scope as keyof typeof expected });
      expect(exam.source, scope).toBe(source);
      expect(
        exam.sections[0]!.items.map((i) => i.question.id),
        scope,
      ).toEqual([run.ids[pos]]);
    }
  });
});
