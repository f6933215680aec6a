import { CommentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { openChat } from '../../state/ui';
import { postQuery } from './posts-queries';

/**
 * "讨论 (n)" under a reviewed question: opens the chat dialog on its thread (and the 助教 tab on the question). The count is the thread's first page,
 * which the dialog then shows without asking again.
 */
export function DiscussionEntry({ topicId, questionId }: { topicId: number; questionId: string }) {
  const { data } = useQuery(postQuery(topicId));
  return (
    <Button icon={<CommentOutlined />} onClick={() => openChat(topicId, questionId)}>
      {postsCopy.entry(data?.comment_count ?? null)}
    </Button>
  );
}
