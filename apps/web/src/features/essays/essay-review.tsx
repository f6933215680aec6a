import { ESSAY_DIMENSIONS, type Essay } from '@gre/contracts';
import { Alert, Button, Card, Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shanghaiDateTime } from '../../components/format';
import { essayCopy } from '../../i18n/zh-CN.essay';
import { RichText } from '../questions';
import { essayRuns } from './essay-marks';
import { EssayScore, EssayStatusTag, isTeacherScore } from './essay-score';
import { useJudgeEssay } from './essay-queries';
import './essays.css';

const c = essayCopy;

/**
 * The essay as text runs, the sentences the comments refer to marked; the chosen comment's stand out. Always text
 * nodes: whatever the learner typed (tags, scripts) shows as typed.
 */
export function EssayText({ essay, active }: { essay: Pick<Essay, 'answer' | 'comments'>; active: number | null }) {
  const box = useRef<HTMLDivElement>(null);
  const runs = useMemo(
    () =>
      essayRuns(
        essay.answer,
        essay.comments.map((x) => x.ranges),
      ),
    [essay],
  );
  useEffect(() => {
    // On a phone the comments sit under the text: bring the chosen comment's first sentence into view.
    if (active !== null) box.current?.querySelector('mark.is-active')?.scrollIntoView?.({ block: 'center' });
  }, [active]);
  return (
    <div ref={box} className="ges-text" lang="en">
      {runs.map((run) => {
        if (run.marks.length === 0) return <span key={run.start}>{run.text}</span>;
        const state = active === null ? '' : run.marks.includes(active) ? 'is-active' : 'is-dim';
        return (
          <mark key={run.start} className={state}>
            {run.text}
          </mark>
        );
      })}
    </div>
  );
}

/** The judges' comments by rubric dimension; choosing one marks its sentences in the text. */
function Comments({
  essay,
  active,
  onActive,
}: {
  essay: Essay;
  active: number | null;
  onActive: (i: number | null) => void;
}) {
  if (essay.comments.length === 0) return <Typography.Text type="secondary">{c.noComments}</Typography.Text>;
  const indexed = essay.comments.map((comment, i) => ({ comment, i }));
  return (
    <div className="ges-comments">
      <Typography.Text type="secondary" className="ges-hint">
        {c.highlightHint}
      </Typography.Text>
      {ESSAY_DIMENSIONS.map((dim) => {
        const mine = indexed.filter((x) => x.comment.dimension === dim);
        if (mine.length === 0) return null;
        return (
          <section key={dim} className="ges-dimension" aria-label={c.dimensions[dim]}>
            <Typography.Title level={5} className="ges-dimension-title">
              {c.dimensions[dim]}
            </Typography.Title>
            {mine.map(({ comment, i }) => (
              <button
                key={i}
                type="button"
                className={active === i ? 'ges-comment is-active' : 'ges-comment'}
                aria-pressed={active === i}
                title={comment.ranges.length > 0 ? c.showRanges(c.dimensions[dim]!) : undefined}
                onClick={() => onActive(active === i ? null : i)}
              >
                <Tag color={comment.judge === 'model' ? 'purple' : 'blue'}>{c.judges[comment.judge]}</Tag>
                <span className="ges-comment-text">{comment.text}</span>
              </button>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** Where the judging stands: the score and band, the progress, or why it is not judged (and the learner's retry). */
function Summary({ essay, learner }: { essay: Essay; learner: boolean }) {
  const judge = useJudgeEssay();
  const teacher = essay.status === 'Finished' && isTeacherScore(essay);
  return (
    <Card size="small" className="ges-summary">
      <Space wrap size={[12, 8]} align="center">
        <EssayStatusTag status={essay.status} />
        <Typography.Text type="secondary">{c.words(essay.words)}</Typography.Text>
        {essay.judged_stamp !== null && (
          <Typography.Text type="secondary">{shanghaiDateTime(essay.judged_stamp)}</Typography.Text>
        )}
      </Space>
      {essay.status === 'Finished' && (
        <div className="ges-summary-score">
          <EssayScore essay={essay} />
          <div className="ges-summary-facts">
            {essay.score_source && !teacher && <Typography.Text>{c.sources[essay.score_source]}</Typography.Text>}
            {essay.rank && <Typography.Text>{c.rank(essay.rank)}</Typography.Text>}
            {!teacher && <Typography.Text type="secondary">{c.bandNote}</Typography.Text>}
          </div>
        </div>
      )}
      {essay.status === 'Finished' && essay.needs_teacher && !teacher && (
        <Alert type="info" showIcon title={c.needsTeacherHint} className="ges-alert" />
      )}
      {essay.status === 'Judging' && (
        <div className="ges-judging" aria-live="polite">
          <Progress percent={essay.progress} size="small" aria-label={c.progress(essay.progress)} />
          <Typography.Text type="secondary">{c.judgingHint}</Typography.Text>
        </div>
      )}
      {(essay.status === 'Empty' || essay.status === 'Failed') && (
        <Alert
          className="ges-alert"
          type={essay.status === 'Failed' ? 'error' : 'warning'}
          showIcon
          title={essay.error ?? (essay.status === 'Failed' ? c.failedReason : c.emptyReason)}
          action={
            learner && essay.words > 0 ? (
              <Button type="primary" loading={judge.isPending} onClick={() => judge.mutate(essay.id)}>
                {essay.status === 'Failed' ? c.rejudge : c.judge}
              </Button>
            ) : undefined
          }
        />
      )}
      {essay.notes.length > 0 && (
        <div className="ges-notes">
          <Typography.Text strong>{c.notes}</Typography.Text>
          <ul>
            {essay.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function TeacherCard({ teacher }: { teacher: NonNullable<Essay['teacher']> }) {
  return (
    <Card size="small" title={c.teacher.title} className="ges-teacher">
      <EssayScore essay={{ score: teacher.score, band: null, score_source: 'teacher' }} compact />
      <Typography.Paragraph className="ges-teacher-comment">{teacher.comment}</Typography.Paragraph>
      <Typography.Text type="secondary">{c.teacher.by(teacher.name, shanghaiDateTime(teacher.stamp))}</Typography.Text>
    </Card>
  );
}

/**
 * One essay with its judging: the summary, the teacher's grading when there is one, the prompt and the text with the
 * commented sentences marked beside the comments by dimension. `learner` offers 申请批改 / 重新批改; `aside` goes under
 * the comments (the teacher's grading form).
 */
export function EssayReview({ essay, learner = false, aside }: { essay: Essay; learner?: boolean; aside?: ReactNode }) {
  const [active, setActive] = useState<number | null>(null);
  return (
    <div className="ges-review">
      <Summary essay={essay} learner={learner} />
      {essay.teacher && <TeacherCard teacher={essay.teacher} />}
      <div className="ges-body">
        <div className="ges-main">
          <Card size="small" title={c.prompt} className="ges-prompt">
            <RichText text={essay.prompt} lang="en" />
          </Card>
          <Card size="small" title={c.essayText}>
            <EssayText essay={essay} active={active} />
          </Card>
        </div>
        <div className="ges-side">
          <Card size="small" title={c.comments}>
            <Comments essay={essay} active={active} onActive={setActive} />
          </Card>
          {aside}
        </div>
      </div>
    </div>
  );
}
