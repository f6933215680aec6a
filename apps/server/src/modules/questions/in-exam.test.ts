import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  craftCalls,
  mediaCalls,
  questionCalls,
  searchCalls,
  type ExamView,
  type MediaManifest,
  type QuestionView,
} from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { seedMedia } from '../media/index.js';
import { createAndGet, examTestApp, type Learner, learner, passTime } from '../../../test/fixtures.js';

// Decision 013: no call hands out the answers of a question in an exam the learner is taking, until that section is
// submitted; a question they had in a section submitted in an earlier exam keeps them.

const BOOK = 'b-pick-reading-easy-1';
/** The book's first question, a reading question of a passage with a translation; its stem's words, for search. */
const Q = 'q-rc-002';
const Q_WORDS = 'colony dominated heat-tolerant algae';

let t: TestApp;
let media: string;
beforeAll(async () => {
  t = await examTestApp();
  media = mkdtempSync(join(tmpdir(), 'gre-in-exam-'));
  const manifest: MediaManifest = {
    materials: [],
    videos: [
      {
        id: 'v-rc',
        title: '阅读讲解',
        description: '',
        kind: 'explanation',
        file: 'rc.webm',
        mime: 'video/webm',
        size_bytes: 5,
        duration_seconds: 30,
        question_id: Q,
        min_role: null,
        position: 10,
      },
    ],
  };
  writeFileSync(join(media, 'media.json'), JSON.stringify(manifest));
  await seedMedia(t.deps, { manifest: join(media, 'media.json'), warn: () => {} });
});
afterAll(async () => {
  await t.close();
  rmSync(media, { recursive: true, force: true });
});

const questionsOf = (exam: ExamView) => exam.sections.flatMap((s) => s.items.map((i) => i.question.id));
const getQuestions = async (l: Learner, ids: string[]) => {
  const res = await t.call(questionCalls.get, { ids }, { token: l.token });
  expect(res.err).toBeNull();
  return res.data.questions;
};
const answersShown = (q: QuestionView) => q.standard_answer !== null && q.analysis !== null;
/** Nothing an answer-less view leaves out: answer, analysis, the passage's translation and gist. */
const withheld = (q: QuestionView) =>
  q.standard_answer === null &&
  q.analysis === null &&
  !q.support_translate &&
  (q.passage === null || (q.passage.translate === '' && q.passage.core === ''));
const found = async (l: Learner, q: string) =>
  (await t.call(searchCalls.search, { q }, { token: l.token })).data.questions.map((r) => r.question.id);
const video = (l: Learner) => t.call(mediaCalls.videoGet, { id: 'v-rc' }, { token: l.token });
const collect = (l: Learner, id: string) =>
  t.call(
    craftCalls.updateV2,
    { update_kind: 'Collect', craft_id: 0, question_id: id, craft: { collect: { collected: true } }, q_category: 2 },
    { token: l.token },
  );

/**
 * Goes to every question of the exam's open section, so each is opened (a finished exam withholds the answers of
 * questions never opened for its own reason, `not_opened`; these tests are about decision 013's). Returns the revision.
 */
async function visitAll(l: Learner, id: number, rev: number, section = 0): Promise<number> {
  const count = (await l.get(id)).data.sections[section]!.items.length;
  for (let q = 0; q < count; q++) {
    const moved = await l.move(id, rev, section, q);
    expect(moved.err).toBeNull();
    rev = moved.data.revision;
  }
  return rev;
}

/** Starts an exam, opens every question of each section and submits it as it stands; returns the result view. */
async function submitAll(l: Learner, id: number): Promise<ExamView> {
  let rev = (await l.start(id, 0)).data.revision;
  for (let s = 0; ; s++) {
    rev = await visitAll(l, id, rev, s);
    const done = await l.finish(id, rev, s);
    expect(done.err).toBeNull();
    rev = done.data.revision;
    if (done.data.status === 'Finished') break;
  }
  return (await l.result(id)).data;
}

describe('questions of an exam the learner is taking', () => {
  let me: Learner;
  let other: Learner;
  let exam: ExamView;
  let ids: string[];
  /** The same book practised again while `exam` runs. */
  let againId = 0;

  beforeAll(async () => {
    me = await learner(t, { roleKind: 'VIP' });
    other = await learner(t, { roleKind: 'VIP' });
    // Before any exam the bank hands the answers out; the fixture is what the rest relies on.
    expect((await getQuestions(me, [Q])).every(answersShown)).toBe(true);
    expect(await found(me, Q_WORDS)).toContain(Q);
    expect((await video(me)).err).toBeNull();
    exam = await createAndGet(me, { source: 'book', book_id: BOOK });
    ids = questionsOf(exam);
    expect(ids[0]).toBe(Q);
  });

  it('question/get: answers while the exam is only created; none, nor translation or gist, once it is started', async () => {
    expect(exam.status).toBe('NotStart');
    const before = await getQuestions(me, ids);
    expect(before.every((q) => answersShown(q) && q.answers_held === false)).toBe(true);
    expect((await me.start(exam.id, 0)).err).toBeNull();
    const during = await getQuestions(me, ids);
    expect(during.every((q) => withheld(q) && q.answers_held === true)).toBe(true);
    expect(during[0]!.passage?.text).not.toBe('');
    // Only this learner's exam counts.
    expect((await getQuestions(other, ids)).every(answersShown)).toBe(true);
  });

  it('search does not find the exam’s questions (snippets come from the analysis), for this learner only', async () => {
    expect(await found(me, Q_WORDS)).not.toContain(Q);
    expect(await found(other, Q_WORDS)).toContain(Q);
  });

  it('the explanation video of a question in the exam is refused as forbidden, saying why', async () => {
    const res = await video(me);
    expect([res.status, res.err?.kind]).toEqual([403, 'forbidden']);
    expect(res.err?.show).toMatch(/考试/);
    expect((await video(other)).err).toBeNull();
  });

  it('collecting it during the exam, then practising the collection at once, reveals nothing', async () => {
    expect((await collect(me, Q)).err).toBeNull();
    const practice = await createAndGet(me, { source: 'personal', scope: 'collect', count: 1 });
    expect(questionsOf(practice)).toEqual([Q]);
    const result = await submitAll(me, practice.id);
    const item = result.sections[0]!.items[0]!;
    expect(withheld(item.question)).toBe(true);
    expect(item.result?.withheld).toBe('in_exam');
    expect((await me.get(practice.id)).data.sections[0]!.items[0]!.question.standard_answer).toBeNull();
    expect((await getQuestions(me, [Q])).every(withheld)).toBe(true);
  });

  it('the same book practised again and submitted at once does not reveal the running exam’s answers', async () => {
    const again = await createAndGet(me, { source: 'book', book_id: BOOK });
    againId = again.id;
    const result = await submitAll(me, again.id);
    const items = result.sections.flatMap((s) => s.items);
    expect(items.every((i) => withheld(i.question) && i.result?.withheld === 'in_exam')).toBe(true);
    expect((await getQuestions(me, ids)).every(withheld)).toBe(true);
  });

  it('an Issue prompt in a running exam: its outline (the analysis) waits too', async () => {
    const writing = await createAndGet(me, { source: 'filter', filter: { category: 1 }, count: 1, with_issue: true });
    expect((await me.start(writing.id, 0)).err).toBeNull();
    const prompt = writing.sections[0]!.items[0]!.question;
    expect(prompt.category).toBe(4);
    expect((await getQuestions(me, [prompt.id])).every(withheld)).toBe(true);
    expect((await getQuestions(other, [prompt.id])).every(answersShown)).toBe(true);
  });

  it('once the section is submitted every call answers in full again, and the later practice shows its answers', async () => {
    const rev = await visitAll(me, exam.id, (await me.get(exam.id)).data.revision);
    expect((await me.finish(exam.id, rev, 0)).data.status).toBe('Finished');
    expect((await getQuestions(me, ids)).every(answersShown)).toBe(true);
    expect(await found(me, Q_WORDS)).toContain(Q);
    expect((await video(me)).err).toBeNull();
    const result = (await me.result(exam.id)).data.sections[0]!.items;
    expect(result.every((i) => answersShown(i.question) && i.result?.withheld === null)).toBe(true);
    const again = (await me.result(againId)).data.sections[0]!.items;
    expect(again.every((i) => answersShown(i.question) && i.result?.withheld === null)).toBe(true);
  });

  it('a question submitted in an earlier exam keeps its answers in a new one, and the earlier result keeps them too', async () => {
    const next = await createAndGet(me, { source: 'book', book_id: BOOK });
    expect((await me.start(next.id, 0)).err).toBeNull();
    expect((await getQuestions(me, ids)).every(answersShown)).toBe(true);
    expect(await found(me, Q_WORDS)).toContain(Q);
    expect((await me.result(exam.id)).data.sections[0]!.items.every((i) => answersShown(i.question))).toBe(true);
    // The exam screen itself still shows no answers until it is finished.
    expect((await me.get(next.id)).data.sections[0]!.items.every((i) => withheld(i.question))).toBe(true);
  });

  it('staff are learners of their own exams', async () => {
    const admin = await learner(t, { roleKind: 'VIP', isAdmin: true });
    const own = await createAndGet(admin, { source: 'book', book_id: BOOK });
    expect((await admin.start(own.id, 0)).err).toBeNull();
    expect((await getQuestions(admin, ids)).every(withheld)).toBe(true);
    expect([(await video(admin)).err?.kind]).toEqual(['forbidden']);
  });
});

describe('a mock: section by section', () => {
  it('a submitted section answers again while the next one waits', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const exam = await createAndGet(me, { source: 'simulate', version: 'b-mock-1', select_kind: 'quant' });
    const first = questionsOf(exam);
    let rev = (await me.start(exam.id, 0)).data.revision;
    expect((await getQuestions(me, first)).every(withheld)).toBe(true);
    rev = (await me.finish(exam.id, rev, 0)).data.revision;
    const second = (await me.get(exam.id)).data.sections[1]!.items.map((i) => i.question.id);
    expect(second.length).toBeGreaterThan(0);
    expect((await getQuestions(me, first)).every(answersShown)).toBe(true);
    expect((await getQuestions(me, second)).every(withheld)).toBe(true);
    expect((await me.finish(exam.id, rev, 1)).data.status).toBe('Finished');
    expect((await getQuestions(me, second)).every(answersShown)).toBe(true);
  });
});

describe('a timed section whose time is over', () => {
  it('holds nothing back any more: it takes no answers, submitted or not', async () => {
    const me = await learner(t, { roleKind: 'VIP' });
    const exam = await createAndGet(me, { source: 'simulate', version: 'b-mock-1', select_kind: 'quant' });
    const first = questionsOf(exam);
    expect((await me.start(exam.id, 0)).err).toBeNull();
    expect((await getQuestions(me, first)).every(withheld)).toBe(true);
    const limit = exam.sections[0]!.time_limit_seconds;
    expect(limit).toBeGreaterThan(0);
    // Within the grace the section still takes an in-flight answer, so it still holds; past it, nothing to protect.
    await passTime(t.deps.database.db, exam.id, limit);
    expect((await getQuestions(me, first)).every(withheld)).toBe(true);
    await passTime(t.deps.database.db, exam.id, 10);
    expect((await getQuestions(me, first)).every((q) => answersShown(q) && !q.answers_held)).toBe(true);
  });
});
