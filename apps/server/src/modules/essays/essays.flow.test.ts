import { essayCalls, examCalls, isEssayScore } from '@gre/contracts';
import { auditLog, crafts, essays } from '@gre/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { counterOf, type Learner } from '../../../test/fixtures.js';
import { periodKeys } from '../../lib/quota.js';
import { ESSAY_FAILED_TEXT, runJudging, sweepJudging } from './essays.job.js';
import { judgeIssueEssay } from './machine-judge.js';
import {
  essayMails,
  essayOf,
  essayOfExam,
  essayTestApp,
  fakeModel,
  getEssay,
  GOOD_ESSAY,
  writeEssay,
  writer,
  type EssayApp,
} from './essays.fixtures.js';

let app: EssayApp;
let teacher: { token: string; userId: number };
beforeAll(async () => {
  app = await essayTestApp();
  const { user, token } = await userWithToken(app.t.deps.database.db, { isTeacher: true, name: '王老师' });
  teacher = { token, userId: user.id };
}, 120_000);
afterAll(() => app.t.close());

describe('an essay written in a mock is judged by a job', () => {
  let vip: Learner;
  let examId: number;

  it('goes Judging → Finished: a score in half points inside its band, comments on the essay, rank, one mail', async () => {
    vip = await writer(app.t);
    examId = await writeEssay(vip, GOOD_ESSAY);
    await app.idle();
    const row = await essayOfExam(app.t, examId);
    const essay = essayOf(await getEssay(app.t, vip, row.id));
    expect(essay).toMatchObject({ status: 'Finished', progress: 100, exam_id: examId, score_source: 'machine' });
    expect(isEssayScore(essay.score)).toBe(true);
    expect(essay.score!).toBeGreaterThanOrEqual(2);
    expect(essay.band!.low).toBeLessThanOrEqual(essay.score!);
    expect(essay.band!.high).toBeGreaterThanOrEqual(essay.score!);
    expect(new Set(essay.comments.map((c) => c.dimension))).toEqual(
      new Set(['position', 'reasoning', 'examples', 'organisation', 'language']),
    );
    for (const c of essay.comments)
      for (const [start, end] of c.ranges) {
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeLessThanOrEqual(essay.answer.length);
        expect(start).toBeLessThan(end);
      }
    expect(essay.prompt).toContain('Write a response');
    expect(essay.notes.join('')).toMatch(/分/);
    expect(await essayMails(app.t, vip.userId)).toEqual(['作文批改完成']);
  });

  it('shows on the exam result (the AW score and band) and on the essay craft', async () => {
    const row = await essayOfExam(app.t, examId);
    const result = (await app.t.call(examCalls.result, { id: examId }, { token: vip.token })).data.result!;
    expect(result.issue).toMatchObject({
      status: 'Finished',
      score: row.score,
      band: { low: row.bandLow, high: row.bandHigh },
      essay_id: row.id,
    });
    const [craft] = await app.t.deps.database.db
      .select()
      .from(crafts)
      .where(and(eq(crafts.userId, vip.userId), eq(crafts.questionId, row.questionId)));
    expect(craft!.issue).toMatchObject({ result: { status: 'Finished', score: row.score, essay_id: row.id } });
    const report = (await app.t.call(examCalls.report, { book_id: 'b-mock-1' }, { token: vip.token })).data;
    expect(report.attempts.find((a) => a.exam_id === examId)).toMatchObject({
      issue: 'Finished',
      issue_score: { score: row.score, low: row.bandLow, high: row.bandHigh },
    });
  });

  it('a second delivery of the job changes nothing and sends no second mail', async () => {
    const row = await essayOfExam(app.t, examId);
    expect(await runJudging(app.t.deps, { id: row.id })).toEqual({ skipped: true });
    expect(await essayMails(app.t, vip.userId)).toHaveLength(1);
  });

  it('is the learner’s own: another learner gets not_found, a teacher reads it', async () => {
    const row = await essayOfExam(app.t, examId);
    const other = await writer(app.t);
    expect((await getEssay(app.t, other, row.id)).err?.kind).toBe('not_found');
    expect(essayOf(await getEssay(app.t, teacher, row.id)).id).toBe(row.id);
    const list = (await app.t.call(essayCalls.list, {}, { token: vip.token })).data;
    expect(list.items.map((i) => i.id)).toEqual([row.id]);
    expect(list.page_control.total).toBe(1);
  });

  it('HTML in an essay is text: stored as written, never a tag in what the judge writes', async () => {
    const hostile = `${GOOD_ESSAY}\n\n<script>alert(1)</script><img src=x onerror=alert(2)>`;
    const id = await writeEssay(vip, hostile);
    await app.idle();
    const essay = essayOf(await getEssay(app.t, vip, (await essayOfExam(app.t, id)).id));
    expect(essay.status).toBe('Finished');
    // Stored and sent back as the learner wrote it: the screens show it as text (never as HTML).
    expect(essay.answer).toBe(hostile);
    expect(essay.comments.every((c) => typeof c.text === 'string')).toBe(true);
  });
});

describe('judging quota', () => {
  it('a FreeVIP’s second essay of the day waits Empty with the reason; asking again is day_overflow', async () => {
    const free = await writer(app.t, 'FreeVIP');
    await writeEssay(free, GOOD_ESSAY);
    const second = await writeEssay(free, GOOD_ESSAY);
    await app.idle();
    const row = await essayOfExam(app.t, second);
    expect(row).toMatchObject({ status: 'Empty', quotaTaken: false });
    expect(row.error).toContain('今日作文批改次数已用完');
    const asked = await app.t.call(essayCalls.judge, { id: row.id }, { token: free.token });
    expect(asked.err).toMatchObject({ kind: 'day_overflow', quota: { reason: 'essay', used: 1, limit: 1 } });
    expect((await essayOfExam(app.t, second)).status).toBe('Empty');
    const day = periodKeys(new Date()).day;
    expect(await counterOf(app.t.deps.database.db, free.userId, day, 'essay')).toBe(1);
    const result = (await app.t.call(examCalls.result, { id: second }, { token: free.token })).data.result!;
    expect(result.issue).toMatchObject({ status: 'Empty', essay_id: row.id });
    // The book's report tells this written, unjudged essay from one never written.
    const report = (await free.report('b-mock-1')).data;
    expect(report.attempts.find((a) => a.exam_id === second)).toMatchObject({ issue: 'Empty', issue_written: true });
  });
});

describe('two judges', () => {
  it('close scores are averaged to the half point; far apart the machine’s stands and a teacher is asked', async () => {
    const vip = await writer(app.t);
    // The machine's score of this essay on this mock's prompt, judged alone first.
    const alone = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    const machine = { score: (await essayOfExam(app.t, alone.examId!)).score! };
    try {
      app.judges.model = fakeModel(Math.min(6, machine.score + 0.5));
      const near = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
      await app.idle();
      app.judges.model = fakeModel(machine.score >= 3 ? 0 : 6);
      const far = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
      await app.idle();
      const a = essayOf(await getEssay(app.t, vip, near.id));
      const b = essayOf(await getEssay(app.t, vip, far.id));
      expect(a).toMatchObject({ score_source: 'agreed', needs_teacher: false });
      expect(a.comments.some((c) => c.judge === 'model')).toBe(true);
      expect(b).toMatchObject({ score_source: 'machine', needs_teacher: true });
      const queue = (await app.t.call(essayCalls.queue, { flagged_only: true }, { token: teacher.token })).data;
      expect(queue.items.map((i) => i.id)).toContain(far.id);
      expect(queue.items.find((i) => i.id === far.id)!.model_score).not.toBeNull();
    } finally {
      app.judges.model = null;
    }
  });

  it('a model that fails leaves the machine’s score, its error kept for the record', async () => {
    const vip = await writer(app.t);
    const model = fakeModel(new Error('timeout after 60000 ms'));
    app.judges.model = model;
    try {
      const row = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
      await app.idle();
      const after = await essayOfExam(app.t, row.examId!);
      expect(after).toMatchObject({ status: 'Finished', model: { error: 'timeout after 60000 ms' } });
      expect(model.calls).toBe(1);
    } finally {
      app.judges.model = null;
    }
  });
});

describe('failures and retries', () => {
  it('a judge that throws is retried; after the last attempt the essay is Failed and can be asked for again free', async () => {
    const vip = await writer(app.t);
    let runs = 0;
    app.judges.machine = () => {
      runs += 1;
      throw new Error('judge crashed');
    };
    let id: number;
    try {
      id = (await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY))).id;
      await app.idle();
    } finally {
      app.judges.machine = judgeIssueEssay;
    }
    expect(runs).toBe(3);
    const [failed] = await app.t.deps.database.db.select().from(essays).where(eq(essays.id, id));
    expect(failed).toMatchObject({ status: 'Failed', error: ESSAY_FAILED_TEXT, attempts: 3 });
    const day = periodKeys(new Date()).day;
    const before = await counterOf(app.t.deps.database.db, vip.userId, day, 'essay');
    const asked = await app.t.call(essayCalls.judge, { id }, { token: vip.token });
    expect(asked.data?.essay.status).toBe('Judging');
    await app.idle();
    expect(essayOf(await getEssay(app.t, vip, id)).status).toBe('Finished');
    expect(await counterOf(app.t.deps.database.db, vip.userId, day, 'essay')).toBe(before);
    const again = await app.t.call(essayCalls.judge, { id }, { token: vip.token });
    expect(again.err?.kind).toBe('conflict');
  });

  it('the cleanup sends a lost job again and ends one past its attempts as Failed', async () => {
    const vip = await writer(app.t);
    const db = app.t.deps.database.db;
    const lost = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    await db
      .update(essays)
      .set({ status: 'Judging', attempts: 1, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(essays.id, lost.id));
    const dead = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    await db
      .update(essays)
      .set({ status: 'Judging', attempts: 3, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(essays.id, dead.id));
    expect(await sweepJudging(app.t.deps)).toEqual({ resent: 1, failed: 1 });
    await app.idle();
    expect((await essayOfExam(app.t, lost.examId!)).status).toBe('Finished');
    expect((await essayOfExam(app.t, dead.examId!)).status).toBe('Failed');
  });
});

describe('teachers grade', () => {
  it('a teacher’s score replaces the machine’s everywhere, is audited, and the learner gets a mail', async () => {
    const vip = await writer(app.t);
    const examId = await writeEssay(vip, GOOD_ESSAY);
    await app.idle();
    const row = await essayOfExam(app.t, examId);
    const graded = await app.t.call(
      essayCalls.grade,
      { id: row.id, score: 4.5, comment: '论证清楚，例子还可以更具体。' },
      { token: teacher.token },
    );
    expect(graded.data.essay).toMatchObject({
      score: 4.5,
      band: { low: 4.5, high: 4.5 },
      score_source: 'teacher',
      teacher: { name: '王老师', score: 4.5, comment: '论证清楚，例子还可以更具体。' },
    });
    const result = (await app.t.call(examCalls.result, { id: examId }, { token: vip.token })).data.result!;
    expect(result.issue).toMatchObject({ status: 'Finished', score: 4.5 });
    const report = (await app.t.call(examCalls.report, { book_id: 'b-mock-1' }, { token: vip.token })).data;
    expect(report.attempts.find((a) => a.exam_id === examId)?.issue_score).toEqual({ score: 4.5, low: 4.5, high: 4.5 });
    expect(await essayMails(app.t, vip.userId)).toEqual(['作文批改完成', '老师批改了你的作文']);
    const [audit] = await app.t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'essay/grade'), eq(auditLog.targetId, String(row.id))));
    expect(audit).toMatchObject({ actorId: teacher.userId, after: { score: 4.5 } });
    const queue = (await app.t.call(essayCalls.queue, {}, { token: teacher.token })).data;
    expect(queue.items.map((i) => i.id)).not.toContain(row.id);
  });

  it('refuses off-scale scores, empty comments and learners', async () => {
    const vip = await writer(app.t);
    const row = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    for (const body of [
      { id: row.id, score: 4.25, comment: 'x' },
      { id: row.id, score: 7, comment: 'x' },
      { id: row.id, score: -1, comment: 'x' },
      { id: row.id, score: 4, comment: '   ' },
      { id: row.id, score: 4, comment: 'x'.repeat(2001) },
    ])
      expect((await app.t.call(essayCalls.grade, body, { token: teacher.token })).err?.kind).toBe('invalid_input');
    const byLearner = await app.t.call(
      essayCalls.grade,
      { id: row.id, score: 6, comment: '满分' },
      { token: vip.token },
    );
    expect(byLearner.err?.kind).toBe('forbidden');
    expect((await essayOfExam(app.t, row.examId!)).teacherScore).toBeNull();
  });
});
