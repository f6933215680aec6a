import { essayCalls, type CallResponse, type Essay, type RoleKind } from '@gre/contracts';
import { essays, mails } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import type { InProcessQueue } from '../../lib/job-queue.js';
import type { TestApp } from '../../../test/test-app.js';
import type { ModelJudge } from '../../adapters/essay-judge/index.js';
import { createAndGet, examTestApp, learner, type Learner } from '../../../test/fixtures.js';
import { ESSAY_JOB, runJudging, type Judges } from './essays.job.js';
import { judgeIssueEssay } from './machine-judge.js';

// Fixtures of the essay tests: the exam test app with the judging job registered on its in-process queue, judges a
// test can swap (the real built-in judge by default), and a learner who writes an essay in an essay-only mock.

/**
 * A well-formed Issue essay (ours) on the prompt of the mock the tests write in (b-mock-1: should local governments
 * fund independent local newspapers?): the built-in judge scores it in the upper half of the scale.
 */
export const GOOD_ESSAY = [
  'I agree with the reason behind the claim, since local reporting is one of the few means citizens have of holding nearby officials accountable, but I only partly agree that local governments should provide financial support to independent local newspapers. Public money can keep a newspaper alive, yet it can also make the paper depend on the very officials it is supposed to watch.',
  'Consider what happens when a town loses its newspaper. Council meetings go unreported, budgets are approved without questions, and citizens learn about a scandal only after the damage is done. For example, several studies of American counties found that borrowing costs rose after local papers closed, because nobody was scrutinising public contracts. In this sense the reason is persuasive: without sustained local reporting, accountability weakens.',
  'However, the claim does not follow automatically from the reason. If the mayor decides each year how much support a newspaper receives, editors may hesitate to publish critical stories. Therefore, any financial support must be designed so that officials cannot reward friendly coverage or punish hostile reporting. An independent fund with a fixed formula, managed by a board that includes journalists and residents, would protect the independence that makes local reporting valuable.',
  'Moreover, government support is not the only option. Nonprofit newsrooms, reader memberships and partnerships with universities have kept reporting alive in many communities. Governments could encourage these models through tax credits rather than direct grants, which would reduce the risk of political pressure while still supporting the work.',
  'In conclusion, the reason rightly identifies a real danger, and some public support may be justified. Nevertheless, the support should be indirect and insulated from politics, because a newspaper that depends on local officials cannot be trusted to hold them accountable.',
].join('\n\n');

export interface EssayApp {
  t: TestApp;
  /**
   * The judges the next run uses; a test sets `model` or replaces `machine` and puts them back after. With `model`
   * null the app's own model judge runs (ESSAY_JUDGE_URL; none by default).
   */
  judges: Judges;
  idle(): Promise<void>;
}

export async function essayTestApp(env: Record<string, string> = {}): Promise<EssayApp> {
  const t = await examTestApp(env);
  const judges: Judges = { machine: judgeIssueEssay, model: null };
  // The judges are read when a run starts, so a test changes them between runs.
  await t.deps.queue.work(ESSAY_JOB, (data: { id: number }, deps) =>
    runJudging(deps, data, { machine: (e, p) => judges.machine(e, p), model: judges.model ?? deps.essayJudge }),
  );
  return { t, judges, idle: () => (t.deps.queue as InProcessQueue).idle() };
}

export const writer = (t: TestApp, roleKind: RoleKind = 'VIP') => learner(t, { roleKind });

/** Writes `text` in an essay-only mock and submits it; the exam is then Finished. Returns the exam id. */
export async function writeEssay(l: Learner, text: string): Promise<number> {
  const exam = await createAndGet(l, { source: 'simulate', version: 'b-mock-1', select_kind: 'issue' });
  const started = await l.start(exam.id, 0);
  if (started.err) throw new Error(`start: ${started.err.kind}`);
  const answered = await l.answer(exam.id, started.data.revision, 0, 0, { essay: text });
  if (answered.err) throw new Error(`answer: ${answered.err.kind}`);
  const done = await l.finish(exam.id, answered.data.revision, 0);
  if (done.err || done.data.status !== 'Finished') throw new Error(`finish: ${done.err?.kind ?? done.data.status}`);
  return exam.id;
}

/** The learner's essay of an exam. */
export async function essayOfExam(t: TestApp, examId: number) {
  const [row] = await t.deps.database.db.select().from(essays).where(eq(essays.examId, examId));
  if (!row) throw new Error(`exam ${examId} has no essay`);
  return row;
}

export async function getEssay(t: TestApp, l: { token: string }, id: number) {
  return t.call(essayCalls.get, { id }, { token: l.token });
}

export const essayOf = (res: { data: CallResponse<typeof essayCalls.get> | null }): Essay => res.data!.essay;

/** The essay mails a learner got: subjects in order. */
export async function essayMails(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.deps.database.db
    .select({ subject: mails.subject })
    .from(mails)
    .where(sql`${mails.userId} = ${userId} and ${mails.occasion} like 'essay_%'`)
    .orderBy(mails.id);
  return rows.map((r) => r.subject);
}

/** A model judge that answers `score` (or throws), counting its calls. */
export function fakeModel(answer: number | Error): ModelJudge & { calls: number } {
  const judge = {
    model: 'fake-model',
    calls: 0,
    async judge() {
      judge.calls += 1;
      if (answer instanceof Error) throw answer;
      return {
        score: answer,
        model: 'fake-model-2026',
        comments: [{ dimension: 'position' as const, text: '立场明确。' }],
      };
    },
  };
  return judge;
}
