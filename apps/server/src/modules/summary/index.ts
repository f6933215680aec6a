// The summary module's face (decision 018): what other modules may use of it.
export { summaryModule } from './summary.routes.js';
export { avgScore, exercise, getDaily, reviewAllowance, totalScore } from './summary.service.js';
export { recordSectionStudy, recordWordsAdded } from './study.js';
