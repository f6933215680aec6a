import { CheckCircleFilled, CloseCircleFilled, EditOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { questionsCopy as c } from '../../i18n/questions.zh-CN';

export type Verdict = 'right' | 'wrong' | 'unanswered' | 'answered';

const VERDICT = {
  right: { icon: <CheckCircleFilled aria-hidden />, text: c.review.correct },
  wrong: { icon: <CloseCircleFilled aria-hidden />, text: c.review.wrong },
  unanswered: { icon: <MinusCircleOutlined aria-hidden />, text: c.review.unanswered },
  answered: { icon: <EditOutlined aria-hidden />, text: c.review.answered },
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
          <CheckCircleFilled aria-hidden />
          {c.review.correctAnswer}
        </span>
      )}
      {chosen && (
        <span className={`gq-mark ${!known ? 'is-neutral' : correct ? 'is-right' : 'is-wrong'}`}>
          {!known ? null : correct ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
          {c.review.yourChoice}
        </span>
      )}
    </span>
  );
}
