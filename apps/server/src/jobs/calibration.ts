import type { Deps } from '../lib/deps.js';
import { runCalibration } from '../modules/calibration/index.js';

export const CALIBRATION_JOB = 'questions.calibrate';

/** Hourly, once across instances: the difficulty model refitted on every first graded answer (docs/calibration.md). */
export async function registerCalibration(deps: Deps): Promise<void> {
  await deps.queue.work(CALIBRATION_JOB, (_data, d) => runCalibration(d));
  await deps.queue.schedule(CALIBRATION_JOB, '23 * * * *');
}
