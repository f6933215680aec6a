// The exams module's face (decision 018): what other modules may use of it.
export { examsModule } from './exams.routes.js';
// The exam changes' batchers and section cache, one per Deps, built by createDeps (decisions 009, 017).
export { ExamFastPath } from './change-fast.js';
