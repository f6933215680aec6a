/**
 * The essays feature's face (issue 17): an essay's queries and calls (the learner's list, one essay polled while it is
 * judged, 申请批改, the teachers' queue and grading), the review of one essay (score and band, the text with the
 * commented sentences marked, the comments by dimension), its score and status tag. /idea's 我的作文 and /operate's
 * 作文批改 show them; the exam result only uses the queries, keeping its own plain markup.
 */
export {
  ESSAY_PAGE_SIZE,
  ESSAY_POLL_MS,
  essayKeys,
  essayListQuery,
  essayQuery,
  essayQueueQuery,
  useGradeEssay,
  useJudgeEssay,
} from './essay-queries';
export { essayRuns, type EssayRun } from './essay-marks';
export { EssayReview, EssayText } from './essay-review';
export { EssayScore, EssayStatusTag, isTeacherScore } from './essay-score';
