import type { Deps } from '../lib/deps.js';
import { registerCleanup } from './cleanup.js';
import { startQueue } from './queue.js';

/** Starts the queue and every job handler; main.ts calls it, tests start what they need themselves. */
export async function startJobs(deps: Deps) {
  const boss = await startQueue(deps.database);
  await registerCleanup(boss, deps.database.db);
  return boss;
}
