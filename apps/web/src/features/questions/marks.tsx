import { CheckCircleFilled, CloseCircleFilled, EditOutlined, MinusCircleOutlined } from './mark-icons';
import { zh } from '../../i18n/zh-CN.study';

const c = zh.questions;

export type Verdict = 'right' | 'wrong' | 'unanswered' | 'answered';

const VERDICT = {
  right: { icon: <CheckCircleFilled />, text: c.review.correct },
  wrong: { icon: <CloseCircleFilled />, text: c.review.wrong },
  unanswered: { icon: <MinusCircleOutlined />, text: c.review.unanswered },
  answered: { icon: <EditOutlined />, text: c.review.answered },
} as const;

/** ui.md: colour is never the only signal — every verdict is an icon and a word. */
export function VerdictMark({ verdict }: { verdict: Verdict }) {
  const v = VERDICT[verdict];
  return (
    <span className={`gq-verdict is-${verdict}`} data-verdict={verdict}>
      {v.icon}
      <span>{v.text}</span>
    </span>
  );
}

/** The marks beside an option in review: the right answer, and the learner's pick (right or wrong). */
export function OptionMarks({ correct, chosen, known }: { correct: boolean; chosen: boolean; known: boolean }) {
  return (
    <span className="gq-marks">
      {known && correct && (
        <span className="gq-mark is-right">
          <CheckCircleFilled />
          {c.review.correctAnswer}
        </span>
      )}
      {chosen && (
        <span className={`gq-mark ${!known ? 'is-neutral' : correct ? 'is-right' : 'is-wrong'}`}>
          {!known ? null : correct ? <CheckCircleFilled /> : <CloseCircleFilled />}
          {c.review.yourChoice}
        </span>
      )}
    </span>
  );
}
