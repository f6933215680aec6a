import { essayShownState, type ExamResult } from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
// The essay's own copy comes with this lazy card, not with the exam screen's first load (bench:web).
import { essayCopy as ec } from '../../i18n/zh-CN.essay';
import { zh } from '../../i18n/zh-CN.study';
import { essayQuery, useJudgeEssay } from '../essays';
import { examKeys } from './exam-queries';
import './result-issue.css';

const t = zh.exam.result;

type Issue = NonNullable<ExamResult['issue']>;

/** Written but not judged (the judging allowance was used up) reads 未批改, not 未作答. */
export const issueState = essayShownState;

/**
 * The result's Analytical Writing card by the essay's judging state: 评分中 with its progress (the result is read again
 * every few seconds, exam-queries.ts); the score with its band, or 老师评分, and the way to the full judging; 未批改 or
 * 评分失败 with the reason and 申请批改 / 重新批改 (a quota refusal opens the catalogue's dialog).
 */
export function IssueScore({ examId, issue }: { examId: number; issue: Issue }) {
  const qc = useQueryClient();
  const written = issue.words > 0;
  const state = issueState(issue.status, written);
  const id = issue.essay_id ?? null;
  // The result carries the score; the essay itself is read for what the result lacks: progress, the reason, and
  // whether the score is a teacher's (a band's width cannot tell: input held to 0 has a band of 0–0 too).
  const details = useQuery({ ...essayQuery(id ?? 0), enabled: id !== null && written });
  const judge = useJudgeEssay(() => void qc.invalidateQueries({ queryKey: examKeys.result(examId) }));
  const essay = details.data;
  const score = issue.status === 'Finished' ? (issue.score ?? null) : null;
  const teacher = score !== null && essay?.status === 'Finished' && essay.score_source === 'teacher';
  // Until the essay says whose score it is, a band of one point is left out rather than guessed at.
  const band = teacher || !issue.band || (!essay && issue.band.low === issue.band.high) ? null : issue.band;
  const canAsk = id !== null && written && (issue.status === 'Empty' || issue.status === 'Failed');
  const note = teacher ? t.issueNote.Teacher : t.issueNote[state];
  return (
    <div className="ge-score is-issue">
      <div className="ge-score-label">{t.issueTitle}</div>
      <div className={score === null ? 'ge-score-status' : 'ge-score-status is-small'}>{t.issueStatus[state]}</div>
      {score !== null && (
        <>
          <div className="ge-score-value" aria-label={ec.scoreAria(score, band, teacher)}>
            {ec.score(score)}
          </div>
          {band ? (
            <div className="ge-score-band">{ec.band(band.low, band.high)}</div>
          ) : (
            teacher && <div className="ge-score-band">{ec.teacherScored}</div>
          )}
        </>
      )}
      {written && <div className="ge-muted">{t.words(issue.words)}</div>}
      {issue.status === 'Judging' && essay?.status === 'Judging' && (
        <div
          className="ge-issue-progress"
          role="progressbar"
          aria-valuenow={essay.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={ec.progress(essay.progress)}
        >
          <span style={{ width: `${essay.progress}%` }} />
        </div>
      )}
      <p className="ge-muted ge-small">{note}</p>
      {canAsk && essay?.error && <p className="ge-small ge-issue-reason">{essay.error}</p>}
      {canAsk && (
        <button
          type="button"
          className="ge-button is-primary"
          disabled={judge.isPending}
          onClick={() => id !== null && judge.mutate(id)}
        >
          {issue.status === 'Failed' ? ec.rejudge : ec.judge}
        </button>
      )}
      {id !== null && written && issue.status === 'Finished' && (
        <Link className="ge-issue-link" to={`/idea?essay=${id}`}>
          {t.issueDetail}
        </Link>
      )}
    </div>
  );
}
