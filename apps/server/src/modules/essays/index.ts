// The essays module's face (decision 018): the essay calls, what the exams module records, the judging job.
export { essaysModule } from './essays.routes.js';
export { recordExamEssays, withEssayJudging } from './exam-essays.js';
export { ESSAY_JOB, runJudging, sweepJudging, type EssayJobData } from './essays.job.js';
export { warmSpelling as warmJudge } from './judge/index.js';
