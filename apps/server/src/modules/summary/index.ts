// The summary module's face (decision 018): what other modules may use of it.
export { summaryModule } from './summary.routes.js';
export { reviewAllowance } from './summary.service.js';
export { recordSectionStudy, recordWordsAdded } from './study.js';
