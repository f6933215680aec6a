import { shanghaiDay, summaryCalls } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { examTestApp, type Learner, learner } from '../../../test/fixtures.js';
import { actorOf, finishedSimulation, practise } from './summary.fixtures.js';
import { signIn } from './summary.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const today = () => shanghaiDay(Math.floor(Date.now() / 1000));
const daysAgo = (n: number) => shanghaiDay(Math.floor(Date.now() / 1000) - n * DAY);
const as = (l: Learner) => ({ token: l.token });

describe('sign-in and the streak', () => {
  it('signs in once a day; the second time is a conflict with its message', async () => {
    const l = await learner(t);
    const first = await t.call(summaryCalls.signIn, {}, as(l));
    expect(first.data).toEqual({ day: today(), streak: 1, best_streak: 1 });
    const second = await t.call(summaryCalls.signIn, {}, as(l));
    expect(second.status).toBe(409);
    expect(second.err).toMatchObject({ kind: 'conflict', show: '今天已经签到过了' });
    expect((await t.call(summaryCalls.getDaily, {}, as(l))).data).toMatchObject({ signed_in: true, streak: 1 });
  });

  it('continues yesterday’s streak, restarts after a gap, and keeps the best', async () => {
    const l = await learner(t);
    const actor = await actorOf(t, l.userId);
    const at = (n: number) => new Date(Date.now() - n * DAY * 1000);
    for (const n of [6, 5, 4, 2, 1]) await signIn(t.deps, actor, at(n));
    const res = await t.call(summaryCalls.signIn, {}, as(l));
    expect(res.data).toEqual({ day: today(), streak: 3, best_streak: 3 });
    expect((await t.call(summaryCalls.get, {}, as(l))).data).toMatchObject({
      streak: 3,
      best_streak: 3,
      days_active: 6,
    });
  });

  it('of concurrent sign-ins exactly one succeeds', async () => {
    const l = await learner(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => t.call(summaryCalls.signIn, {}, as(l))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => r.err?.kind === 'conflict')).toHaveLength(5);
  });
});

describe('today, the calendar and the recent figures', () => {
  let l: Learner;

  it('adds each submitted section to today: questions, right answers, time and the aim’s progress', async () => {
    l = await learner(t);
    const empty = (await t.call(summaryCalls.getDaily, {}, as(l))).data;
    expect(empty).toEqual({
      day: today(),
      questions: 0,
      correct: 0,
      accuracy: null,
      used_time_seconds: 0,
      words: 0,
      today_aim: 50,
      aim_progress: 0,
      signed_in: false,
      streak: 0,
      due_reviews: 0,
    });
    await practise(t, l, { source: 'filter', filter: { category: 3 }, count: 5, pick_first: true }, (pos) => pos === 0);
    await practise(t, l, { source: 'filter', filter: { category: 1 }, count: 3, pick_first: true }, () => false);
    const d = (await t.call(summaryCalls.getDaily, {}, as(l))).data;
    expect(d).toMatchObject({ questions: 8, correct: 7, accuracy: 87.5, aim_progress: 16 });
    await t.deps.database.db.execute(sql`update users set today_aim = 0 where id = ${l.userId}`);
    expect((await t.call(summaryCalls.getDaily, {}, as(l))).data).toMatchObject({ today_aim: 0, aim_progress: null });
    await t.deps.database.db.execute(sql`update users set today_aim = 5 where id = ${l.userId}`);
    expect((await t.call(summaryCalls.getDaily, {}, as(l))).data).toMatchObject({ aim_progress: 100 });
  });

  it('shows the month with the days done and signed in; refuses malformed and far-away months', async () => {
    await t.call(summaryCalls.signIn, {}, as(l));
    const month = today().slice(0, 7);
    const res = (await t.call(summaryCalls.monthActivity, { month }, as(l))).data;
    expect(res).toEqual({ month, days: [{ day: today(), questions: 8, signed_in: true }] });
    const year = Number(month.slice(0, 4));
    expect((await t.call(summaryCalls.monthActivity, { month: `${year - 3}-02` }, as(l))).data.days).toEqual([]);
    for (const bad of [
      `${year}-13`,
      `${year}-00`,
      `${year + 11}-01`,
      '0000-01',
      '2026-1',
      '2026-01-01',
      'abcd-ef',
      '',
    ]) {
      const r = await t.call(summaryCalls.monthActivity, { month: bad }, as(l));
      expect(r.err?.kind, bad).toBe('invalid_input');
      expect(r.status).toBe(400);
    }
  });

  it('refresh_recent rebuilds the last 30 days from the exam records, twice the same', async () => {
    const db = t.deps.database.db;
    await db.execute(
      sql`update daily_activity set questions = 999, correct = 1, time_seconds = 5 where user_id = ${l.userId} and day = ${today()}::date`,
    );
    await db.execute(sql`insert into daily_activity (user_id, day, questions, correct, signed_in, streak, words) values
      (${l.userId}, ${daysAgo(5)}::date, 7, 7, true, 1, 12), (${l.userId}, ${daysAgo(40)}::date, 9, 9, false, 0, 0)`);
    const before = (await t.call(summaryCalls.getDaily, {}, as(l))).data;
    expect(before.questions).toBe(999);
    for (let i = 0; i < 2; i++) {
      expect((await t.call(summaryCalls.refreshRecent, {}, as(l))).data).toEqual({ days: 1 });
      const rows = await db.execute<{
        day: string;
        questions: number;
        correct: number;
        signed_in: boolean;
        words: number;
        streak: number;
      }>(
        sql`select day::text as day, questions, correct, signed_in, words, streak from daily_activity where user_id = ${l.userId} order by day`,
      );
      expect(rows.rows).toEqual([
        { day: daysAgo(40), questions: 9, correct: 9, signed_in: false, words: 0, streak: 0 },
        { day: daysAgo(5), questions: 0, correct: 0, signed_in: true, words: 12, streak: 1 },
        { day: today(), questions: 8, correct: 7, signed_in: true, words: 0, streak: 1 },
      ]);
    }
    const fresh = await learner(t);
    expect((await t.call(summaryCalls.refreshRecent, {}, as(fresh))).data).toEqual({ days: 0 });
  });

  it('sums everything in summary/get', async () => {
    const s = (await t.call(summaryCalls.get, {}, as(l))).data;
    expect(s).toMatchObject({
      questions: 17,
      correct: 16,
      exams_finished: 2,
      streak: 1,
      best_streak: 1,
      days_active: 3,
    });
    expect(s.accuracy).toBe(Math.round((16 / 17) * 1000) / 10);
  });

  it('gives accuracy and time per kind over the finished exams a window keeps', async () => {
    const all = (await t.call(summaryCalls.getExercise, {}, as(l))).data.kinds;
    expect(all.reduce((n, k) => n + k.total, 0)).toBe(8);
    expect(all.reduce((n, k) => n + k.correct, 0)).toBe(7);
    expect(all.every((k) => k.category === 1 || k.category === 3)).toBe(true);
    // Two exams: every window that ranks or cuts keeps both.
    const kept = (await t.call(summaryCalls.getExercise, { window: 'last_3' }, as(l))).data.kinds;
    expect(kept).toEqual(all);
    const exceptLowest = (await t.call(summaryCalls.getExercise, { window: 'except_lowest_3' }, as(l))).data.kinds;
    expect(exceptLowest).toEqual(all);
    const fresh = await learner(t);
    expect((await t.call(summaryCalls.getExercise, { window: 'this_week' }, as(fresh))).data.kinds).toEqual([]);
    expect((await t.call(summaryCalls.getExercise, { window: 'forever' }, as(fresh))).err?.kind).toBe('invalid_input');
  });
});

describe('one accuracy everywhere', () => {
  it('overall and per-kind rates agree: right answers over answered questions, unanswered ones counted apart', async () => {
    const l = await learner(t);
    // Six quantitative comparisons: two right, one wrong, three passed without an answer.
    const how = (pos: number) => (pos < 2 ? false : pos === 2 ? true : 'skip');
    await practise(t, l, { source: 'filter', filter: { category: 3, kind: 'qc' }, count: 6, pick_first: true }, how);
    const overall = (await t.call(summaryCalls.get, {}, as(l))).data;
    expect(overall).toMatchObject({ questions: 3, unanswered: 3, correct: 2, accuracy: 66.7 });
    const kinds = (await t.call(summaryCalls.getExercise, {}, as(l))).data.kinds;
    expect(kinds).toEqual([
      expect.objectContaining({
        kind: 'qc',
        category: 3,
        correct: 2,
        answered: 3,
        unanswered: 3,
        total: 6,
        accuracy: 66.7,
      }),
    ]);
    expect(kinds[0]!.accuracy).toBe(overall.accuracy);
  });
});

describe('score history of simulations', () => {
  it('averages V, Q and total each over its own window and draws the trend; deleted records stay out', async () => {
    const l = await learner(t);
    const at = (n: number) => new Date(Date.now() - n * DAY * 1000);
    const ids = [
      await finishedSimulation(t, l.userId, at(40), { verbal: 150, quant: 160 }),
      await finishedSimulation(t, l.userId, at(30), { verbal: 155, quant: 165 }),
      await finishedSimulation(t, l.userId, at(20), { verbal: 160, quant: null }),
      await finishedSimulation(t, l.userId, at(10), { verbal: 140, quant: 150 }),
      await finishedSimulation(t, l.userId, at(1), { verbal: 165, quant: 170 }),
    ];
    await finishedSimulation(t, l.userId, at(2), { verbal: 130, quant: 130 }, 'Close');
    const avg = (window: string) => t.call(summaryCalls.getAvgScore, { window }, as(l));
    expect((await avg('all')).data).toEqual({ verbal: 154, quant: 161.3, total: 313.8, count: 5 });
    expect((await avg('last_3')).data).toEqual({ verbal: 155, quant: 161.7, total: 315, count: 4 });
    expect((await avg('except_lowest_3')).data).toEqual({ verbal: 162.5, quant: 170, total: 335, count: 2 });
    const trend = async (window: string) => (await t.call(summaryCalls.getTotalScore, { window }, as(l))).data.points;
    const all = await trend('all');
    expect(all.map((p) => p.exam_id)).toEqual(ids);
    expect(all[2]).toMatchObject({ verbal: 160, quant: null, total: null });
    expect((await trend('last_3')).map((p) => p.total)).toEqual([320, 290, 335]);
    expect((await trend('this_month')).every((p) => p.finished_at >= Math.floor(Date.now() / 1000) - 32 * DAY)).toBe(
      true,
    );
    const fresh = await learner(t);
    expect((await t.call(summaryCalls.getAvgScore, {}, as(fresh))).data).toEqual({
      verbal: null,
      quant: null,
      total: null,
      count: 0,
    });
    expect((await t.call(summaryCalls.getTotalScore, {}, as(fresh))).data.points).toEqual([]);
  });
});

describe('refusals', () => {
  it('every call needs a session and refuses unknown fields', async () => {
    const l = await learner(t);
    for (const call of Object.values(summaryCalls)) {
      expect(
        (await t.call(call, call === summaryCalls.monthActivity ? { month: '2026-01' } : {})).status,
        call.path,
      ).toBe(401);
      expect(
        (await t.call(call, { extra: 1, ...(call === summaryCalls.monthActivity ? { month: '2026-01' } : {}) }, as(l)))
          .err?.kind,
        call.path,
      ).toBe('invalid_input');
    }
  });
});
