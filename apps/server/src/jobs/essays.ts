import type { Deps } from '../lib/deps.js';
import { ESSAY_JOB, runJudging, sweepJudging, warmJudge, type EssayJobData } from '../modules/essays/index.js';

export const ESSAY_SWEEP_JOB = 'essay.sweep';
const ESSAY_BATCH = 8;

/**
 * Essay judging: one job per essay, retried by the queue after a failure or a run past its time (the run claims the
 * essay again; the last allowed attempt ends Failed). Essays whose job was lost — a server killed mid-run — are sent
 * again by the sweep: once at start, so a restarted server picks up what it dropped, and every five minutes.
 */
export async function registerEssays(deps: Deps): Promise<void> {
  // Eight per fetch: the built-in judge takes milliseconds, and one essay per polling interval (2 s) would let a
  // mock's last section wait behind a queue (bench:essay's latency part measured that ceiling).
  await deps.queue.work<EssayJobData>(ESSAY_JOB, (data, d) => runJudging(d, data), { batchSize: ESSAY_BATCH });
  await deps.queue.work(ESSAY_SWEEP_JOB, (_data, d) => sweepJudging(d));
  await deps.queue.schedule(ESSAY_SWEEP_JOB, '*/5 * * * *');
  await deps.queue.send(ESSAY_SWEEP_JOB, {});
  // The spell checker's dictionary takes about a second to load: at start, not in the first learner's judging.
  warmJudge();
}
