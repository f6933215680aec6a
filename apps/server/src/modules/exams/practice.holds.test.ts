import type { ExamItem, ExamView, QuestionView } from '@gre/contracts';
import { questionStats } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { periodKeys } from '../../lib/quota.js';
import {
  answerKeys,
  counterOf,
  examTestApp,
  learner,
  nextShanghaiNoon,
  opensOf,
  publicIds,
  rightAnswer,
  wrongAnswer,
  type Learner,
} from './exams.fixtures.js';

// What a practice with checked answers shows, beside the other rules on answers: decision 013's hold (a running exam
// keeps its questions' answers back — but a check practice is never such an exam), a prevent book (answers only once
// the book is finished), and the daily quota (a check opens the question it checks).

const clock = new ManualClock(nextShanghaiNoon());
let t: TestApp;
beforeAll(async () => {
  t = await examTestApp({}, { clock });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const today = () => periodKeys(clock.now()).day;
const BOOK = 'b-pick-filling-medium-1';
const PREVENT = 'b-diagnostic-verbal';

const items = (v: ExamView) => v.sections[0]!.items;
const answersOf = (q: QuestionView) => q.standard_answer !== null && q.analysis !== null;
const noAnswers = (q: QuestionView) => q.standard_answer === null && q.analysis === null;

async function practise(l: Learner, book = BOOK): Promise<ExamView> {
  const res = await l.practice({ source: 'book', book_id: book });
  expect(res.err).toBeNull();
  return res.data;
}
async function answerTo(v: ExamView, q: number, right = false) {
  const id = items(v)[q]!.question.id;
  const key = (await answerKeys(db(), [id])).get(id)!;
  return right ? rightAnswer(key) : wrongAnswer(key);
}
/** Checks item q on the practice's current revision; returns the checked item. */
async function check(l: Learner, v: ExamView, q: number, right = false): Promise<ExamItem> {
  const rev = (await l.get(v.id)).data.revision;
  const res = await l.check(v.id, rev, 0, q, await answerTo(v, q, right));
  expect(res.err).toBeNull();
  return res.data.item;
}
const bankView = async (l: Learner, ids: string[]) => {
  const res = await l.open(ids);
  expect(res.err).toBeNull();
  return res.data.questions;
};

describe('a check practice and the answers of running exams (decision 013)', () => {
  it('another learner’s running timed exam of the same questions changes nothing for this one', async () => {
    const [me, other] = [await learner(t, { roleKind: 'VIP' }), await learner(t, { roleKind: 'VIP' })];
    const timed = await other.create({ source: 'book', book_id: BOOK });
    expect((await other.start(timed.data.id, 0)).err).toBeNull();
    const v = await practise(me);
    const item = await check(me, v, 0);
    expect([answersOf(item.question), item.question.answers_held, item.result?.withheld]).toEqual([true, false, null]);
    expect((await bankView(other, [item.question.id])).every(noAnswers)).toBe(true);
  });

  it('the practice itself holds nothing: a question gone to but not checked still opens in full in the bank', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const v = await practise(me);
    expect((await me.move(v.id, v.revision, 0, 3)).err).toBeNull();
    const [q] = await bankView(me, [items(v)[3]!.question.id]);
    expect([answersOf(q!), q!.answers_held]).toEqual([true, false]);
    // The exam screen itself shows no answer before it is checked.
    expect(noAnswers(items((await me.get(v.id)).data)[3]!.question)).toBe(true);
  });

  it('the learner’s own running timed exam holds the bank and the checked answers, until its section is submitted', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const v = await practise(me);
    const before = await check(me, v, 0, true);
    expect(answersOf(before.question)).toBe(true);
    const timed = await me.create({ source: 'book', book_id: BOOK });
    const rev = (await me.start(timed.data.id, 0)).data.revision;
    const ids = items(v).map((i) => i.question.id);
    expect((await bankView(me, ids)).every((q) => noAnswers(q) && q.answers_held)).toBe(true);
    // A check still grades and records, without the answers.
    const [stats] = await db().select().from(questionStats).where(eq(questionStats.questionId, ids[1]!));
    const held = await check(me, v, 1);
    expect([noAnswers(held.question), held.question.answers_held]).toEqual([true, true]);
    expect(held.result).toMatchObject({ correct: false, withheld: 'in_exam' });
    const [after] = await db().select().from(questionStats).where(eq(questionStats.questionId, ids[1]!));
    expect((after?.attempts ?? 0) - (stats?.attempts ?? 0)).toBe(1);
    const view = items((await me.get(v.id)).data);
    expect(view.slice(0, 2).map((i) => [noAnswers(i.question), i.result?.withheld])).toEqual([
      [true, 'in_exam'],
      [true, 'in_exam'],
    ]);
    expect((await me.finish(timed.data.id, rev, 0)).data.status).toBe('Finished');
    const released = items((await me.get(v.id)).data);
    expect(released.slice(0, 2).map((i) => [answersOf(i.question), i.result?.withheld])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(released.slice(2).every((i) => noAnswers(i.question) && i.result === null)).toBe(true);
  });
});

describe('a prevent book', () => {
  it('a checked item comes back graded but without its answer until the book is finished', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const v = await practise(me, PREVENT);
    expect(v.name).toBe('语文诊断测试');
    const item = await check(me, v, 0, true);
    expect(noAnswers(item.question)).toBe(true);
    expect(item.result?.correct).toBe(true);
    expect(item.result?.withheld).toBe('prevent');
    expect(items((await me.get(v.id)).data).every((i) => noAnswers(i.question))).toBe(true);
    const rev = (await me.get(v.id)).data.revision;
    expect((await me.finish(v.id, rev, 0)).data.status).toBe('Finished');
    const result = items((await me.result(v.id)).data);
    expect([answersOf(result[0]!.question), result[0]!.result?.withheld]).toEqual([true, null]);
    expect(result.slice(1).every((i) => i.result?.withheld === 'not_opened')).toBe(true);
  });
});

describe('a check and the daily quota', () => {
  it('a check opens its question, once; at the day’s limit a new one is refused with nothing recorded', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const fillings = await publicIds(db(), 1);
    const list = await trail.practice({ source: 'list', question_ids: fillings.slice(0, 3), title: '填空' });
    const v = list.data;
    expect((await trail.move(v.id, v.revision, 0, 0)).err).toBeNull();
    await check(trail, v, 0);
    expect(await counterOf(db(), trail.userId, today(), 'verbal')).toBe(1);
    expect((await trail.open(fillings.slice(10, 39))).err).toBeNull();
    expect(await counterOf(db(), trail.userId, today(), 'verbal')).toBe(30);
    const [stats] = await db().select().from(questionStats).where(eq(questionStats.questionId, fillings[1]!));
    const rev = (await trail.get(v.id)).data.revision;
    const refused = await trail.check(v.id, rev, 0, 1, await answerTo(v, 1));
    expect([refused.err?.kind, refused.err?.quota?.used, refused.err?.quota?.limit]).toEqual(['day_overflow', 30, 30]);
    const [after] = await db().select().from(questionStats).where(eq(questionStats.questionId, fillings[1]!));
    expect(after?.attempts ?? 0).toBe(stats?.attempts ?? 0);
    const view = (await trail.get(v.id)).data;
    expect([view.revision, items(view)[1]!.action.state, items(view)[1]!.action.checked]).toEqual([
      rev,
      'NotEncountered',
      false,
    ]);
    expect(await opensOf(db(), trail.userId, today())).toHaveLength(30);
  });
});
