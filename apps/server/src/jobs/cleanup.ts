import type { Deps } from '../lib/deps.js';
import { purgeExports } from '../modules/export/index.js';
import { deleteExpired } from './cleanup.repository.js';

export const CLEANUP_JOB = 'maintenance.cleanup';

/** Deletes verification codes a day past expiry and sessions a month past expiry or revocation; safe to run twice. */
export async function cleanupExpired(
  deps: Pick<Deps, 'database' | 'clock'>,
): Promise<{ codes: number; sessions: number }> {
  return deleteExpired(deps.database.db, deps.clock.now());
}

export async function registerCleanup(deps: Deps): Promise<void> {
  // Learners' exports past their days (modules/export) go in the same hourly run.
  await deps.queue.work(CLEANUP_JOB, (_data, d) => Promise.all([cleanupExpired(d), purgeExports(d)]));
  await deps.queue.schedule(CLEANUP_JOB, '17 * * * *');
}
