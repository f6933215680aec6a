import { ANSWER_GRACE_SECONDS, HEARTBEAT_MAX_GAP_SECONDS, type Answer, type ExamView } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import type { Actor } from '../../lib/authorize.js';
import {
  answerKeys,
  createAndGet,
  examTestApp,
  learner,
  passTime,
  rightAnswer,
  setUsed,
  type Learner,
} from './exams.fixtures.js';
import { answerInTransaction } from './exams.service.js';

let t: TestApp;
let vip: Learner;
let other: Learner;
beforeAll(async () => {
  t = await examTestApp();
  vip = await learner(t, { roleKind: 'VIP' });
  other = await learner(t, { roleKind: 'VIP' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };

/** A started practice exam over the first questions of a book with several input kinds. */
async function started(
  l: Learner,
  opts: { is_auto_commit?: boolean; book_id?: string } = {},
): Promise<{ exam: ExamView; rev: number }> {
  const exam = await createAndGet(l, {
    source: 'book',
    book_id: opts.book_id ?? 'b-pick-filling-medium-1',
    is_auto_commit: opts.is_auto_commit ?? true,
  });
  const res = await l.start(exam.id, 0);
  expect(res.err).toBeNull();
  return { exam: (await l.get(exam.id)).data, rev: res.data.revision };
}

/** A right answer to the exam's question at (0, i): a shape that fits. */
async function fits(exam: ExamView, i: number) {
  const id = exam.sections[0]!.items[i]!.question.id;
  return rightAnswer((await answerKeys(db(), [id])).get(id)!);
}

/** Every item's action and the revision: what a refused call must leave as it was. */
async function snapshot(l: Learner, id: number) {
  const v = (await l.get(id)).data;
  return {
    revision: v.revision,
    status: v.status,
    cursor: v.cursor,
    sections: v.sections.map((s) => [s.action.finished, s.items.map((i) => i.action.answer)]),
  };
}

describe('answers of the wrong shape', () => {
  it('are invalid_input and save nothing', async () => {
    const { exam, rev } = await started(vip);
    const items = exam.sections[0]!.items;
    const at = (kind: string) => items.findIndex((i) => i.question.input_method.kind === kind);
    const before = await snapshot(vip, exam.id);
    const cases: [number, Record<string, unknown>][] = [
      [at('OneBoxFill'), { multi_selects: ['A'] }],
      [at('OneBoxFill'), { selects: ['A', 'B'] }],
      [at('OneBoxFill'), { selects: ['I'] }],
      [at('OneBoxFill'), { selects: ['a'] }],
      [at('OneBoxFill'), { essay: 'an essay' }],
      [at('TwoBoxFill'), { selects: ['A', 'B', 'C'] }],
      [at('TwoBoxFill'), { selects: ['A', 'F'] }],
      [at('TwoBoxFill'), { selects: ['D', ''] }],
      [at('SixChooseTwo'), { multi_selects: ['A', 'A'] }],
      [at('SixChooseTwo'), { selects: ['A'] }],
      [at('SixChooseTwo'), { multi_selects: ['G'] }],
    ];
    for (const [i, answer] of cases) {
      expect(i, JSON.stringify(answer)).toBeGreaterThanOrEqual(0);
      const res = await vip.answer(exam.id, rev, 0, i, answer);
      expect([JSON.stringify(answer), res.status, res.err?.kind]).toEqual([
        JSON.stringify(answer),
        400,
        'invalid_input',
      ]);
    }
    expect(await snapshot(vip, exam.id)).toEqual(before);
    // An unfilled blank ('') and a cleared answer fit.
    const two = at('TwoBoxFill');
    const ok = await vip.answer(exam.id, rev, 0, two, { selects: ['', 'B'] });
    expect(ok.err).toBeNull();
    const cleared = await vip.answer(exam.id, ok.data.revision, 0, two, {});
    expect((await vip.get(exam.id)).data.sections[0]!.items[two]!.action).toMatchObject({
      state: 'NotAnswered',
      answer: { selects: [] },
    });
    expect(cleared.data.revision).toBe(rev + 2);
  });

  it("a sentence index past the passage's sentences is invalid_input and saves nothing, on both paths", async () => {
    const l = await learner(t, { roleKind: 'SVIP' });
    const exam = await createAndGet(l, {
      source: 'filter',
      filter: { category: 2, kind: 'rc_select' },
      count: 1,
      pick_first: true,
    });
    const question = exam.sections[0]!.items[0]!.question;
    expect(question.input_method.kind).toBe('SelectSentence');
    const n = question.passage!.sentences.length;
    const rev = (await l.start(exam.id, 0)).data.revision;
    const before = await snapshot(l, exam.id);
    for (const index of [String(n), '999']) {
      expect((await l.answer(exam.id, rev, 0, 0, { selects: [index] })).err?.kind).toBe('invalid_input');
      const direct = answerInTransaction(t.deps, { user: { id: l.userId } } as Actor, {
        id: exam.id,
        revision: rev,
        section_index: 0,
        question_index: 0,
        answer: { ...blank, selects: [index] },
      });
      await expect(direct).rejects.toMatchObject({ kind: 'invalid_input' });
    }
    expect(await snapshot(l, exam.id)).toEqual(before);
    expect((await l.answer(exam.id, rev, 0, 0, { selects: [String(n - 1)] })).err).toBeNull();
  });

  it('numeric and fraction entries take numbers only, essays only text', async () => {
    const l = await learner(t, { roleKind: 'SVIP' });
    const exam = await createAndGet(l, {
      source: 'filter',
      filter: { category: 3, kind: 'fraction' },
      count: 1,
      pick_first: true,
    });
    let rev = (await l.start(exam.id, 0)).data.revision;
    expect((await l.answer(exam.id, rev, 0, 0, { text: 'abc', text2: '3' })).err?.kind).toBe('invalid_input');
    expect((await l.answer(exam.id, rev, 0, 0, { selects: ['A'] })).err?.kind).toBe('invalid_input');
    rev = (await l.answer(exam.id, rev, 0, 0, { text: '2', text2: '3' })).data.revision;
    const essay = await createAndGet(l, { source: 'filter', filter: { category: 4 }, count: 1 });
    const erev = (await l.start(essay.id, 0)).data.revision;
    expect((await l.answer(essay.id, erev, 0, 0, { text: '12' })).err?.kind).toBe('invalid_input');
    expect((await l.answer(essay.id, erev, 0, 0, { essay: 'My view is mixed.' })).err).toBeNull();
  });
});

describe('positions outside the exam', () => {
  it('answers to questions outside the exam are not_found; moves past the end or into later sections are invalid_input', async () => {
    const { exam, rev } = await started(vip);
    const n = exam.sections[0]!.items.length;
    const before = await snapshot(vip, exam.id);
    expect((await vip.answer(exam.id, rev, 0, n, { selects: ['A'] })).err?.kind).toBe('not_found');
    expect((await vip.answer(exam.id, rev, 3, 0, { selects: ['A'] })).err?.kind).toBe('not_found');
    expect((await vip.flag(exam.id, rev, 0, n, true)).err?.kind).toBe('not_found');
    expect((await vip.move(exam.id, rev, 0, n)).err?.kind).toBe('invalid_input');
    expect((await vip.move(exam.id, rev, 1, 0)).err?.kind).toBe('invalid_input');
    expect((await vip.finish(exam.id, rev, 1)).err?.kind).toBe('invalid_input');
    expect(await snapshot(vip, exam.id)).toEqual(before);
  });

  it('sections of a simulation open one at a time; a submitted one is exam_finished', async () => {
    const exam = await createAndGet(vip, { source: 'simulate', version: 'b-mock-2', select_kind: 'full_no_issue' });
    let rev = (await vip.start(exam.id, 0)).data.revision;
    expect((await vip.move(exam.id, rev, 1, 0)).err?.kind).toBe('invalid_input');
    expect((await vip.answer(exam.id, rev, 2, 0, {})).err?.kind).toBe('invalid_input');
    rev = (await vip.finish(exam.id, rev, 0)).data.revision;
    expect((await vip.answer(exam.id, rev, 0, 0, {})).err?.kind).toBe('exam_finished');
    expect((await vip.heartbeat(exam.id, 0)).err?.kind).toBe('exam_finished');
    expect((await vip.finish(exam.id, rev, 0)).err?.kind).toBe('exam_finished');
    expect((await vip.move(exam.id, rev, 1, 14)).err).toBeNull();
  });
});

describe('ownership, status and revisions', () => {
  it("another learner's exam is not_found for every call", async () => {
    const { exam, rev } = await started(vip);
    const before = await snapshot(vip, exam.id);
    const calls = [
      other.get(exam.id),
      other.result(exam.id),
      other.start(exam.id, rev),
      other.heartbeat(exam.id, 0),
      other.move(exam.id, rev, 0, 1),
      other.answer(exam.id, rev, 0, 0, { selects: ['A'] }),
      other.flag(exam.id, rev, 0, 0, true),
      other.finish(exam.id, rev, 0),
      other.remove(exam.id),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.err?.kind]).toEqual([404, 'not_found']);
    expect(await snapshot(vip, exam.id)).toEqual(before);
    expect((await other.get(999_999)).err?.kind).toBe('not_found');
  });

  it('a NotStart exam takes only start, get and heartbeat; result waits for the finish', async () => {
    const exam = await createAndGet(vip, { source: 'book', book_id: 'b-pick-filling-easy-2' });
    expect((await vip.answer(exam.id, 0, 0, 0, { selects: ['A'] })).err).toMatchObject({
      kind: 'invalid_input',
      show: '考试尚未开始',
    });
    expect((await vip.move(exam.id, 0, 0, 1)).err?.kind).toBe('invalid_input');
    expect((await vip.finish(exam.id, 0, 0)).err?.kind).toBe('invalid_input');
    expect((await vip.heartbeat(exam.id, 0)).data).toMatchObject({ used_time_seconds: 0, auto_committed: false });
    expect((await vip.result(exam.id)).err?.kind).toBe('invalid_input');
    const start = await vip.start(exam.id, 0);
    expect(start.data.revision).toBe(1);
    expect((await vip.start(exam.id, 0)).err?.kind).toBe('stale_revision');
    expect((await vip.start(exam.id, 1)).err?.kind).toBe('invalid_input');
  });

  it('a replayed or stale change is stale_revision and changes nothing; racing changes: exactly one wins', async () => {
    const { exam, rev } = await started(vip);
    const keys = await answerKeys(db(), [exam.sections[0]!.items[0]!.question.id]);
    const a = rightAnswer(keys.get(exam.sections[0]!.items[0]!.question.id)!);
    const first = await vip.answer(exam.id, rev, 0, 0, a);
    expect(first.data.revision).toBe(rev + 1);
    const before = await snapshot(vip, exam.id);
    expect((await vip.answer(exam.id, rev, 0, 0, { selects: [] })).err?.kind).toBe('stale_revision');
    expect((await vip.move(exam.id, rev, 0, 3)).err?.kind).toBe('stale_revision');
    expect((await vip.flag(exam.id, rev, 0, 0, true)).err?.kind).toBe('stale_revision');
    expect((await vip.finish(exam.id, rev, 0)).err?.kind).toBe('stale_revision');
    expect(await snapshot(vip, exam.id)).toEqual(before);
    const race = await Promise.all([1, 2, 3, 4].map((q) => vip.move(exam.id, rev + 1, 0, q)));
    expect(race.filter((r) => r.ok)).toHaveLength(1);
    expect(race.filter((r) => r.err?.kind === 'stale_revision')).toHaveLength(3);
    expect((await vip.get(exam.id)).data.revision).toBe(rev + 2);
  });

  it('after the last section every change is exam_finished', async () => {
    const { exam, rev } = await started(vip, { book_id: 'b-pick-filling-hard-1' });
    const done = await vip.finish(exam.id, rev, 0);
    expect(done.data.status).toBe('Finished');
    const r = done.data.revision;
    for (const res of [
      await vip.answer(exam.id, r, 0, 0, { selects: ['A'] }),
      await vip.move(exam.id, r, 0, 1),
      await vip.flag(exam.id, r, 0, 0, true),
      await vip.finish(exam.id, r, 0),
      await vip.start(exam.id, r),
    ]) {
      expect(res.err?.kind).toBe('exam_finished');
    }
  });
});

describe('the server clock', () => {
  // Count-up practice only: a timed section runs on the wall clock (exams.clock.test.ts).
  it('count-up practice adds the seconds since the last beat to the section and the question at the cursor, capped', async () => {
    const exam = await createAndGet(vip, { source: 'book', book_id: 'b-pick-filling-medium-1', enable_count_up: true });
    const rev = (await vip.start(exam.id, 0)).data.revision;
    await passTime(db(), exam.id, 7);
    expect((await vip.heartbeat(exam.id, 0)).data).toMatchObject({
      section_index: 0,
      used_time_seconds: 7,
      auto_committed: false,
    });
    await passTime(db(), exam.id, 3600);
    const capped = (await vip.heartbeat(exam.id, 0)).data;
    expect(capped).toMatchObject({ used_time_seconds: 7 + HEARTBEAT_MAX_GAP_SECONDS, remaining_seconds: null });
    const v = (await vip.get(exam.id)).data;
    expect(v.sections[0]!.action.used_time_seconds).toBe(27);
    expect(v.sections[0]!.items[0]!.action.used_time_seconds).toBe(27);
    expect(v.revision).toBe(rev);
  });

  it('a manual exam refuses changes past the grace and changes nothing; finish_section still submits', async () => {
    const { exam, rev } = await started(vip, { is_auto_commit: false });
    const limit = exam.sections[0]!.time_limit_seconds;
    await setUsed(db(), exam.id, 0, limit + ANSWER_GRACE_SECONDS - 1);
    const inGrace = await vip.answer(exam.id, rev, 0, 0, await fits(exam, 0));
    expect(inGrace.err).toBeNull();
    await setUsed(db(), exam.id, 0, limit + ANSWER_GRACE_SECONDS + 1);
    const before = await snapshot(vip, exam.id);
    const late = await vip.answer(exam.id, inGrace.data.revision, 0, 1, await fits(exam, 1));
    expect(late.err?.kind).toBe('exam_time_up');
    expect((await vip.move(exam.id, inGrace.data.revision, 0, 1)).err?.kind).toBe('exam_time_up');
    expect((await vip.heartbeat(exam.id, 0)).data).toMatchObject({ remaining_seconds: 0, auto_committed: false });
    expect(await snapshot(vip, exam.id)).toEqual(before);
    expect((await vip.finish(exam.id, inGrace.data.revision, 0)).data.status).toBe('Finished');
  });

  it('an auto-commit exam submits the section with the refused answer, keeping the answers given in time', async () => {
    const { exam, rev } = await started(vip);
    const a0 = await fits(exam, 0);
    const given = await vip.answer(exam.id, rev, 0, 0, a0);
    await setUsed(db(), exam.id, 0, exam.sections[0]!.time_limit_seconds + ANSWER_GRACE_SECONDS + 1);
    const late = await vip.answer(exam.id, given.data.revision, 0, 1, await fits(exam, 1));
    expect(late.err?.kind).toBe('exam_time_up');
    const v = (await vip.get(exam.id)).data;
    expect(v.status).toBe('Finished');
    expect(v.revision).toBe(given.data.revision + 1);
    expect(v.sections[0]!.items.slice(0, 2).map((i) => i.action.answer)).toEqual([a0, null]);
    expect((await vip.answer(exam.id, v.revision, 0, 1, await fits(exam, 1))).err?.kind).toBe('exam_finished');
  });

  it('the heartbeat submits an auto-commit section at its limit and opens the next', async () => {
    const exam = await createAndGet(vip, { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' });
    const rev = (await vip.start(exam.id, 0)).data.revision;
    await setUsed(db(), exam.id, 0, exam.sections[0]!.time_limit_seconds);
    expect((await vip.heartbeat(exam.id, 0)).data).toMatchObject({
      section_index: 0,
      remaining_seconds: 0,
      auto_committed: true,
    });
    const v = (await vip.get(exam.id)).data;
    expect(v).toMatchObject({
      status: 'PartCompleted',
      revision: rev + 1,
      cursor: { section_index: 1, question_index: 0 },
    });
    expect(v.sections[1]).toMatchObject({ difficulty: 'easy' });
    expect(v.sections[1]!.items).toHaveLength(15);
    expect((await vip.heartbeat(exam.id, 1)).data).toMatchObject({ section_index: 1, auto_committed: false });
  });

  it('count-up exams are untimed: no remaining time, never refused for time', async () => {
    const exam = await createAndGet(vip, { source: 'book', book_id: 'b-pick-math-easy-1', enable_count_up: true });
    const rev = (await vip.start(exam.id, 0)).data.revision;
    await setUsed(db(), exam.id, 0, 100_000);
    expect((await vip.heartbeat(exam.id, 0)).data).toMatchObject({ remaining_seconds: null, auto_committed: false });
    expect((await vip.move(exam.id, rev, 0, 1)).err).toBeNull();
  });
});
