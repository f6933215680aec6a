import {
  applyWindow,
  isHiddenBook,
  reportScore,
  type Attempt,
  type BookStatus,
  type CallResponse,
  type ExamBrief,
  type ExamResult,
  type examCalls,
} from '@gre/contracts';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { quotaFor, simulateRemaining } from '../../lib/quota.js';
import { bookCopies, findBookTemplate, mockTemplates } from '../books/index.js';
import { refusalError } from '../../lib/refusals.js';
import { closeExam } from './exams.repository.js';
import { examNotFound } from './exam-errors.js';
import type { CallBody } from './exams.service.js';
import { decideMock } from './mock-access.js';
import { finishedExamsOf, hasExamsOf, listExams, simulationsOf } from './records.repository.js';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const resultOf = (r: unknown) => (r as ExamResult | null) ?? null;

/** The record page: the learner's exams and practices, newest first, Close ones left out. */
export async function listRecord(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  q: CallBody<typeof examCalls.list>,
): Promise<CallResponse<typeof examCalls.list>> {
  const page = q.page ?? 1;
  const size = q.page_size ?? 20;
  const { rows, total } = await listExams(deps.database.db, actor.user.id, q.kind, size, (page - 1) * size);
  const items: ExamBrief[] = rows.map((r) => {
    const result = resultOf(r.result);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind as ExamBrief['kind'],
      source: r.source as ExamBrief['source'],
      template_id: r.templateId,
      status: r.status as ExamBrief['status'],
      question_count: Number(r.questionCount),
      answered_count: Number(r.answeredCount),
      correct: result?.correct ?? null,
      verbal: result?.verbal?.scaled ?? null,
      quant: result?.quant?.scaled ?? null,
      created_at: unix(r.createdAt),
      updated_at: unix(r.updatedAt),
    };
  });
  return { items, total };
}

/** Delete = Close: gone from the record, kept for the statistics and the wrong-answer book. Quotas are not returned. */
export async function deleteExam(deps: Pick<Deps, 'database'>, actor: Actor, id: number): Promise<{ done: true }> {
  if (!(await closeExam(deps.database.db, id, actor.user.id))) throw examNotFound();
  return { done: true };
}

/** A judged essay's score with its band (a teacher's has none: low = high), as the report lists it. */
function issueScoreOf(issue: ExamResult['issue']): Attempt['issue_score'] {
  if (issue?.status !== 'Finished' || issue.score === null || issue.score === undefined) return null;
  return { score: issue.score, low: issue.band?.low ?? issue.score, high: issue.band?.high ?? issue.score };
}

/**
 * Every finished attempt of a book by this learner, oldest first, kept by the score window (reportScore: a mock's
 * total, a practice book's correct rate). A book the learner may not know of is not_found unless they took it.
 */
export async function bookReport(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  q: CallBody<typeof examCalls.report>,
  now = deps.clock.now(),
): Promise<CallResponse<typeof examCalls.report>> {
  const { db } = deps.database;
  const book = await findBookTemplate(deps, q.book_id);
  const hidden = book && !isStaff(actor) && isHiddenBook(book);
  if (!book || (hidden && !(await hasExamsOf(db, actor.user.id, book.id))))
    throw refusalError({ kind: 'not_found' }, 'book');
  const attempts: Attempt[] = (await finishedExamsOf(db, actor.user.id, book.id)).flatMap((e) => {
    const r = resultOf(e.result);
    if (!r) return [];
    return [
      {
        exam_id: e.id,
        finished_at: unix(e.finishedAt),
        verbal: r.verbal?.scaled ?? null,
        quant: r.quant?.scaled ?? null,
        total: r.total,
        correct: r.correct,
        total_questions: r.total_questions,
        used_time_seconds: r.used_time_seconds,
        issue: r.issue?.status ?? null,
        issue_score: issueScoreOf(r.issue),
        issue_written: (r.issue?.words ?? 0) > 0,
      },
    ];
  });
  // 'all' lists every attempt (a verbal-only mock has no total but still belongs to the history); the other windows
  // rank and cut by the report score, so they keep only attempts that have one.
  const window = q.window ?? 'all';
  const kept =
    window === 'all'
      ? attempts
      : applyWindow(attempts, window, Math.floor(now.getTime() / 1000), (a) => reportScore(a, book.kind === 'mock'));
  return { book_id: book.id, title: book.title, sub_title: book.subTitle, attempts: kept };
}

/** The simulate page: every mock with this learner's copy, the simulation to resume, and what creating one would answer. */
export async function simulateList(
  deps: Pick<Deps, 'database' | 'settings' | 'clock'>,
  actor: Actor,
  now = deps.clock.now(),
): Promise<CallResponse<typeof examCalls.simulateList>> {
  const { db } = deps.database;
  const mocks = await mockTemplates(deps, isStaff(actor));
  const ids = mocks.map((m) => m.id);
  const quota = quotaFor(actor, await deps.settings.override('quotas'));
  const [copies, sims, left] = await Promise.all([
    bookCopies(deps, actor.user.id, ids),
    simulationsOf(db, actor.user.id, ids),
    simulateRemaining(db, actor.user.id, quota, now),
  ]);
  return {
    mocks: mocks.map((m) => {
      const mine = sims.filter((s) => s.templateId === m.id);
      const finished = mine.filter((s) => s.status === 'Finished');
      const totals = finished.map((s) => resultOf(s.result)?.total).filter((t): t is number => typeof t === 'number');
      const opened = decideMock(actor, m, now);
      const refusal = !opened.open
        ? opened.refusal.kind === 'limit'
          ? 'limit'
          : 'forbidden'
        : left.remaining === 0
          ? 'sim_no_perm'
          : null;
      return {
        book_id: m.id,
        title: m.title,
        sub_title: m.subTitle,
        status: (copies.get(m.id)?.status as BookStatus | undefined) ?? 'NotOpen',
        open_exam_id: mine.find((s) => s.status !== 'Finished')?.id ?? null,
        finished_count: finished.length,
        best_total: totals.length ? Math.max(...totals) : null,
        refusal,
      };
    }),
    remaining: left.remaining,
    period: left.period,
    limit: left.limit,
  };
}
