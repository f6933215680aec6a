import { LockOutlined } from '@ant-design/icons';
import { isAnswered, type Answer, type QuestionBrief } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ViewerModal } from '../../components/viewer-modal';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { CraftBar } from '../personal';
import { emptyAnswer, questionQuery, QuestionView, type BankNames } from '../questions';
import { useWordClick } from '../words';

const v = zh.bank.viewer;

export interface PracticeList {
  /** The questions in order, as the list showed them. */
  items: QuestionBrief[];
  /** Opened inside this book (its access applies), or from the big bank. */
  bookId: string | null;
  title: string;
}

interface Progress {
  answers: Record<string, Answer>;
  checked: Record<string, boolean>;
}

function LockedQuestion() {
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

function QuestionSlot({
  brief,
  bookId,
  title,
  progress,
  setProgress,
  nav,
}: {
  brief: QuestionBrief;
  bookId: string | null;
  title: string;
  progress: Progress;
  setProgress: (p: Progress) => void;
  nav: ReactNode;
}) {
  const {
    data: question,
    isPending,
    isError,
  } = useQuery({ ...questionQuery(brief.id, bookId), enabled: brief.accessable });
  const onWordClick = useWordClick();
  const bar = (left: ReactNode) => (
    <div className="gb-viewer-bar">
      <div>{left}</div>
      {nav}
    </div>
  );
  if (!brief.accessable)
    return (
      <>
        <LockedQuestion />
        {bar(null)}
      </>
    );
  if (isError)
    return (
      <>
        <Alert type="error" showIcon title={v.loadFailed} />
        {bar(null)}
      </>
    );
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const answer = progress.answers[brief.id] ?? emptyAnswer();
  const checked = progress.checked[brief.id] === true;
  const canCheck = question.standard_answer !== null;
  const kind = question.input_method.kind;
  const check = () => setProgress({ ...progress, checked: { ...progress.checked, [brief.id]: !checked } });
  return (
    <>
      <QuestionView
        question={question}
        answer={answer}
        onAnswer={(a) => setProgress({ ...progress, answers: { ...progress.answers, [brief.id]: a } })}
        mode={checked && canCheck ? 'review' : 'answer'}
        onWordClick={onWordClick}
        showWordCount
      />
      {checked && canCheck && (
        <CraftBar
          target={{
            questionId: brief.id,
            category: brief.category,
            source: { name: title, exam_id: null, template_id: bookId, page: 'Exercise' },
          }}
        />
      )}
      {bar(
        !canCheck ? (
          <Alert type="info" showIcon title={question.answers_held ? v.heldInExam : v.noAnswerYet} />
        ) : (
          <Button
            type={checked ? 'default' : 'primary'}
            disabled={!checked && !isAnswered(kind, answer)}
            onClick={check}
            title={isAnswered(kind, answer) ? undefined : v.answerFirst}
          >
            {checked ? v.retry : v.check}
          </Button>
        ),
      )}
    </>
  );
}

/**
 * Practice through a list of questions one at a time, as a large dialog: answer, check the answer (review mode with the
 * explanation) when the viewer may see it, move back and forth. Answers live only in this dialog: timed, recorded
 * practice is an exam.
 */
export function PracticeViewer({
  list,
  start,
  names,
  onClose,
}: {
  list: PracticeList;
  start: number;
  names: BankNames;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const [progress, setProgress] = useState<Progress>({ answers: {}, checked: {} });
  const brief = list.items[index];
  if (!brief) return null;
  const n = list.items.length;
  const nav = (
    <Space>
      <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
        {v.prev}
      </Button>
      <Button type="primary" disabled={index >= n - 1} onClick={() => setIndex(index + 1)}>
        {v.next}
      </Button>
    </Space>
  );
  return (
    <ViewerModal
      onCancel={onClose}
      className="gb-viewer"
      title={
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{list.title}</Typography.Text>
          <Tag>{v.progress(index + 1, n)}</Tag>
          <Tag color="blue">{names.kind(brief.kind)}</Tag>
          <Tag>{names.difficulty(brief.difficulty)}</Tag>
        </Space>
      }
      footer={null}
    >
      <QuestionSlot
        key={brief.id}
        brief={brief}
        bookId={list.bookId}
        title={list.title}
        progress={progress}
        setProgress={setProgress}
        nav={nav}
      />
    </ViewerModal>
  );
}
