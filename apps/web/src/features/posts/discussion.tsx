import { BellFilled, BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { CommentItem } from './comment-item';
import { Composer } from './composer';
import { postQuery, useSubscribe, type CommentSort } from './posts-queries';
import './posts.css';

const t = postsCopy;

function SubscribeButton({ topicId, subscribed }: { topicId: number; subscribed: boolean }) {
  const { message } = App.useApp();
  const subscribe = useSubscribe(topicId);
  return (
    <Button
      icon={subscribed ? <BellFilled /> : <BellOutlined />}
      aria-pressed={subscribed}
      aria-label={subscribed ? t.unsubscribe : t.subscribe}
      loading={subscribe.isPending}
      onClick={() =>
        subscribe.mutate(!subscribed, {
          onSuccess: (res) => void message.success(res.subscribed ? t.subscribed : t.unsubscribed),
        })
      }
    >
      {subscribed ? t.unsubscribe : t.subscribe}
    </Button>
  );
}

/**
 * A question's discussion (`topic_id`): the count, 最新 / 最热, 关注, the composer, the top-level comments a page at a
 * time with their replies.
 */
export function Discussion({ topicId }: { topicId: number }) {
  const [sort, setSort] = useState<CommentSort>('new');
  const [page, setPage] = useState(1);
  const { data: post, isPending, error, refetch, isFetching } = useQuery(postQuery(topicId, sort, page));
  const changeSort = (next: CommentSort) => {
    setSort(next);
    setPage(1);
  };
  return (
    <section className="gpo-discussion" aria-label={t.title}>
      <div className="gpo-discussion-head">
        <Typography.Text strong>{post ? t.count(post.comment_count) : t.title}</Typography.Text>
        <Space wrap>
          <Segmented<CommentSort>
            aria-label={t.sort.label}
            value={sort}
            onChange={changeSort}
            options={[
              { value: 'new', label: t.sort.new },
              { value: 'likes', label: t.sort.likes },
            ]}
          />
          {post && <SubscribeButton topicId={topicId} subscribed={post.subscribed} />}
        </Space>
      </div>
      {post && <Composer topicId={topicId} onPosted={() => setPage(1)} />}
      {error && !post ? (
        <Alert
          type="error"
          showIcon
          // The server says why a thread is closed (a question of the running exam, a locked one).
          title={(error instanceof ApiError && error.show) || t.loadFailed}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : post.root_comment.replies.length === 0 && page === 1 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
      ) : (
        <div className="gpo-list" aria-busy={isFetching}>
          {post.root_comment.replies.map((c) => (
            <CommentItem key={c.id} comment={c} topicId={topicId} />
          ))}
        </div>
      )}
      {post && (page > 1 || post.root_comment.has_more) && (
        <nav className="gpo-pager" aria-label={t.title}>
          <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t.prev}
          </Button>
          <Typography.Text>{t.pageNo(page)}</Typography.Text>
          <Button disabled={!post.root_comment.has_more} onClick={() => setPage(page + 1)}>
            {t.next}
          </Button>
        </nav>
      )}
    </section>
  );
}
