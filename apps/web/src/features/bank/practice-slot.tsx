import { LockOutlined } from '@ant-design/icons';
import { isAnswered, isGradable, type Answer, type ExamItem, type ExamView, type QuestionBrief } from '@gre/contracts';
import { Alert, Button, Result, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { CraftBar } from '../personal';
import { DiscussionEntry } from '../posts';
import { emptyAnswer, QuestionView } from '../questions';
import { useWordClick } from '../words';

const v = zh.bank.viewer;

export function LockedQuestion() {
  return (
    <Result
      icon={<LockOutlined />}
      title={zh.bank.book.lockedPreview}
      extra={
        <Button type="primary" onClick={() => openDialog({ kind: 'public_only' })}>
          {zh.dialogs.publicOnlyTitle}
        </Button>
      }
    />
  );
}

/** What the learner sees under a checked answer: right or wrong, and why nothing more when answers wait. */
function CheckedNote({ item }: { item: ExamItem }) {
  const right = item.result?.correct === true;
  const shown = item.question.standard_answer !== null;
  // An essay or a word card has no right or wrong: it is kept, not graded.
  const graded = isGradable(item.question.input_method.kind);
  return (
    <Alert
      type={!shown || !graded ? 'info' : right ? 'success' : 'error'}
      showIcon
      title={!shown ? v.checkedNoAnswer : !graded ? v.recorded : right ? v.right : v.wrong}
      description={!shown ? (item.question.answers_held ? v.heldInExam : v.noAnswerYet) : undefined}
    />
  );
}

/**
 * One question of a practice: answered as in an exam (each change saved), checked on demand — then graded and
 * recorded by the server and shown with its explanation and the craft bar.
 */
export function PracticeSlot({
  brief,
  item,
  exam,
  bookId,
  opened,
  onAnswer,
  onCheck,
  nav,
}: {
  brief: QuestionBrief;
  /** The practice's item for this question; null when the list shows one the practice does not hold (locked). */
  item: ExamItem | null;
  exam: ExamView;
  bookId: string | null;
  /** False while the server has not let the learner open it (the daily quota refused). */
  opened: boolean;
  onAnswer: (a: Answer) => void;
  onCheck: (a: Answer) => Promise<boolean>;
  nav: ReactNode;
}) {
  const onWordClick = useWordClick();
  const [checking, setChecking] = useState(false);
  const bar = (left: ReactNode) => (
    <div className="gb-viewer-bar">
      <div>{left}</div>
      {nav}
    </div>
  );
  if (!brief.accessable || !item)
    return (
      <>
        <LockedQuestion />
        {bar(null)}
      </>
    );
  if (!opened)
    return (
      <>
        <Alert type="warning" showIcon title={v.refused} />
        {bar(null)}
      </>
    );
  const answer = item.action.answer ?? emptyAnswer();
  const checked = item.action.checked === true;
  const kind = item.question.input_method.kind;
  const canCheck = isAnswered(kind, answer);
  const check = async () => {
    setChecking(true);
    await onCheck(answer);
    setChecking(false);
  };
  return (
    <>
      <QuestionView
        question={item.question}
        answer={answer}
        onAnswer={checked ? undefined : onAnswer}
        mode={checked && item.question.standard_answer !== null ? 'review' : 'answer'}
        disabled={checked}
        onWordClick={onWordClick}
        showWordCount
      />
      {checked && <CheckedNote item={item} />}
      {checked && item.question.standard_answer !== null && (
        <CraftBar
          target={{
            questionId: item.question.id,
            category: item.question.category,
            source: { name: exam.name, exam_id: exam.id, template_id: bookId, page: 'Exercise' },
          }}
        />
      )}
      {/* Comments discuss answers: the thread opens once this question is checked, as the explanation does. */}
      {checked && item.question.topic_id !== null && (
        <DiscussionEntry topicId={item.question.topic_id} questionId={item.question.id} />
      )}
      {bar(
        checked ? null : (
          <Space>
            <Button
              type="primary"
              loading={checking}
              disabled={!canCheck}
              onClick={() => void check()}
              title={canCheck ? undefined : v.answerFirst}
            >
              {v.check}
            </Button>
          </Space>
        ),
      )}
    </>
  );
}
