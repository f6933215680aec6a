import type { ExamItem, ExamView } from '@gre/contracts';
import { crafts, dailyActivity, questionStats } from '@gre/db';
import { and, eq, sql } from 'drizzle-orm';
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
  rightAnswer,
  wrongAnswer,
  type Learner,
} from './exams.fixtures.js';

// Untimed practice with checked answers (`exam/practice`, `exam/check`): one open practice per book or list, resumed
// when opened again; a checked answer is graded and recorded at once through the path a submitted section takes, and
// is final; submitting the practice records only what was not checked.

const clock = new ManualClock(nextShanghaiNoon());
let t: TestApp;
beforeAll(async () => {
  t = await examTestApp({}, { clock });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const today = () => periodKeys(clock.now()).day;
const BOOK = 'b-pick-filling-easy-1';
/** A book exam is named by the book's title (create.ts `bookTitle`). */
const BOOK_NAME = '填空精选 · 基础 1';

const items = (v: ExamView) => v.sections[0]!.items;
const shown = (i: ExamItem) => i.question.standard_answer !== null && i.question.analysis !== null;

async function practise(l: Learner, book = BOOK): Promise<ExamView> {
  const res = await l.practice({ source: 'book', book_id: book });
  expect(res.err).toBeNull();
  return res.data;
}

/** The answer to item `q` of the practice: right or wrong. */
async function answerTo(v: ExamView, q: number, right: boolean) {
  const id = items(v)[q]!.question.id;
  const key = (await answerKeys(db(), [id])).get(id)!;
  return right ? rightAnswer(key) : wrongAnswer(key);
}

/** What recording an answer writes: community figures, today's activity, the learner's craft. */
async function recorded(l: Learner, questionId: string) {
  const [stats] = await db().select().from(questionStats).where(eq(questionStats.questionId, questionId));
  const [day] = await db()
    .select()
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, l.userId), eq(dailyActivity.day, today())));
  const [craft] = await db()
    .select()
    .from(crafts)
    .where(and(eq(crafts.userId, l.userId), eq(crafts.questionId, questionId)));
  return {
    attempts: stats?.attempts ?? 0,
    correct: stats?.correct ?? 0,
    day: { questions: day?.questions ?? 0, correct: day?.correct ?? 0 },
    wrong: (craft?.wrong ?? null) as { source: { name: string; exam_id: number }; count: number } | null,
    due: craft?.dueAt ?? null,
  };
}

describe('opening a practice', () => {
  it('a book: created and started once, nothing opened; opening it again resumes it with its checked answers', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const first = await practise(me);
    expect(first).toMatchObject({ name: BOOK_NAME, status: 'Start', template_id: BOOK, is_auto_commit: false });
    expect(first.create_option).toMatchObject({ check: true, version: BOOK, enable_count_up: true });
    expect(first.sections[0]!.time_limit_seconds).toBe(0);
    expect(items(first).every((i) => i.action.state === 'NotEncountered' && i.result === null && !shown(i))).toBe(true);
    // Nothing taken: no question is opened until the learner goes to it.
    expect(await opensOf(db(), me.userId, today())).toEqual([]);
    expect(await counterOf(db(), me.userId, 'total', 'questions')).toBe(0);

    const checked = await me.check(first.id, first.revision, 0, 1, await answerTo(first, 1, false));
    expect(checked.err).toBeNull();
    const again = await practise(me);
    expect(again.id).toBe(first.id);
    expect(again.revision).toBe(checked.data.change.revision);
    const [unchecked, done] = [items(again)[0]!, items(again)[1]!];
    expect([shown(unchecked), unchecked.result]).toEqual([false, null]);
    expect(shown(done)).toBe(true);
    expect(done.action).toMatchObject({ checked: true, state: 'Answered' });
    expect(done.result).toMatchObject({ correct: false, withheld: null });
    expect((await me.get(first.id)).data.sections[0]!.items[1]!.question.standard_answer).not.toBeNull();
    // Another book is another practice; a finished one is not resumed.
    expect((await practise(me, 'b-pick-filling-easy-2')).id).not.toBe(first.id);
    expect((await me.finish(first.id, again.revision, 0)).data.status).toBe('Finished');
    expect((await practise(me)).id).not.toBe(first.id);
  });

  it('opened ten times at once (tabs, a double click): one exam, started once', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const opened = await Promise.all(Array.from({ length: 10 }, () => me.practice({ source: 'book', book_id: BOOK })));
    expect(opened.every((r) => r.ok)).toBe(true);
    expect(new Set(opened.map((r) => r.data.id)).size).toBe(1);
    expect(opened.every((r) => r.data.status === 'Start' && r.data.revision === 1)).toBe(true);
    const mine = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from exams where user_id = ${me.userId}`,
    );
    expect(Number(mine.rows[0]!.n)).toBe(1);
  });

  it('a list: known by its questions in any order, named by its title, only what the learner may see', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const ids = items(await practise(me))
      .map((i) => i.question.id)
      .slice(2, 6);
    const list = await me.practice({ source: 'list', question_ids: ids, title: '填空 · 基础' });
    expect(list.err).toBeNull();
    expect(list.data).toMatchObject({ name: '填空 · 基础', status: 'Start', template_id: null });
    expect(list.data.create_option.version).toMatch(/^list:[0-9a-f]{24}$/);
    expect(items(list.data).map((i) => i.question.id)).toEqual(ids);
    const reordered = await me.practice({ source: 'list', question_ids: [...ids].reverse(), title: '别的名字' });
    expect(reordered.data.id).toBe(list.data.id);
    const fewer = await me.practice({ source: 'list', question_ids: ids.slice(1), title: '填空 · 基础' });
    expect(fewer.data.id).not.toBe(list.data.id);
    // Questions the learner may not see outside books are left out; none left is not_found.
    const hidden = (
      await db().execute<{ id: string }>(sql`select id from questions where visibility = 'underground' limit 1`)
    ).rows[0]!.id;
    const mixed = await me.practice({ source: 'list', question_ids: [hidden, ids[0]!], title: '混合' });
    expect(items(mixed.data).map((i) => i.question.id)).toEqual([ids[0]]);
    expect((await me.practice({ source: 'list', question_ids: [hidden], title: '无' })).err?.kind).toBe('not_found');
  });
});

describe('checking an answer', () => {
  let me: Learner;
  let v: ExamView;
  let rev: number;
  beforeAll(async () => {
    me = await learner(t, { roleKind: 'VIP' });
    v = await practise(me);
    rev = v.revision;
  });

  it('a wrong answer: graded with its answer and analysis, into the wrong-answer book, today and the community', async () => {
    const id = items(v)[0]!.question.id;
    const before = await recorded(me, id);
    const res = await me.check(v.id, rev, 0, 0, await answerTo(v, 0, false));
    expect(res.err).toBeNull();
    rev = res.data.change.revision;
    expect(res.data.change).toMatchObject({ revision: v.revision + 1, status: 'Start' });
    const item = res.data.item;
    expect(item.question.id).toBe(id);
    expect(shown(item)).toBe(true);
    expect(item.result).toMatchObject({ correct: false, withheld: null, percent_correct: 0 });
    expect(item.action).toMatchObject({ checked: true, state: 'Answered', answer: await answerTo(v, 0, false) });
    const after = await recorded(me, id);
    expect([after.attempts - before.attempts, after.correct - before.correct]).toEqual([1, 0]);
    expect(after.day).toEqual({ questions: before.day.questions + 1, correct: before.day.correct });
    expect(after.wrong).toMatchObject({ source: { name: BOOK_NAME, exam_id: v.id }, count: 1 });
    // Due for re-review (FSRS), and opened: the quota counts it.
    expect(after.due).not.toBeNull();
    expect((await opensOf(db(), me.userId, today())).map((o) => o.id)).toEqual([id]);
  });

  it('a right answer: graded right, no wrong-answer entry', async () => {
    const id = items(v)[1]!.question.id;
    const before = await recorded(me, id);
    const res = await me.check(v.id, rev, 0, 1, await answerTo(v, 1, true));
    rev = res.data.change.revision;
    expect(res.data.item.result).toMatchObject({ correct: true, withheld: null });
    const after = await recorded(me, id);
    expect([after.attempts - before.attempts, after.correct - before.correct]).toEqual([1, 1]);
    expect(after.day).toEqual({ questions: before.day.questions + 1, correct: before.day.correct + 1 });
    expect(after.wrong).toBeNull();
  });

  it('a checked answer is final: checking or answering it again is a conflict, and nothing is recorded twice', async () => {
    const id = items(v)[0]!.question.id;
    const before = await recorded(me, id);
    const again = await me.check(v.id, rev, 0, 0, await answerTo(v, 0, true));
    expect([again.status, again.err?.kind]).toEqual([409, 'conflict']);
    const answered = await me.answer(v.id, rev, 0, 0, await answerTo(v, 0, true));
    expect([answered.status, answered.err?.kind]).toEqual([409, 'conflict']);
    expect(await recorded(me, id)).toEqual(before);
    const view = (await me.get(v.id)).data;
    expect([view.revision, items(view)[0]!.action.answer]).toEqual([rev, await answerTo(v, 0, false)]);
    // Moving to it and flagging it stay allowed.
    const moved = await me.move(v.id, rev, 0, 0);
    expect(moved.err).toBeNull();
    const flagged = await me.flag(v.id, moved.data.revision, 0, 0, true);
    expect(flagged.err).toBeNull();
    rev = flagged.data.revision;
  });

  it('refusals: an empty answer, an answer of the wrong shape, another learner’s practice, an exam that is not one', async () => {
    const empty = await me.check(v.id, rev, 0, 2, {});
    expect([empty.status, empty.err?.kind]).toEqual([400, 'invalid_input']);
    const misfit = await me.check(v.id, rev, 0, 2, { essay: 'no choice' });
    expect(misfit.err?.kind).toBe('invalid_input');
    expect(items((await me.get(v.id)).data)[2]!.action.state).toBe('NotEncountered');
    expect((await opensOf(db(), me.userId, today())).map((o) => o.id)).not.toContain(items(v)[2]!.question.id);
    const other = await learner(t, { roleKind: 'VIP' });
    const foreign = await other.check(v.id, rev, 0, 2, await answerTo(v, 2, true));
    expect([foreign.status, foreign.err?.kind]).toEqual([404, 'not_found']);
    const timed = await other.create({ source: 'book', book_id: BOOK });
    const started = await other.start(timed.data.id, 0);
    const plain = await other.check(timed.data.id, started.data.revision, 0, 0, await answerTo(v, 0, true));
    expect(plain.err?.kind).toBe('invalid_input');
    expect((await me.check(v.id, rev - 1, 0, 2, await answerTo(v, 2, true))).err?.kind).toBe('stale_revision');
  });

  it('submitting afterwards records the unchecked answers only', async () => {
    const [c0, c1, open2] = items(v).map((i) => i.question.id);
    const before = await Promise.all([c0!, c1!, open2!].map((id) => recorded(me, id)));
    const answered = await me.answer(v.id, rev, 0, 2, await answerTo(v, 2, false));
    expect(answered.err).toBeNull();
    // Before the submit the unchecked answer shows nothing.
    expect(shown(items((await me.get(v.id)).data)[2]!)).toBe(false);
    const done = await me.finish(v.id, answered.data.revision, 0);
    expect(done.data.status).toBe('Finished');
    const after = await Promise.all([c0!, c1!, open2!].map((id) => recorded(me, id)));
    expect(after.map((a, i) => a.attempts - before[i]!.attempts)).toEqual([0, 0, 1]);
    expect(after[0]!.wrong?.count).toBe(1);
    expect(after[2]!.wrong).toMatchObject({ source: { exam_id: v.id }, count: 1 });
    expect(after[2]!.day).toEqual({ questions: before[2]!.day.questions + 1, correct: before[2]!.day.correct });
    // The result: checked and answered items with their answers, the rest never opened.
    const result = items((await me.result(v.id)).data);
    expect(result.slice(0, 3).map((i) => [i.result?.withheld, shown(i)])).toEqual([
      [null, true],
      [null, true],
      [null, true],
    ]);
    expect(result.slice(3).every((i) => i.result?.withheld === 'not_opened' && !shown(i))).toBe(true);
    expect(result[0]!.result?.correct).toBe(false);
    expect(result[1]!.result?.correct).toBe(true);
  });
});
