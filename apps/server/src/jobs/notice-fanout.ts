import type { Deps } from '../lib/deps.js';
import { fanOutNotice, NOTICE_FANOUT_JOB, type NoticeFanoutData } from '../modules/mail/index.js';

/**
 * A notice's copies, a batch of users per job: each job writes its batch, then sends the job for the next one. A job
 * killed and retried redoes at most its own batch, whose copies the unique (user_id, notice_id) keeps from doubling.
 */
export async function registerNoticeFanout(deps: Deps): Promise<void> {
  await deps.queue.work<NoticeFanoutData>(NOTICE_FANOUT_JOB, (data, d) => fanOutNotice(d, data));
}
