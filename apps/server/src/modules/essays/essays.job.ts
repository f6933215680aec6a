import { combineEssayScores, ESSAY_LIMITS } from '@gre/contracts';
import type { ModelJudge } from '../../adapters/essay-judge/index.js';
import { effectiveRole, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { quotaFor, takeEssayJudging } from '../../lib/quota.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { remindEssayJudged } from '../mail/index.js';
import type { StoredMachine, StoredModel } from './essay-view.js';
import {
  claimJudging,
  endJudging,
  findEssay,
  findUserRow,
  markQuotaTaken,
  publishJudging,
  setProgress,
  staleJudging,
  type EssayRow,
} from './essays.repository.js';
import { judgeIssueEssay } from './machine-judge.js';

export const ESSAY_JOB = 'essay.judge';
export interface EssayJobData {
  id: number;
}

/** Where a learner reads an essay's judging: the writing page opens it. */
export const essayLink = (id: number) => `/idea?essay=${id}`;

/** What the learner reads when judging kept failing; they may ask again. */
export const ESSAY_FAILED_TEXT = '批改时出错，请稍后点击「重新批改」；多次失败请联系客服。';
type TimingEnv = Pick<Deps['env'], 'ESSAY_JUDGE_TIMEOUT_MS' | 'ESSAY_STALE_SECONDS'>;

/** The longest a run may take: the model's timeout and a minute for the built-in judge and the writes. */
export const essayRunSeconds = (env: TimingEnv) => Math.ceil(env.ESSAY_JUDGE_TIMEOUT_MS / 1000) + 60;

/**
 * A Judging essay untouched this long lost its run (never sent, or the server died mid-run): the sweep sends it
 * again. A run touches its essay when it starts and again before asking the model, so twice the longest run is safe.
 */
export const essayStaleSeconds = (env: TimingEnv) => env.ESSAY_STALE_SECONDS ?? 2 * essayRunSeconds(env);

/** Sends an essay's judging job; one at a time per essay (a second send while it waits is dropped). */
export async function sendJudging(deps: Pick<Deps, 'queue' | 'env'>, id: number): Promise<void> {
  await deps.queue.send(ESSAY_JOB, { id } satisfies EssayJobData, {
    singletonKey: String(id),
    retryLimit: ESSAY_LIMITS.attempts - 1,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: essayRunSeconds(deps.env),
  });
}

/** The judges a run asks: the built-in one always, the configured model when there is one. */
export interface Judges {
  machine: (essay: string, prompt: string) => Promise<StoredMachine>;
  model: ModelJudge | null;
}

/** The model's opinion, or why it gave none: a model that fails or hangs never fails the judging. */
async function askModel(model: ModelJudge, essay: string, prompt: string): Promise<StoredModel> {
  try {
    const out = await model.judge({ essay, prompt });
    return {
      score: out.score,
      model: out.model,
      comments: out.comments.map((c) => ({ dimension: c.dimension, text: c.text })),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message.slice(0, 300) : 'model judge failed' };
  }
}

/** The learner as the quota sees them when the job, not a call, takes the judging. */
async function ownerOf(deps: Pick<Deps, 'database' | 'clock'>, userId: number): Promise<Actor | null> {
  const user = await findUserRow(deps.database.db, userId);
  return user ? { user, sessionId: 0, deviceId: '', role: effectiveRole(user, deps.clock.now()) } : null;
}

/**
 * Takes the essay's judging from its learner's allowance the first time it runs. A learner out of judgings gets the
 * essay back Empty with the reason (they can ask again tomorrow or after upgrading); true when the run may go on.
 */
async function payForJudging(deps: Deps, row: EssayRow): Promise<boolean> {
  if (row.quotaTaken) return true;
  const owner = await ownerOf(deps, row.userId);
  if (!owner) return false;
  const now = deps.clock.now();
  return withUnitOfWork(deps, async (uow) => {
    if (!(await markQuotaTaken(uow.tx, row.id))) return true;
    const refusal = await takeEssayJudging(
      uow.tx,
      owner,
      quotaFor(owner, await uow.deps.settings.override('quotas')),
      now,
    );
    if (!refusal) return true;
    const empty = await endJudging(uow.tx, row.id, { status: 'Empty', error: refusal.show, quotaTaken: false }, now);
    if (empty) await publishJudging(uow.tx, empty);
    return false;
  });
}

/** The reported score's band: the machine's honest width around whatever score is reported. */
function bandAround(score: number, machine: StoredMachine) {
  const below = machine.score - machine.band.low;
  const above = machine.band.high - machine.score;
  return { bandLow: Math.max(0, score - below), bandHigh: Math.min(6, score + above) };
}

/**
 * Judges one essay (at least once delivery: a run of an essay no longer Judging does nothing). Judging → Finished
 * with both judges' results, the combined score and its band, copied to the exam's result and the craft, and a mail —
 * all in one transaction. A run that throws is retried by the queue; the last allowed attempt ends Failed instead.
 */
export async function runJudging(deps: Deps, data: EssayJobData, judges?: Judges) {
  const db = deps.database.db;
  const row = await claimJudging(db, data.id, deps.clock.now());
  if (!row) return { skipped: true };
  try {
    if (!(await payForJudging(deps, row))) return { skipped: true };
    const essay = await findEssay(db, row.id);
    if (!essay) return { skipped: true };
    const use = judges ?? { machine: judgeIssueEssay, model: deps.essayJudge };
    const machine = await use.machine(row.answer, essay.prompt);
    await setProgress(db, row.id, 50, deps.clock.now());
    const model = use.model ? await askModel(use.model, row.answer, essay.prompt) : null;
    const modelScore = model && 'score' in model ? model.score : null;
    const combined = combineEssayScores({ machine: machine.score, model: modelScore, teacher: null });
    const score = combined.score ?? machine.score;
    const now = deps.clock.now();
    await withUnitOfWork(deps, async (uow) => {
      const done = await endJudging(
        uow.tx,
        row.id,
        {
          status: 'Finished',
          machine,
          model,
          score,
          ...bandAround(score, machine),
          needsTeacher: combined.needsTeacher || machineNeedsTeacher(machine),
          error: null,
        },
        now,
      );
      if (!done) return;
      await publishJudging(uow.tx, done);
      await remindEssayJudged(uow.deps, done.userId, done.id, { title: essay.title, score, link: essayLink(done.id) });
    });
    return { skipped: false };
  } catch (error) {
    if (row.attempts < ESSAY_LIMITS.attempts) throw error;
    const failed = await endJudging(db, row.id, { status: 'Failed', error: ESSAY_FAILED_TEXT }, deps.clock.now());
    if (failed) await publishJudging(db, failed);
    return { skipped: false, failed: true };
  }
}

/** Input the machine cannot judge fairly: a teacher reads it too (a blank essay needs no one). */
const TEACHER_FLAGS = new Set(['not_english', 'prompt_copied', 'off_topic', 'repetitive']);
function machineNeedsTeacher(machine: StoredMachine): boolean {
  return machine.flags.some((f) => TEACHER_FLAGS.has(f));
}

/**
 * Judging essays whose job was lost (the server died between the commit and the send, or mid-run) are sent again;
 * one that has used its attempts ends Failed. Returns how many of each. Runs at start and every five minutes.
 */
export async function sweepJudging(deps: Deps): Promise<{ resent: number; failed: number }> {
  const now = deps.clock.now();
  const stale = await staleJudging(deps.database.db, now, essayStaleSeconds(deps.env), 500);
  let resent = 0;
  let failed = 0;
  for (const row of stale) {
    if (row.attempts >= ESSAY_LIMITS.attempts) {
      const ended = await endJudging(deps.database.db, row.id, { status: 'Failed', error: ESSAY_FAILED_TEXT }, now);
      if (ended) await publishJudging(deps.database.db, ended);
      failed += 1;
    } else {
      await sendJudging(deps, row.id);
      resent += 1;
    }
  }
  return { resent, failed };
}
