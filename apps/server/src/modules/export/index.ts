// The export module's face (decision 018): the learner's own data export, its job and its cleanup.
export { exportModule } from './export.routes.js';
export { EXPORT_JOB, runExport, type ExportJobData } from './export.job.js';
export { purgeExports } from './export.service.js';
