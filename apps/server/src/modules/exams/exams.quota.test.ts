import { ROLE_NAMES } from '@gre/contracts';
import { bookTemplates, usageCounters } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { periodKeys } from '../../lib/quota.js';
import {
  answerKeys,
  counterOf,
  createAndGet,
  examTestApp,
  learner,
  nextMidnightAfter,
  nextShanghaiNoon,
  opensOf,
  publicIds,
  rightAnswer,
  type Learner,
} from './exams.fixtures.js';

// The daily question quota counts a question when the learner first opens it on a Shanghai day (product.md):
// starting an exam opens its first question, going to or answering one never shown opens it, the bank viewer opens
// what it shows. Creating an exam takes nothing; it only checks that it could be started. The app's clock stands at
// noon in Shanghai, so a day's counters are the ones every call of a test reads.

const clock = new ManualClock(nextShanghaiNoon());
let t: TestApp;
let fillings: string[];
let readings: string[];
let maths: string[];
beforeAll(async () => {
  t = await examTestApp({}, { clock });
  [fillings, readings, maths] = await Promise.all([publicIds(db(), 1), publicIds(db(), 2), publicIds(db(), 3)]);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const today = () => periodKeys(clock.now()).day;
const unixNow = () => Math.floor(clock.now().getTime() / 1000);
const counter = (l: Learner, subject: string, period = today()) => counterOf(db(), l.userId, period, subject);
/** The refusal's figures a day_overflow of `subject` at its limit carries. */
const dayRefusal = (subject: 'verbal' | 'quant', used: number, limit: number, role = ROLE_NAMES.Trail) => ({
  reason: 'day',
  subject,
  role_name: role,
  used,
  limit,
  period: 'day',
  renews_at: nextMidnightAfter(unixNow()),
});
/** Opens questions through the bank viewer; they must all be shown. */
async function openAll(l: Learner, ids: string[]) {
  for (let i = 0; i < ids.length; i += 50) expect((await l.open(ids.slice(i, i + 50))).err).toBeNull();
}
const pickFirst = (category: 1 | 2 | 3, count: number) =>
  ({ source: 'filter', filter: { category }, count, pick_first: true }) as const;

describe('opening questions in exams', () => {
  it('creating takes nothing; start opens the first question, a move or an answer the others, each once a day', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const exam = await createAndGet(trail, pickFirst(1, 5));
    expect([await counter(trail, 'verbal'), await counter(trail, 'questions', 'total')]).toEqual([0, 0]);
    let rev = (await trail.start(exam.id, 0)).data.revision;
    const ids = exam.sections[0]!.items.map((i) => i.question.id);
    expect((await opensOf(db(), trail.userId, today())).map((o) => o.id)).toEqual([ids[0]]);
    rev = (await trail.move(exam.id, rev, 0, 2)).data.revision;
    const key = (await answerKeys(db(), [ids[3]!])).get(ids[3]!)!;
    rev = (await trail.answer(exam.id, rev, 0, 3, rightAnswer(key))).data.revision;
    // Back and forth over questions already shown costs nothing; a second exam of the same questions neither.
    rev = (await trail.move(exam.id, rev, 0, 0)).data.revision;
    expect((await trail.move(exam.id, rev, 0, 2)).data.revision).toBe(rev + 1);
    const again = await createAndGet(trail, pickFirst(1, 5));
    expect((await trail.start(again.id, 0)).err).toBeNull();
    expect((await opensOf(db(), trail.userId, today())).map((o) => o.id).sort()).toEqual(
      [ids[0], ids[2], ids[3]].sort(),
    );
    expect([await counter(trail, 'verbal'), await counter(trail, 'questions', 'total')]).toEqual([3, 3]);
    expect((await trail.quotaToday()).data).toEqual({
      role_name: ROLE_NAMES.Trail,
      subjects: [
        { subject: 'verbal', used: 3, limit: 30 },
        { subject: 'quant', used: 0, limit: 30 },
        { subject: 'words', used: 0, limit: 30 },
      ],
      total: { used: 3, limit: 150 },
      renews_at: nextMidnightAfter(unixNow()),
    });
  });

  it('20 parallel moves by a trial member at 29/30 verbal: exactly one opens, the counters stop at the limit', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    // Twenty practices of the same 21 fillings: starting each opens the same first question, once.
    const started: { id: number; rev: number; target: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const exam = await createAndGet(trail, pickFirst(1, 21));
      const rev = (await trail.start(exam.id, 0)).data.revision;
      started.push({ id: exam.id, rev, target: exam.sections[0]!.items[i + 1]!.question.id });
    }
    await openAll(trail, readings.slice(0, 28));
    expect(await counter(trail, 'verbal')).toBe(29);
    const before = await countRows(db(), ['question_opens', 'usage_counters', 'exams']);

    const results = await Promise.all(started.map((e, i) => trail.move(e.id, e.rev, 0, i + 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    for (const r of refused) {
      expect([r.status, r.err?.kind, r.err?.detail]).toEqual([403, 'day_overflow', 'verbal']);
      expect(r.err?.quota).toEqual(dayRefusal('verbal', 30, 30));
      expect(r.err?.show).toMatch(/今日语文题目已达上限.*今天已打开 30 道.*明天 0 点/);
    }
    expect([await counter(trail, 'verbal'), await counter(trail, 'questions', 'total')]).toEqual([30, 30]);
    // Nothing half-written: one more open, and every refused exam exactly as it was.
    const opened = new Set((await opensOf(db(), trail.userId, today())).map((o) => o.id));
    expect(opened.size).toBe(30);
    const winner = results.findIndex((r) => r.ok);
    expect(started.filter((e) => opened.has(e.target))).toEqual([started[winner]]);
    expect(await countRows(db(), ['question_opens', 'usage_counters', 'exams'])).toEqual({
      ...before,
      question_opens: before.question_opens! + 1,
    });
    for (const [i, e] of started.entries()) {
      const view = (await trail.get(e.id)).data;
      expect([view.revision, view.sections[0]!.items[i + 1]!.action.state]).toEqual(
        i === winner ? [e.rev + 1, 'NotAnswered'] : [e.rev, 'NotEncountered'],
      );
    }
  });

  it('an answer to a question never shown goes past the one statement and is refused at the limit, saving nothing', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const exam = await createAndGet(trail, pickFirst(3, 3));
    let rev = (await trail.start(exam.id, 0)).data.revision;
    await openAll(trail, maths.slice(-29));
    const ids = exam.sections[0]!.items.map((i) => i.question.id);
    const keys = await answerKeys(db(), ids);
    // The first question was shown at start: its answer takes the one statement, at the limit or not.
    rev = (await trail.answer(exam.id, rev, 0, 0, rightAnswer(keys.get(ids[0]!)!))).data.revision;
    const res = await trail.answer(exam.id, rev, 0, 1, rightAnswer(keys.get(ids[1]!)!));
    expect([res.err?.kind, res.err?.quota]).toEqual(['day_overflow', dayRefusal('quant', 30, 30)]);
    const item = (await trail.get(exam.id)).data.sections[0]!.items[1]!;
    expect([item.action.state, item.action.answer, item.action.answered_time]).toEqual(['NotEncountered', null, null]);
    // A flag opens nothing, so it is taken.
    expect((await trail.flag(exam.id, rev, 0, 1, true)).err).toBeNull();
    expect(await counter(trail, 'quant')).toBe(30);
  });

  it('a full day refuses to create or start an exam whose first question is new today, not one whose first was opened', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    // Created while there was room: starting it must open readings[0], and the day fills before it starts.
    const early = await createAndGet(trail, pickFirst(2, 5));
    await openAll(trail, [fillings[0]!, ...readings.slice(1, 30)]);
    const start = await trail.start(early.id, 0);
    expect([start.err?.kind, start.err?.quota]).toEqual(['day_overflow', dayRefusal('verbal', 30, 30)]);
    expect((await trail.get(early.id)).data).toMatchObject({ status: 'NotStart', revision: 0 });
    const before = await countRows(db());
    // pick_first draws in id order: a reading practice would open readings[0] first, which is new today.
    const fresh = await trail.create(pickFirst(2, 5));
    expect([fresh.status, fresh.err?.kind, fresh.err?.quota]).toEqual([
      403,
      'day_overflow',
      dayRefusal('verbal', 30, 30),
    ]);
    expect(await countRows(db())).toEqual(before);
    // A filling practice opens fillings[0] first, opened already: it can be created and started.
    const known = await createAndGet(trail, pickFirst(1, 5));
    const rev = (await trail.start(known.id, 0)).data.revision;
    expect((await trail.move(known.id, rev, 0, 1)).err?.kind).toBe('day_overflow');
    expect(await counter(trail, 'verbal')).toBe(30);
  });

  it('submitting a section opens the next one’s first question without a limit; a move there is refused', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const exam = await createAndGet(trail, { ...pickFirst(1, 3), with_issue: true });
    expect(exam.sections.map((s) => s.items[0]!.question.category)).toEqual([4, 1]);
    const rev = (await trail.start(exam.id, 0)).data.revision;
    // The Issue prompt counts against no daily subject.
    expect([await counter(trail, 'verbal'), await counter(trail, 'questions', 'total')]).toEqual([0, 0]);
    await openAll(trail, readings.slice(0, 30));
    const done = await trail.finish(exam.id, rev, 0);
    expect([done.err, done.data.status]).toEqual([null, 'PartCompleted']);
    expect(await counter(trail, 'verbal')).toBe(31);
    const first = exam.sections[1]!.items[0]!.question.id;
    expect((await opensOf(db(), trail.userId, today())).map((o) => o.id)).toContain(first);
    expect((await trail.move(exam.id, done.data.revision, 1, 1)).err?.quota).toEqual(dayRefusal('verbal', 31, 30));
  });
});

describe('the lifetime total', () => {
  it('20 parallel opens at 149/150: exactly one, role_overflow for the rest with its figures, nothing half-written', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await db().insert(usageCounters).values({ userId: trail.userId, period: 'total', subject: 'questions', n: 149 });
    const before = await countRows(db(), ['question_opens', 'usage_counters']);
    const ids = [...fillings.slice(0, 10), ...maths.slice(0, 10)];
    const results = await Promise.all(ids.map((id) => trail.open([id])));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) {
      expect([r.status, r.err?.kind]).toEqual([403, 'role_overflow']);
      expect(r.err?.quota).toEqual({
        reason: 'total',
        subject: null,
        role_name: ROLE_NAMES.Trail,
        used: 150,
        limit: 150,
        period: 'total',
        renews_at: null,
      });
      expect(r.err?.show).toMatch(/共可练习 150 道题，已打开 150 道/);
    }
    expect(await counter(trail, 'questions', 'total')).toBe(150);
    expect((await counter(trail, 'verbal')) + (await counter(trail, 'quant'))).toBe(1);
    expect(await countRows(db(), ['question_opens', 'usage_counters'])).toEqual({
      question_opens: before.question_opens! + 1,
      usage_counters: before.usage_counters! + 1,
    });
    // The one opened may be shown again; a list practice is created and started, its new questions refused.
    const shown = ids[results.findIndex((r) => r.ok)]!;
    expect((await trail.open([shown])).err).toBeNull();
    const practice = await trail.practice({ source: 'list', question_ids: [fillings[11]!, shown], title: '列表' });
    expect(practice.err).toBeNull();
    const moved = await trail.move(practice.data.id, practice.data.revision, 0, 0);
    expect(moved.err?.kind).toBe('role_overflow');
    expect((await trail.move(practice.data.id, practice.data.revision, 0, 1)).err).toBeNull();
  });
});

describe('racing opens near two limits', () => {
  it('at 148/150 in all and 29/30 verbal, 20 parallel opens: one, the rest refused by the counter that is full', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await db()
      .insert(usageCounters)
      .values([
        { userId: trail.userId, period: 'total', subject: 'questions', n: 148 },
        { userId: trail.userId, period: today(), subject: 'verbal', n: 29 },
      ]);
    const results = await Promise.all(fillings.slice(0, 20).map((id) => trail.open([id])));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // The day is full, the lifetime is not (149 of 150): a loser must say so, whatever it took before it lost.
    for (const r of results.filter((x) => !x.ok)) expect(r.err?.quota).toEqual(dayRefusal('verbal', 30, 30));
    expect([await counter(trail, 'verbal'), await counter(trail, 'questions', 'total')]).toEqual([30, 149]);
  });
});

describe('the bank viewer opens what it shows', () => {
  it('20 parallel question/get of new questions at 29/30: exactly one; one question 20 times at once counts once', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await openAll(trail, fillings.slice(0, 29));
    const results = await Promise.all(fillings.slice(29, 49).map((id) => trail.open([id])));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => r.err?.kind === 'day_overflow')).toBe(true);
    expect(await counter(trail, 'verbal')).toBe(30);
    expect(await opensOf(db(), trail.userId, today())).toHaveLength(30);
    // At the limit, what was opened today is still shown.
    expect((await trail.open(fillings.slice(0, 29))).err).toBeNull();
    expect((await trail.open([...fillings.slice(0, 29), fillings[50]!])).err?.kind).toBe('day_overflow');

    const other = await learner(t, { roleKind: 'Trail' });
    await openAll(other, fillings.slice(0, 29));
    const same = await Promise.all(Array.from({ length: 20 }, () => other.open([fillings[40]!])));
    expect(same.every((r) => r.ok)).toBe(true);
    expect([await counter(other, 'verbal'), await counter(other, 'questions', 'total')]).toEqual([30, 30]);
    expect(await opensOf(db(), other.userId, today())).toHaveLength(30);
  });

  it('a refused batch opens none of it; quota_today agrees with the counters and the opens', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await openAll(trail, [...fillings.slice(0, 25), ...maths.slice(0, 7)]);
    const res = await trail.open([...fillings.slice(20, 31), maths[8]!]);
    expect([res.err?.kind, res.err?.quota]).toEqual(['day_overflow', dayRefusal('verbal', 25, 30)]);
    const opens = await opensOf(db(), trail.userId, today());
    expect(opens).toHaveLength(32);
    const today_ = (await trail.quotaToday()).data;
    expect(today_.subjects.map((s) => [s.subject, s.used])).toEqual([
      ['verbal', opens.filter((o) => o.subject === 'verbal').length],
      ['quant', opens.filter((o) => o.subject === 'quant').length],
      ['words', 0],
    ]);
    expect(today_.subjects.map((s) => s.used)).toEqual(
      await Promise.all(['verbal', 'quant', 'words'].map((s) => counter(trail, s))),
    );
    expect(today_.total).toEqual({ used: 32, limit: 150 });
  });
});

describe('overrides and staff', () => {
  it('admin overrides in the quotas setting apply to opens and to quota_today', async () => {
    await t.deps.settings.setOverride('quotas', { VIP: { daily: { quant: 5 } } });
    try {
      const vip = await learner(t, { roleKind: 'VIP' });
      const exam = await createAndGet(vip, pickFirst(3, 6));
      const ids = exam.sections[0]!.items.map((i) => i.question.id);
      const rev = (await vip.start(exam.id, 0)).data.revision;
      await openAll(vip, ids.slice(1, 5));
      const res = await vip.open([maths.find((id) => !ids.includes(id))!]);
      expect([res.err?.kind, res.err?.quota]).toEqual(['day_overflow', dayRefusal('quant', 5, 5, ROLE_NAMES.VIP)]);
      expect((await vip.quotaToday()).data.subjects[1]).toEqual({ subject: 'quant', used: 5, limit: 5 });
      // The other subjects keep the tier's defaults.
      expect((await vip.quotaToday()).data.subjects[0]).toEqual({ subject: 'verbal', used: 0, limit: 300 });
      const moved = await vip.move(exam.id, rev, 0, 4);
      expect(moved.err).toBeNull();
      expect((await vip.move(exam.id, moved.data.revision, 0, 5)).err?.kind).toBe('day_overflow');
    } finally {
      await t.deps.settings.setOverride('quotas', {});
    }
  });

  it('staff have no quota and leave no opens, in the bank and in exams of every kind', async () => {
    const admin = await learner(t, { roleKind: 'Trail', isAdmin: true });
    await openAll(admin, [...fillings.slice(0, 40), ...maths.slice(0, 40)]);
    for (let i = 0; i < 3; i++) {
      const mock = await createAndGet(admin, { source: 'simulate', version: 'b-mock-1', select_kind: 'full' });
      let rev = (await admin.start(mock.id, 0)).data.revision;
      if (i > 0) continue;
      // The exam screen never carries answers before the finish, also for staff.
      expect(
        mock.sections
          .flatMap((s) => s.items)
          .every((x) => x.question.standard_answer === null && x.question.analysis === null),
      ).toBe(true);
      for (let s = 0; s < 2; s++) rev = (await admin.finish(mock.id, rev, s)).data.revision;
      expect((await admin.move(mock.id, rev, 2, 1)).err).toBeNull();
    }
    const rows = await db().execute<{ n: number }>(
      sql`select (select count(*) from question_opens where user_id = ${admin.userId})::int
        + (select count(*) from usage_counters where user_id = ${admin.userId})::int as n`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const q = (await admin.quotaToday()).data;
    expect([q.subjects.map((s) => [s.used, s.limit]), q.total]).toEqual([
      [
        [0, null],
        [0, null],
        [0, null],
      ],
      { used: 0, limit: null },
    ]);
    expect((await admin.simulateList()).data).toMatchObject({ remaining: null, period: 'none' });
  });

  it('a mock locked above the learner’s tier is limit; a hidden one is not_found', async () => {
    await db().update(bookTemplates).set({ access: 'lock', minRole: 'SVIP' }).where(eq(bookTemplates.id, 'b-mock-2'));
    const vip = await learner(t, { roleKind: 'VIP' });
    expect((await vip.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'full' })).err?.kind).toBe(
      'limit',
    );
    expect((await vip.simulateList()).data.mocks.find((m) => m.book_id === 'b-mock-2')?.refusal).toBe('limit');
    await db().update(bookTemplates).set({ access: 'hide', minRole: null }).where(eq(bookTemplates.id, 'b-mock-2'));
    expect((await vip.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'full' })).err?.kind).toBe(
      'not_found',
    );
    expect((await vip.simulateList()).data.mocks.map((m) => m.book_id)).toEqual([
      'b-mock-1',
      'b-mock-3',
      'b-mock-4',
      'b-mock-5',
    ]);
    expect(
      (await vip.create({ source: 'simulate', version: 'b-pick-math-easy-1', select_kind: 'full' })).err?.kind,
    ).toBe('not_found');
    await db().update(bookTemplates).set({ access: 'free' }).where(eq(bookTemplates.id, 'b-mock-2'));
  });
});

describe('the day', () => {
  it('renews at the next Shanghai midnight: a question opened yesterday counts again today, once', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await openAll(trail, fillings.slice(0, 30));
    const renews = (await trail.quotaToday()).data.renews_at;
    expect(renews).toBe(nextMidnightAfter(unixNow()));
    expect(new Date(renews * 1000).toISOString().slice(11, 19)).toBe('16:00:00');
    const yesterday = today();
    clock.set(new Date(renews * 1000 - 1000));
    expect((await trail.open([fillings[30]!])).err?.quota?.renews_at).toBe(renews);
    clock.set(new Date(renews * 1000));
    try {
      expect(today()).not.toBe(yesterday);
      expect((await trail.open([fillings[0]!, fillings[30]!])).err).toBeNull();
      expect((await trail.open([fillings[0]!])).err).toBeNull();
      expect((await trail.quotaToday()).data).toMatchObject({
        subjects: [{ subject: 'verbal', used: 2, limit: 30 }, { used: 0 }, { used: 0 }],
        total: { used: 32, limit: 150 },
        renews_at: renews + 86_400,
      });
      expect(await counter(trail, 'verbal', yesterday)).toBe(30);
      expect(await opensOf(db(), trail.userId, yesterday)).toHaveLength(30);
    } finally {
      clock.set(new Date((renews - 12 * 3600) * 1000));
    }
  });
});
