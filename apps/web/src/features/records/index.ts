/**
 * The records feature's face: creating an exam (the bank's 组卷练习 and 计时练习 buttons, the hook personal practice
 * goes through), the exam list and its status tag (home), and the report's series types (the analyze trend draws
 * with the report's chart, loaded lazily by path).
 */
export { FilterExamButton, TimedPracticeButton } from './create-exam-dialog';
export { ExamStatusTag } from './exam-labels';
export { examListQuery, subjectOfCategory, useCreateExam } from './records-queries';
export type { Metric, ReportPoint } from './report-series';
