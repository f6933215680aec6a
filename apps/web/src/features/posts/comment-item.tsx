import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import type { Comment } from '@gre/contracts';
import { useQueries } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { shanghaiDateTime } from '../../components/format';
import { coreCopy } from '../../i18n/zh-CN.core';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { Composer } from './composer';
import { repliesQuery, useDeleteComment, useLike } from './posts-queries';

const t = postsCopy;

/** Replies are shown two levels under a top-level comment; deeper ones open on demand at the same indent. */
const MAX_DEPTH = 2;

/** The name shown: an anonymous comment's author is known only to the author and staff (the server says who). */
export const authorName = (c: Comment) => (c.anonymous && c.user_id === null ? t.anonymous : c.nick_name);

function StatusTags({ comment }: { comment: Comment }) {
  return (
    <>
      {comment.mine && comment.anonymous && <Tag>{t.anonymousMine}</Tag>}
      {comment.review_status === 'Uploading' && (
        <Tooltip title={t.pendingHint}>
          <Tag color="gold">{t.pending}</Tag>
        </Tooltip>
      )}
      {comment.review_status === 'Rejected' && <Tag color="red">{t.rejected}</Tag>}
    </>
  );
}

function LikeButton({ comment, topicId }: { comment: Comment; topicId: number }) {
  const like = useLike(topicId);
  return (
    <Button
      type="text"
      size="small"
      icon={comment.liked ? <LikeFilled /> : <LikeOutlined />}
      aria-pressed={comment.liked}
      aria-label={`${comment.liked ? t.unlike : t.like} ${comment.like_count}`}
      disabled={like.isPending || comment.review_status !== 'Reviewed'}
      onClick={() => like.mutate({ comment, like: !comment.liked })}
    >
      {comment.like_count}
    </Button>
  );
}

/**
 * Replies past the first ones: "查看更多回复" loads them a page at a time from /api/post/replies (oldest first, from
 * the start, so they replace the first ones shown with the comment).
 */
function useMoreReplies(topicId: number, comment: Comment) {
  const [pages, setPages] = useState(0);
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) => repliesQuery(topicId, comment.id, i + 1)),
  });
  const loaded = results.flatMap((r) => r.data?.replies ?? []);
  const last = results.at(-1);
  return {
    expanded: pages > 0,
    replies: pages > 0 ? loaded : comment.replies,
    loading: results.some((r) => r.isFetching && !r.data),
    failed: results.some((r) => r.isError),
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
    hasMore: pages === 0 ? comment.reply_count > comment.replies.length : Boolean(last?.data?.has_more),
    more: () => setPages((n) => (last?.isError ? n : n + 1)),
  };
}

/** One comment with its like, reply and delete, its status tags for its author, and its replies. */
export function CommentItem({ comment, topicId, depth = 0 }: { comment: Comment; topicId: number; depth?: number }) {
  const { message } = App.useApp();
  const [replying, setReplying] = useState(false);
  const remove = useDeleteComment(topicId);
  const more = useMoreReplies(topicId, comment);
  // A deleted comment's replies stay; at the last level its replies wait behind "查看 n 条回复".
  const showInline = depth < MAX_DEPTH || more.expanded;
  const shown = showInline ? more.replies : [];
  const hidden = comment.reply_count - shown.length;
  const canReply = !comment.removed && comment.review_status === 'Reviewed';
  return (
    <article
      id={`comment-${comment.id}`}
      className={`gpo-comment is-depth-${Math.min(depth, MAX_DEPTH)}`}
      aria-label={authorName(comment)}
    >
      <header className="gpo-comment-head">
        <Typography.Text strong>{authorName(comment)}</Typography.Text>
        {comment.mine && <Tag color="blue">{t.mine}</Tag>}
        <StatusTags comment={comment} />
        <Typography.Text type="secondary" className="gpo-time">
          {shanghaiDateTime(comment.created_stamp)}
        </Typography.Text>
      </header>
      {comment.removed ? (
        <Typography.Text type="secondary" italic>
          {t.removed}
        </Typography.Text>
      ) : (
        // Sanitised on the server by its allowlist (lib/rich-text.ts) before it was stored.
        <div className="gpo-content" dangerouslySetInnerHTML={{ __html: comment.content }} />
      )}
      {comment.review_status === 'Rejected' && comment.reject_reason && (
        <Typography.Text type="danger" className="gpo-reason">
          {t.rejectedReason(comment.reject_reason)}
        </Typography.Text>
      )}
      {!comment.removed && (
        <Space size={4} className="gpo-actions">
          <LikeButton comment={comment} topicId={topicId} />
          {canReply && (
            <Button
              type="text"
              size="small"
              icon={<MessageOutlined />}
              aria-expanded={replying}
              aria-label={replying ? t.cancelReply : t.reply}
              onClick={() => setReplying(!replying)}
            >
              {replying ? t.cancelReply : t.reply}
            </Button>
          )}
          {comment.mine && (
            <Popconfirm
              title={t.deleteConfirm}
              okText={t.delete}
              cancelText={coreCopy.common.cancel}
              onConfirm={() => remove.mutate(comment.id, { onSuccess: () => void message.success(t.deleted) })}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t.delete}
                loading={remove.isPending}
              >
                {t.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      {replying && (
        <div className="gpo-reply-box">
          <Typography.Text type="secondary">{t.replyTo(authorName(comment))}</Typography.Text>
          <Composer topicId={topicId} parentId={comment.id} autoFocus onPosted={() => setReplying(false)} />
        </div>
      )}
      {shown.length > 0 && (
        <div className="gpo-replies">
          {shown.map((r) => (
            <CommentItem key={r.id} comment={r} topicId={topicId} depth={depth + 1} />
          ))}
        </div>
      )}
      {more.failed ? (
        <Button type="link" size="small" onClick={more.retry}>
          {t.repliesFailed}
        </Button>
      ) : more.loading ? (
        <Typography.Text type="secondary">{t.loadingReplies}</Typography.Text>
      ) : (
        (showInline ? more.hasMore : comment.reply_count > 0) &&
        hidden > 0 && (
          <Button type="link" size="small" onClick={more.more} className="gpo-more">
            {showInline ? t.moreReplies(hidden) : t.showReplies(hidden)}
          </Button>
        )
      )}
    </article>
  );
}
