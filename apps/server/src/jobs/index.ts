import type { Deps } from '../lib/deps.js';
import { registerCalibration } from './calibration.js';
import { registerCleanup } from './cleanup.js';
import { registerEssays } from './essays.js';
import { registerExport } from './export.js';
import { registerNoticeFanout } from './notice-fanout.js';
import { registerPaySweep } from './pay-sweep.js';
import { registerReminders } from './reminders.js';

/**
 * Registers every job handler and schedule on `deps.queue` (which starts pg-boss then); main.ts calls it, tests
 * register what they need themselves. `deps.queue.close()` stops them.
 */
export async function startJobs(deps: Deps): Promise<void> {
  await registerCleanup(deps);
  await registerPaySweep(deps);
  await registerNoticeFanout(deps);
  await registerReminders(deps);
  await registerExport(deps);
  await registerEssays(deps);
  await registerCalibration(deps);
}
