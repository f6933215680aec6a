import { EXAM_TIMING_DEFAULTS, scaledScore, scoreBand, type ExamView } from '@gre/contracts';
import { crafts, questionStats, userBooks } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import {
  answerKeys,
  createAndGet,
  examTestApp,
  learner,
  rightAnswer,
  wrongAnswer,
  type Learner,
} from './exams.fixtures.js';

let t: TestApp;
let vip: Learner;
beforeAll(async () => {
  t = await examTestApp();
  vip = await learner(t, { roleKind: 'VIP' });
});
afterAll(() => t.close());

/** Answers the first `right` questions of a section correctly and the rest wrongly, moving to each; returns the revision. */
async function work(l: Learner, exam: ExamView, section: number, right: number, revision: number): Promise<number> {
  const view = (await l.get(exam.id)).data;
  const items = view.sections[section]!.items;
  const keys = await answerKeys(
    t.deps.database.db,
    items.map((i) => i.question.id),
  );
  let rev = revision;
  for (const [i, item] of items.entries()) {
    if (i > 0) {
      const moved = await l.move(exam.id, rev, section, i);
      expect(moved.err).toBeNull();
      rev = moved.data.revision;
    }
    const key = keys.get(item.question.id)!;
    const res = await l.answer(exam.id, rev, section, i, i < right ? rightAnswer(key) : wrongAnswer(key));
    expect(res.err, `${item.question.id} ${item.question.input_method.kind}`).toBeNull();
    rev = res.data.revision;
  }
  return rev;
}

describe('a full simulation through the API', () => {
  let exam: ExamView;

  it('creates the sections of the shorter GRE, writing first, section 2 waiting', async () => {
    exam = await createAndGet(vip, { source: 'simulate', version: 'b-mock-1', select_kind: 'full' });
    expect(exam).toMatchObject({
      status: 'NotStart',
      revision: 0,
      kind: 'simulate',
      source: 'Simulate',
      template_id: 'b-mock-1',
      is_auto_commit: true,
    });
    expect(exam.create_option).toMatchObject({
      kind: 'simulate',
      version: 'b-mock-1',
      with_issue: true,
      select_kind: 'full',
      enable_count_up: false,
    });
    expect(exam.sections.map((s) => [s.area, s.part])).toEqual(
      exam.sections[1]!.area === 'verbal'
        ? [
            ['issue', 0],
            ['verbal', 1],
            ['verbal', 2],
            ['quant', 1],
            ['quant', 2],
          ]
        : [
            ['issue', 0],
            ['quant', 1],
            ['quant', 2],
            ['verbal', 1],
            ['verbal', 2],
          ],
    );
    const byName = Object.fromEntries(exam.sections.map((s) => [`${s.area}${s.part}`, s]));
    expect(byName.issue0!.time_limit_seconds).toBe(EXAM_TIMING_DEFAULTS.issue);
    expect(byName.verbal1!.time_limit_seconds).toBe(EXAM_TIMING_DEFAULTS.verbal1);
    expect(byName.quant2!.time_limit_seconds).toBe(EXAM_TIMING_DEFAULTS.quant2);
    expect([
      byName.issue0!.items.length,
      byName.verbal1!.items.length,
      byName.verbal2!.items.length,
      byName.verbal2!.question_count,
    ]).toEqual([1, 12, 0, 15]);
    expect(
      exam.sections
        .flatMap((s) => s.items)
        .every((i) => i.question.standard_answer === null && i.question.analysis === null && i.result === null),
    ).toBe(true);
    expect(exam.sections.flatMap((s) => s.items).every((i) => i.action.state === 'NotEncountered')).toBe(true);
    const [copy] = await t.deps.database.db
      .select()
      .from(userBooks)
      .where(and(eq(userBooks.userId, vip.userId), eq(userBooks.templateId, 'b-mock-1')));
    expect(copy).toMatchObject({ status: 'Start', examId: exam.id });
  });

  it('starts, keeps the essay, and picks section 2 by the section-1 raw score', async () => {
    const started = await vip.start(exam.id, 0);
    expect(started.data).toMatchObject({
      revision: 1,
      status: 'Start',
      clock: { section_index: 0, remaining_seconds: 1800, auto_committed: false },
    });
    expect((await vip.get(exam.id)).data.sections[0]!.items[0]!.action.state).toBe('NotAnswered');
    let rev = await work(vip, exam, 0, 1, 1);
    let done = await vip.finish(exam.id, rev, 0);
    expect(done.data).toMatchObject({ status: 'PartCompleted', clock: { section_index: 1 } });
    rev = await work(vip, exam, 1, 12, done.data.revision);
    done = await vip.finish(exam.id, rev, 1);
    let view = (await vip.get(exam.id)).data;
    expect(view.sections[1]!.result).toEqual({ correct: 12, total: 12 });
    expect(view.sections[2]).toMatchObject({ difficulty: 'hard', question_count: 15 });
    expect(view.sections[2]!.items).toHaveLength(15);
    expect(view.cursor).toEqual({ section_index: 2, question_index: 0 });
    expect(view.sections[2]!.items[0]!.action.state).toBe('NotAnswered');
    rev = await work(vip, exam, 2, 10, done.data.revision);
    done = await vip.finish(exam.id, rev, 2);
    rev = await work(vip, exam, 3, 0, done.data.revision);
    done = await vip.finish(exam.id, rev, 3);
    view = (await vip.get(exam.id)).data;
    expect(view.sections[4]!.difficulty).toBe('easy');
    rev = await work(vip, exam, 4, 5, done.data.revision);
    done = await vip.finish(exam.id, rev, 4);
    expect(done.data.status).toBe('Finished');
  });

  it('scores V and Q through the conversion table and keeps the essay as Judging', async () => {
    const view = (await vip.result(exam.id)).data;
    const first = view.sections[1]!.area as 'verbal' | 'quant';
    const second = first === 'verbal' ? 'quant' : 'verbal';
    const r = view.result!;
    expect(r[first]).toEqual({
      raw: 22,
      raw_total: 27,
      scaled: scaledScore('hard', 22),
      band_low: scoreBand(scaledScore('hard', 22)).low,
      band_high: scoreBand(scaledScore('hard', 22)).high,
      section2: 'hard',
    });
    expect(r[second]).toMatchObject({ raw: 5, raw_total: 27, scaled: scaledScore('easy', 5), section2: 'easy' });
    expect(r.total).toBe(scaledScore('hard', 22) + scaledScore('easy', 5));
    expect(r.issue).toMatchObject({ status: 'Judging', words: 15, score: null, band: null });
    expect(r.issue!.essay_id).toBeGreaterThan(0);
    expect([r.correct, r.total_questions]).toEqual([27, 54]);
    expect(r.kinds.reduce((n, k) => n + k.total, 0)).toBe(54);
    expect(r.interpret[first]).not.toBeNull();
    const items = view.sections.flatMap((s) => s.items);
    expect(items.every((i) => i.question.standard_answer !== null && i.result !== null)).toBe(true);
    expect(view.sections[0]!.items[0]!.result).toMatchObject({ correct: false, issue: 'Judging' });
    const answeredRight = view.sections[1]!.items[0]!;
    expect(answeredRight.result).toMatchObject({ correct: true, percent_correct: 100 });
    expect(answeredRight.result!.avg_time_seconds).not.toBeNull();
  });

  it('records wrong answers and the essay in the crafts, and the community figures', async () => {
    const db = t.deps.database.db;
    const view = (await vip.get(exam.id)).data;
    const wrongItem = view.sections[3]!.items[0]!;
    const [craft] = await db
      .select()
      .from(crafts)
      .where(and(eq(crafts.userId, vip.userId), eq(crafts.questionId, wrongItem.question.id)));
    expect(craft!.wrong).toMatchObject({
      answer: wrongItem.action.answer,
      count: 1,
      source: { exam_id: exam.id, template_id: 'b-mock-1', name: view.name },
    });
    const [essay] = await db
      .select()
      .from(crafts)
      .where(and(eq(crafts.userId, vip.userId), eq(crafts.questionId, view.sections[0]!.items[0]!.question.id)));
    expect(essay!.issue).toMatchObject({ result: { status: 'Judging' } });
    expect(essay!.wrong).toBeNull();
    const [stats] = await db.select().from(questionStats).where(eq(questionStats.questionId, wrongItem.question.id));
    expect(stats).toMatchObject({ attempts: 1, correct: 0 });
    const [copy] = await db
      .select()
      .from(userBooks)
      .where(and(eq(userBooks.userId, vip.userId), eq(userBooks.templateId, 'b-mock-1')));
    expect(copy!.status).toBe('Finish');
  });

  it('reports, lists and deletes (Close) the attempt', async () => {
    const report = (await vip.report('b-mock-1')).data;
    expect(report.attempts).toHaveLength(1);
    expect(report.attempts[0]).toMatchObject({ exam_id: exam.id, issue: 'Judging', total_questions: 54 });
    const list = (await vip.list()).data;
    expect(list.items[0]).toMatchObject({
      id: exam.id,
      status: 'Finished',
      question_count: 55,
      answered_count: 55,
      correct: 27,
    });
    const sims = (await vip.simulateList()).data;
    expect(sims.mocks.find((m) => m.book_id === 'b-mock-1')).toMatchObject({
      status: 'Finish',
      finished_count: 1,
      open_exam_id: null,
      refusal: null,
    });
    expect(sims).toMatchObject({ remaining: null, period: 'none' });
    expect((await vip.remove(exam.id)).data).toEqual({ done: true });
    expect((await vip.get(exam.id)).err?.kind).toBe('not_found');
    expect((await vip.remove(exam.id)).err?.kind).toBe('not_found');
    expect((await vip.list()).data.items.map((i) => i.id)).not.toContain(exam.id);
    expect((await vip.report('b-mock-1')).data.attempts).toHaveLength(0);
  });
});

describe('book and filter exams', () => {
  it('practises a book as one section in book order, timed per question, and shows every acknowledged answer on reload', async () => {
    const exam = await createAndGet(vip, { source: 'book', book_id: 'b-pick-filling-easy-1' });
    expect(exam).toMatchObject({ kind: 'book', source: 'Exercise', template_id: 'b-pick-filling-easy-1' });
    expect(exam.sections).toHaveLength(1);
    const s = exam.sections[0]!;
    expect(s).toMatchObject({ area: 'practice', part: 0, time_limit_seconds: 90 * s.items.length });
    const keys = await answerKeys(
      t.deps.database.db,
      s.items.map((i) => i.question.id),
    );
    let rev = (await vip.start(exam.id, 0)).data.revision;
    const given = s.items.slice(0, 3).map((i) => rightAnswer(keys.get(i.question.id)!));
    for (const [i, a] of given.entries()) rev = (await vip.answer(exam.id, rev, 0, i, a)).data.revision;
    rev = (await vip.flag(exam.id, rev, 0, 1, true)).data.revision;
    rev = (await vip.move(exam.id, rev, 0, 4)).data.revision;
    const reloaded = (await vip.get(exam.id)).data;
    expect(reloaded.cursor).toEqual({ section_index: 0, question_index: 4 });
    expect(reloaded.revision).toBe(rev);
    expect(
      reloaded.sections[0]!.items.slice(0, 5).map((i) => [i.action.answer, i.action.state, i.action.flagged]),
    ).toEqual([
      [given[0], 'Answered', false],
      [given[1], 'Answered', true],
      [given[2], 'Answered', false],
      [null, 'NotEncountered', false],
      [null, 'NotAnswered', false],
    ]);
    const done = await vip.finish(exam.id, rev, 0);
    expect(done.data.status).toBe('Finished');
    const result = (await vip.result(exam.id)).data.result!;
    expect(result).toMatchObject({
      verbal: null,
      quant: null,
      total: null,
      correct: 3,
      total_questions: s.items.length,
      issue: null,
    });
  });

  it('reports a book’s finished attempts oldest first through the score window; the record filters by kind and pages', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const exam = await createAndGet(l, { source: 'book', book_id: 'b-pick-math-easy-2' });
      await l.finish(exam.id, (await l.start(exam.id, 0)).data.revision, 0);
      ids.push(exam.id);
    }
    await l.create({ source: 'book', book_id: 'b-pick-math-easy-2' });
    expect((await l.report('b-pick-math-easy-2')).data.attempts.map((a) => a.exam_id)).toEqual(ids);
    expect((await l.report('b-pick-math-easy-2', 'last_3')).data.attempts.map((a) => a.exam_id)).toEqual(ids.slice(1));
    expect((await l.report('b-nope')).err?.kind).toBe('not_found');
    await createAndGet(l, { source: 'filter', filter: { category: 2 }, count: 2 });
    const page = (await l.list({ kind: 'book', page: 2, page_size: 2 })).data;
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect((await l.list({ kind: 'filter' })).data.items.map((i) => i.kind)).toEqual(['filter']);
  });

  it('refuses mocks as books, unknown books and books above the tier', async () => {
    expect((await vip.create({ source: 'book', book_id: 'b-mock-1' })).err?.kind).toBe('not_found');
    expect((await vip.create({ source: 'book', book_id: 'b-nope' })).err?.kind).toBe('not_found');
    const trail = await learner(t, { roleKind: 'Trail' });
    const higher = (await t.deps.database.db.query.bookTemplates.findFirst({
      where: (b, { eq }) => eq(b.kind, 'higher'),
    }))!;
    expect((await trail.create({ source: 'book', book_id: higher.id })).err?.kind).toBe('limit');
  });

  it('draws from the big bank with every create option', async () => {
    const l = await learner(t, { roleKind: 'SVIP' });
    const qc = await createAndGet(l, {
      source: 'filter',
      filter: { category: 3 },
      count: 4,
      math_create_kind: 'comparison',
      pick_first: true,
      enable_count_up: true,
    });
    const ids = qc.sections[0]!.items.map((i) => i.question.id);
    expect(qc.sections[0]!.items.every((i) => i.question.kind === 'qc')).toBe(true);
    expect(ids).toEqual([...ids].sort());
    expect(qc.sections[0]!.time_limit_seconds).toBe(0);
    expect(qc.create_option).toMatchObject({
      kind: 'filter',
      pick_first: true,
      math_create_kind: 'comparison',
      include_done: false,
      enable_count_up: true,
    });
    expect(qc.name).toBe('大题库练习 · 数学 · 数量比较');
    const solving = await createAndGet(l, {
      source: 'filter',
      filter: { category: 0 },
      count: 6,
      math_create_kind: 'solving',
    });
    expect(solving.sections[0]!.items.every((i) => i.question.category === 3 && i.question.kind !== 'qc')).toBe(true);

    const keys = await answerKeys(t.deps.database.db, ids.slice(0, 2));
    let rev = (await l.start(qc.id, 0)).data.revision;
    rev = (await l.answer(qc.id, rev, 0, 0, rightAnswer(keys.get(ids[0]!)!))).data.revision;
    expect((await l.answer(qc.id, rev, 0, 1, wrongAnswer(keys.get(ids[1]!)!))).ok).toBe(true);
    const again = await createAndGet(l, {
      source: 'filter',
      filter: { category: 3 },
      count: 4,
      math_create_kind: 'comparison',
      pick_first: true,
    });
    expect(again.sections[0]!.items.map((i) => i.question.id)).toEqual(expect.not.arrayContaining(ids.slice(0, 2)));
    const withDone = await createAndGet(l, {
      source: 'filter',
      filter: { category: 3 },
      count: 4,
      math_create_kind: 'comparison',
      pick_first: true,
      include_done: true,
    });
    expect(withDone.sections[0]!.items.map((i) => i.question.id)).toEqual(ids);

    const none = await l.create({ source: 'filter', filter: { category: 1 }, math_create_kind: 'comparison' });
    expect(none.err).toMatchObject({ kind: 'not_found', show: '没有符合条件的题目' });

    // with_issue opens the practice with one Issue prompt in a 30-minute writing section; an Issue filter needs none.
    const opened = await createAndGet(l, { source: 'filter', filter: { category: 1 }, count: 3, with_issue: true });
    expect(opened.create_option.with_issue).toBe(true);
    expect(opened.sections.map((s) => s.name)).toEqual(['分析性写作 Issue', expect.any(String)]);
    expect(opened.sections[0]!.items.map((i) => i.question.category)).toEqual([4]);
    expect(opened.sections[0]!.time_limit_seconds).toBe(30 * 60);
    expect(opened.sections[1]!.items.every((i) => i.question.category === 1)).toBe(true);
    const essays = await createAndGet(l, { source: 'filter', filter: { category: 4 }, count: 2, with_issue: true });
    expect(essays.create_option.with_issue).toBe(false);
    expect(essays.sections).toHaveLength(1);
  });
});
