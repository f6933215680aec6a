import { ESSAY_LIMITS, type CallResponse, type Essay, type essayCalls } from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { hasStaffRole, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { quotaFor, takeEssayJudging } from '../../lib/quota.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { remindEssayJudged } from '../mail/index.js';
import { toEssay, toEssayBrief, machineOf, modelScoreOf } from './essay-view.js';
import { rankAmong } from './judge/index.js';
import { essayLink, sendJudging } from './essays.job.js';
import {
  findEssay,
  gradeEssay,
  listOwnEssays,
  listQueue,
  markQuotaTaken,
  publishJudging,
  rejudge,
  otherScores,
  type EssayWithPrompt,
} from './essays.repository.js';

/** A request body after its schema ran (paging defaults filled). */
type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

type EssayDeps = Pick<Deps, 'database' | 'clock' | 'queue' | 'settings' | 'uow' | 'env'>;

const notFound = () => new AppError('not_found', 'no such essay', '找不到这篇作文');
const pageOf = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** The essay as its learner (or a teacher) reads it, with its rank on the prompt once judged. */
async function view(deps: Pick<Deps, 'database'>, e: EssayWithPrompt): Promise<Essay> {
  const score = e.row.status === 'Finished' ? e.row.score : null;
  const rank =
    score === null ? null : rankAmong(score, await otherScores(deps.database.db, e.row.questionId, e.row.id));
  return toEssay(e, rank);
}

/** An essay the actor may read: their own, or any for a teacher (and an admin). Others are `not_found`. */
async function readable(deps: Pick<Deps, 'database'>, actor: Actor, id: number): Promise<EssayWithPrompt> {
  const e = await findEssay(deps.database.db, id);
  if (!e || (e.row.userId !== actor.user.id && !hasStaffRole(actor.user, 'teacher'))) throw notFound();
  return e;
}

export async function listEssays(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  body: Body<typeof essayCalls.list>,
): Promise<CallResponse<typeof essayCalls.list>> {
  const { limit, offset } = pageOf(body.page, body.page_size);
  const { rows, total } = await listOwnEssays(deps.database.db, actor.user.id, limit, offset);
  return {
    items: rows.map((r) => toEssayBrief(r.row, r.title)),
    page_control: { page: body.page, page_size: body.page_size, total },
  };
}

export async function getEssay(deps: Pick<Deps, 'database'>, actor: Actor, id: number): Promise<{ essay: Essay }> {
  return { essay: await view(deps, await readable(deps, actor, id)) };
}

/**
 * The learner asks for an Empty (quota used up) or Failed essay to be judged again. The first judging of an essay
 * takes one from the role's allowance — refused with `day_overflow` or `limit` and nothing changed — and a retry of one
 * already paid for takes nothing. An essay being judged or judged already is `conflict`.
 */
export async function requestJudging(deps: EssayDeps, actor: Actor, id: number): Promise<{ essay: Essay }> {
  await withUnitOfWork(deps, async (uow) => {
    const e = await findEssay(uow.tx, id);
    if (!e || e.row.userId !== actor.user.id) throw notFound();
    if (e.row.status === 'Judging') throw new AppError('conflict', 'essay is being judged', '这篇作文正在批改中');
    if (e.row.status === 'Finished') throw new AppError('conflict', 'essay already judged', '这篇作文已经批改完成');
    if (!e.row.quotaTaken) {
      const refusal = await takeEssayJudging(
        uow.tx,
        actor,
        quotaFor(actor, await uow.deps.settings.override('quotas')),
        deps.clock.now(),
      );
      if (refusal) throw refusal;
      await markQuotaTaken(uow.tx, id);
    }
    const row = await rejudge(uow.tx, id, actor.user.id, deps.clock.now());
    if (!row) throw new AppError('conflict', 'essay changed meanwhile', '作文状态已变化，请刷新');
    await publishJudging(uow.tx, row);
    uow.afterCommit(() => sendJudging(deps, id));
  });
  return getEssay(deps, actor, id);
}

export async function essayQueue(
  deps: Pick<Deps, 'database'>,
  body: Body<typeof essayCalls.queue>,
): Promise<CallResponse<typeof essayCalls.queue>> {
  const { limit, offset } = pageOf(body.page, body.page_size);
  const { rows, total } = await listQueue(deps.database.db, body.flagged_only, limit, offset);
  return {
    items: rows.map((r) => ({
      ...toEssayBrief(r.row, r.title),
      user_id: r.row.userId,
      user_name: r.userName,
      machine_score: machineOf(r.row)?.score ?? null,
      model_score: modelScoreOf(r.row),
    })),
    page_control: { page: body.page, page_size: body.page_size, total },
  };
}

/**
 * A teacher grades an essay: their score and comment replace the machine's wherever the essay shows (its page, the
 * exam's result, the report), recorded in the audit log with the score before, and the learner gets a mail. An essay
 * still being judged is `conflict` (the job would overwrite nothing, but the teacher should read the machine's notes).
 */
export async function gradeByTeacher(
  deps: EssayDeps,
  actor: Actor,
  body: Body<typeof essayCalls.grade>,
): Promise<{ essay: Essay }> {
  const now = deps.clock.now();
  await withUnitOfWork(deps, async (uow) => {
    const e = await findEssay(uow.tx, body.id);
    if (!e) throw notFound();
    if (e.row.status === 'Judging')
      throw new AppError('conflict', 'essay is being judged', '这篇作文正在机器批改中，请稍后再评');
    const row = await gradeEssay(uow.tx, body.id, actor.user.id, body.score, body.comment, now);
    if (!row) throw notFound();
    await publishJudging(uow.tx, row);
    await recordAudit(uow, actor, {
      action: 'essay/grade',
      targetKind: 'essay',
      targetId: body.id,
      before: { score: e.row.score, teacher_score: e.row.teacherScore, status: e.row.status },
      after: { score: body.score, comment: body.comment.slice(0, ESSAY_LIMITS.comment) },
    });
    await remindEssayJudged(uow.deps, row.userId, row.id, {
      title: e.title,
      score: body.score,
      link: essayLink(row.id),
      by: 'teacher',
    });
  });
  return getEssay(deps, actor, body.id);
}
