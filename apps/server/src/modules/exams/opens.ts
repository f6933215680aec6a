import type { Tx } from '@gre/db';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { checkQuestionRoom, openQuestions, quotaFor, takeSimulation } from '../../lib/quota.js';
import type { LockedExam } from './change.repository.js';
import { sectionNeeds } from './exams.repository.js';

/**
 * The daily quota inside exams (product.md: a question counts when the learner first opens it that day). A change
 * that lands on a question never shown in this exam opens it; a running mock counts without a limit, because its
 * room was checked when it started and a timed section never stops for a quota.
 */
type QuotaDeps = Pick<Deps, 'settings'>;

const quotaOf = async (deps: QuotaDeps, actor: Actor) => quotaFor(actor, await deps.settings.override('quotas'));

/** Opens the item the locked exam names, if this is the first time it is shown. */
export async function openLockedItem(deps: QuotaDeps, tx: Tx, actor: Actor, ex: LockedExam): Promise<void> {
  const item = ex.item;
  if (!item || item.state !== 'NotEncountered') return;
  const target = { questionId: item.questionId, category: item.category };
  await openQuestions(tx, actor, await quotaOf(deps, actor), [target], ex.now, ex.kind === 'simulate');
}

/**
 * Starting an exam: a mock takes one simulation and needs room today for all its questions (checked again, the day
 * may have moved on since it was created); every exam then opens its first question, except untimed practice with
 * checked answers, which opens the one the learner goes to.
 */
export async function openOnStart(deps: QuotaDeps, tx: Tx, actor: Actor, ex: LockedExam): Promise<void> {
  const quota = await quotaOf(deps, actor);
  if (ex.kind === 'simulate') {
    await checkQuestionRoom(tx, actor, quota, await sectionNeeds(tx, ex.id), ex.now);
    await takeSimulation(tx, actor, quota, ex.now);
  }
  if (!ex.check) await openLockedItem(deps, tx, actor, ex);
}
