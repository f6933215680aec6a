import type { Deps } from '../lib/deps.js';
import { EXPORT_JOB, runExport, type ExportJobData } from '../modules/export/index.js';

/**
 * A learner's export: one job per export, retried by the queue after a failure (the handler starts the file over and
 * writes it whole, or does nothing once the export is Done). Old files go with the hourly cleanup (cleanup.ts).
 */
export async function registerExport(deps: Deps): Promise<void> {
  await deps.queue.work<ExportJobData>(EXPORT_JOB, (data, d) => runExport(d, data));
}
