import { ROLE_NAMES } from '@gre/contracts';
import { bookItems, exams } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { periodKeys } from '../../lib/quota.js';
import {
  counterOf,
  createAndGet,
  examTestApp,
  learner,
  nextMidnightAfter,
  nextMondayAfter,
  nextShanghaiNoon,
  opensOf,
  publicIds,
  type Learner,
} from './exams.fixtures.js';

// Mocks and the quota: creating one checks that it could be started — a simulation left and room today for all its
// questions, since a timed mock never stops for a quota once it runs — and takes nothing; `start` takes the
// simulation. Inside a running mock every question counts, without a limit.

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
const keys = () => periodKeys(clock.now());
const unixNow = () => Math.floor(clock.now().getTime() / 1000);
const counter = (l: Learner, subject: string, period = keys().day) => counterOf(db(), l.userId, period, subject);
const mock = (select_kind: 'verbal' | 'quant' | 'issue' | 'full', version = 'b-mock-1') =>
  ({ source: 'simulate', version, select_kind }) as const;
async function openAll(l: Learner, ids: string[]) {
  for (let i = 0; i < ids.length; i += 50) expect((await l.open(ids.slice(i, i + 50))).err).toBeNull();
}
/** Every question a mock book may hand out, its second sections' variants included. */
async function mockQuestions(book: string): Promise<Set<string>> {
  const rows = await db().select({ id: bookItems.questionId }).from(bookItems).where(eq(bookItems.bookId, book));
  return new Set(rows.map((r) => r.id));
}
const examRow = async (id: number) => (await db().select().from(exams).where(eq(exams.id, id)))[0]!;

describe('simulations', () => {
  it('a trial member may create a verbal mock after a 12-question timed practice in which they opened one question', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    // The case: the practice used to take all 12, and the mock's 27 no longer fitted in 30.
    const practice = await createAndGet(trail, { source: 'filter', filter: { category: 1 }, count: 12 });
    expect(practice.sections[0]!.time_limit_seconds).toBeGreaterThan(0);
    const rev = (await trail.start(practice.id, 0)).data.revision;
    expect((await trail.finish(practice.id, rev, 0)).data.status).toBe('Finished');
    expect((await trail.quotaToday()).data.subjects[0]).toEqual({ subject: 'verbal', used: 1, limit: 30 });

    const exam = await createAndGet(trail, mock('verbal'));
    const firsts = new Set([practice, exam].map((e) => e.sections[0]!.items[0]!.question.id));
    expect(exam.sections.map((s) => [s.area, s.question_count])).toEqual([
      ['verbal', 12],
      ['verbal', 15],
    ]);
    // Creating took nothing: the simulation goes when the mock starts.
    expect((await trail.simulateList()).data).toMatchObject({ remaining: 1, period: 'total' });
    expect(await counter(trail, 'simulate', 'total')).toBe(0);
    const started = await trail.start(exam.id, 0);
    expect(started.err).toBeNull();
    expect([await counter(trail, 'simulate', 'total'), await counter(trail, 'verbal')]).toEqual([1, firsts.size]);
    expect((await trail.simulateList()).data).toMatchObject({ remaining: 0, period: 'total' });

    const before = await countRows(db());
    const again = await trail.create(mock('issue', 'b-mock-2'));
    expect([again.status, again.err?.kind]).toEqual([403, 'sim_no_perm']);
    expect(again.err?.quota).toEqual({
      reason: 'simulate',
      subject: null,
      role_name: ROLE_NAMES.Trail,
      used: 1,
      limit: 1,
      period: 'total',
      renews_at: null,
    });
    expect(again.err?.show).toMatch(/模考次数已用完.*共可模考 1 次，已用 1 次/);
    expect(await countRows(db())).toEqual(before);
    const list = (await trail.simulateList()).data;
    expect(list.mocks.map((m) => [m.book_id, m.refusal, m.open_exam_id])).toEqual([
      ['b-mock-1', 'sim_no_perm', exam.id],
      ['b-mock-2', 'sim_no_perm', null],
      ['b-mock-3', 'sim_no_perm', null],
      ['b-mock-4', 'sim_no_perm', null],
      ['b-mock-5', 'sim_no_perm', null],
    ]);
  });

  it('a running mock never stops for the quota: its questions count past the day’s limit', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const exam = await createAndGet(trail, mock('verbal', 'b-mock-2'));
    let rev = (await trail.start(exam.id, 0)).data.revision;
    const inMock = await mockQuestions('b-mock-2');
    const outside = [...fillings, ...readings].filter((id) => !inMock.has(id));
    await openAll(trail, outside.slice(0, 29));
    expect(await counter(trail, 'verbal')).toBe(30);
    rev = (await trail.move(exam.id, rev, 0, 1)).data.revision;
    const answered = await trail.answer(exam.id, rev, 0, 2, {});
    expect(answered.err).toBeNull();
    const done = await trail.finish(exam.id, answered.data.revision, 0);
    expect([done.err, done.data.status]).toEqual([null, 'PartCompleted']);
    expect(await counter(trail, 'verbal')).toBe(33);
    expect((await trail.quotaToday()).data.subjects[0]).toEqual({ subject: 'verbal', used: 33, limit: 30 });
    expect((await trail.move(exam.id, done.data.revision, 1, 3)).err).toBeNull();
    expect(await opensOf(db(), trail.userId, keys().day)).toHaveLength(34);
    // Outside the mock the day is over.
    const res = await trail.open([outside[29]!]);
    expect([res.err?.kind, res.err?.quota?.used, res.err?.quota?.limit]).toEqual(['day_overflow', 34, 30]);
  });

  it('two mocks created before either starts: the first start takes the one simulation, the second is refused whole', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const first = await createAndGet(trail, mock('issue'));
    const second = await createAndGet(trail, mock('quant', 'b-mock-2'));
    expect((await trail.start(first.id, 0)).err).toBeNull();
    const before = await countRows(db());
    const refused = await trail.start(second.id, 0);
    expect([refused.err?.kind, refused.err?.quota?.used, refused.err?.quota?.limit]).toEqual(['sim_no_perm', 1, 1]);
    expect(await countRows(db())).toEqual(before);
    expect([(await examRow(second.id)).status, (await examRow(second.id)).revision]).toEqual(['NotStart', 0]);
    expect(await counter(trail, 'quant')).toBe(0);
  });

  it('a mock is refused at create when today’s room is smaller than its questions, with the figures', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await openAll(trail, maths.slice(0, 4));
    const before = await countRows(db());
    const res = await trail.create(mock('quant'));
    expect([res.status, res.err?.kind, res.err?.detail]).toEqual([403, 'day_overflow', 'quant']);
    expect(res.err?.quota).toEqual({
      reason: 'day',
      subject: 'quant',
      role_name: ROLE_NAMES.Trail,
      used: 4,
      limit: 30,
      period: 'day',
      renews_at: nextMidnightAfter(unixNow()),
    });
    expect(res.err?.show).toMatch(/今日数学题目已达上限.*今天已打开 4 道.*明天 0 点/);
    expect(await countRows(db())).toEqual(before);
    // A full mock needs 27 of each: a verbal mock still fits.
    expect((await trail.create(mock('full'))).err?.detail).toBe('quant');
    expect((await trail.create(mock('verbal'))).err).toBeNull();
  });

  it('start checks the room again: refused with nothing taken, and it starts the next day', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await openAll(trail, maths.slice(0, 3));
    const exam = await createAndGet(trail, mock('quant'));
    await openAll(trail, maths.slice(3, 4));
    const res = await trail.start(exam.id, 0);
    expect([res.err?.kind, res.err?.quota?.used]).toEqual(['day_overflow', 4]);
    expect([await counter(trail, 'simulate', 'total'), await counter(trail, 'quant')]).toEqual([0, 4]);
    expect((await examRow(exam.id)).status).toBe('NotStart');
    const start = clock.now();
    clock.set(new Date(nextMidnightAfter(unixNow()) * 1000));
    try {
      expect((await trail.start(exam.id, 0)).err).toBeNull();
      expect([await counter(trail, 'simulate', 'total'), await counter(trail, 'quant')]).toEqual([1, 1]);
    } finally {
      clock.set(start);
    }
  });

  it('FreeVIP: three a week, the fourth refused with the week’s figures, again from next Monday', async () => {
    const free = await learner(t, { roleKind: 'FreeVIP' });
    // Created ahead, none taken yet: the quota goes at start.
    const created = [];
    for (let i = 0; i < 4; i++) created.push(await createAndGet(free, mock('issue', i % 2 ? 'b-mock-2' : 'b-mock-1')));
    for (const exam of created.slice(0, 3)) expect((await free.start(exam.id, 0)).err).toBeNull();
    expect(await counter(free, 'simulate', keys().week)).toBe(3);
    const monday = nextMondayAfter(unixNow());
    const figures = {
      reason: 'simulate',
      subject: null,
      role_name: ROLE_NAMES.FreeVIP,
      used: 3,
      limit: 3,
      period: 'week',
      renews_at: monday,
    };
    const refused = await free.start(created[3]!.id, 0);
    expect([refused.err?.kind, refused.err?.quota]).toEqual(['sim_no_perm', figures]);
    expect(refused.err?.show).toMatch(/本周模考次数已用完.*本周已用 3 次，下周一 0 点/);
    expect((await free.create(mock('issue'))).err?.quota).toEqual(figures);
    expect(new Date(monday * 1000).getUTCDay()).toBe(0);
    const start = clock.now();
    clock.set(new Date(monday * 1000));
    try {
      expect((await free.start(created[3]!.id, 0)).err).toBeNull();
      expect(await counter(free, 'simulate', keys().week)).toBe(1);
      expect((await free.simulateList()).data).toMatchObject({ remaining: 2, period: 'week' });
    } finally {
      clock.set(start);
    }
  });
});
