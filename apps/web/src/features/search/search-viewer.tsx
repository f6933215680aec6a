import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Tag, Typography } from 'antd';
import { ViewerModal } from '../../components/viewer-modal';
import { zh } from '../../i18n/zh-CN';
import { CraftBar } from '../personal';
import { DiscussionEntry } from '../posts';
import { emptyAnswer, questionQuery, QuestionView } from '../questions';
import { useWordClick } from '../words';

const s = zh.search;

export interface OpenedResult {
  id: string;
  category: number;
  tags: string[];
}

/**
 * A search result in review mode (answer and explanation shown), with the learner's marks. Spec: the search label
 * becomes the craft source name, so a collect or note made here records {name: the query, page: 'Search'}.
 */
export function SearchViewer({ result, query, onClose }: { result: OpenedResult; query: string; onClose: () => void }) {
  const { data: question, isPending, isError } = useQuery(questionQuery(result.id, null));
  const onWordClick = useWordClick();
  return (
    <ViewerModal
      onCancel={onClose}
      className="gs-viewer"
      footer={null}
      title={
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{s.viewerTitle(query)}</Typography.Text>
          {result.tags.slice(0, 3).map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </Space>
      }
    >
      {isError ? (
        <Alert type="error" showIcon title={s.loadFailed} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <CraftBar
            target={{
              questionId: result.id,
              category: result.category,
              source: { name: query.slice(0, 120), exam_id: null, template_id: null, page: 'Search' },
            }}
          />
          <QuestionView question={question} answer={emptyAnswer()} mode="review" onWordClick={onWordClick} />
          {question.topic_id !== null && <DiscussionEntry topicId={question.topic_id} questionId={question.id} />}
        </>
      )}
    </ViewerModal>
  );
}
