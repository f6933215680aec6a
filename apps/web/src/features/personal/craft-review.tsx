import type { CraftSource } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ViewerModal } from '../../components/viewer-modal';
import { zh } from '../../i18n/zh-CN';
import { DiscussionEntry } from '../posts';
import { emptyAnswer, questionQuery, QuestionView, type BankNames } from '../questions';
import { useWordClick } from '../words';
import { CraftBar } from './craft-bar';
import type { CraftListItem } from './personal-queries';

const r = zh.personal.review;

function ReviewSlot({
  item,
  page,
  sourceName,
}: {
  item: CraftListItem;
  page: CraftSource['page'];
  sourceName: string;
}) {
  const { data: question, isPending, isError } = useQuery(questionQuery(item.question.id, null));
  const onWordClick = useWordClick();
  if (isError) return <Alert type="error" showIcon title={r.loadFailed} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  // The learner's last wrong answer is "their answer" here: the review compares it with the right one.
  const answer = item.craft.wrong?.answer ?? emptyAnswer();
  return (
    <>
      <QuestionView question={question} answer={answer} mode="review" onWordClick={onWordClick} />
      <CraftBar
        target={{
          questionId: item.question.id,
          category: item.question.category,
          source: { name: sourceName, exam_id: null, template_id: null, page },
        }}
        noteOpen
      />
      {question.topic_id !== null && <DiscussionEntry topicId={question.topic_id} questionId={question.id} />}
    </>
  );
}

/** A personal page's questions one at a time in review mode, with the note, reasons and improvement editable in place. */
export function CraftReview({
  items,
  start,
  names,
  page,
  sourceName,
  onClose,
}: {
  items: CraftListItem[];
  start: number;
  names: BankNames;
  page: CraftSource['page'];
  sourceName: string;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const item = items[index];
  if (!item) return null;
  return (
    <ViewerModal
      onCancel={onClose}
      className="gb-viewer"
      title={
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{sourceName}</Typography.Text>
          <Tag>{r.title(index + 1, items.length)}</Tag>
          <Tag color="blue">{names.kind(item.question.kind)}</Tag>
        </Space>
      }
      footer={
        <Space>
          <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {r.prev}
          </Button>
          <Button type="primary" disabled={index >= items.length - 1} onClick={() => setIndex(index + 1)}>
            {r.next}
          </Button>
        </Space>
      }
    >
      <ReviewSlot key={item.question.id} item={item} page={page} sourceName={sourceName} />
    </ViewerModal>
  );
}
