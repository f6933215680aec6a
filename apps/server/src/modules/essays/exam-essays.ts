import type { ExamResult } from '@gre/contracts';
import type { Tx } from '@gre/db';
import type { Deps } from '../../lib/deps.js';
import { unitOf } from '../../lib/unit-of-work.js';
import { sendJudging } from './essays.job.js';
import { essaysOfExam, insertEssays } from './essays.repository.js';

// What the exams module asks of essays: record the essays a graded section leaves, and show their judging in the
// result computed when the exam finishes.

/**
 * The essays a graded writing section leaves, Judging, in the exam's transaction; their jobs go out once it commits
 * (a transaction outside a unit of work, or a server that dies before the send, leaves them to the cleanup's sweep).
 */
export async function recordExamEssays(
  tx: Tx,
  exam: { id: number; userId: number; now: Date },
  written: { questionId: string; answer: string }[],
): Promise<void> {
  const essays = written.filter((w) => w.answer.trim() !== '');
  const ids = await insertEssays(
    tx,
    essays.map((w) => ({
      userId: exam.userId,
      questionId: w.questionId,
      examId: exam.id,
      answer: w.answer,
      now: exam.now,
    })),
  );
  const unit = unitOf(tx);
  const deps = unit?.deps as Partial<Pick<Deps, 'queue' | 'env'>> | undefined;
  const { queue, env } = deps ?? {};
  if (unit && queue && env && ids.length > 0) {
    unit.afterCommit(() => Promise.all(ids.map((id) => sendJudging({ queue, env }, id))));
  }
}

/** The result's essay entry with the judging as it stands (the Issue comes first, so it is often judged already). */
export async function withEssayJudging(
  tx: Tx,
  examId: number,
  issue: ExamResult['issue'],
): Promise<ExamResult['issue']> {
  if (!issue) return issue;
  const [essay] = await essaysOfExam(tx, examId);
  if (!essay) return issue;
  return {
    ...issue,
    status: essay.status as NonNullable<ExamResult['issue']>['status'],
    score: essay.status === 'Finished' ? essay.score : null,
    band:
      essay.status === 'Finished' && essay.bandLow !== null && essay.bandHigh !== null
        ? { low: essay.bandLow, high: essay.bandHigh }
        : null,
    essay_id: essay.id,
  };
}
