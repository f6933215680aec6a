import { discussionPath, type QueuedComment } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Modal, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { shanghaiDateTime } from '../../components/format';
import { coreCopy } from '../../i18n/zh-CN.core';
import { operateCopy } from '../../i18n/zh-CN.posts';
import { HighlightedHtml } from './highlighted-html';
import { QUEUE_PAGE_SIZE, queueQuery, useModerate } from './operate-queries';

const q = operateCopy.queue;
const REASON_MAX = 200;

type Asking = { item: QueuedComment; action: 'reject' | 'remove' };

/** 拒绝 and 删除 ask for the reason the author (and the audit log) will read. */
function ReasonDialog({ asking, onClose }: { asking: Asking | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const moderate = useModerate();
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const ok = () => {
    setTried(true);
    const text = reason.trim();
    if (!asking || !text) return;
    moderate.mutate(
      { id: asking.item.comment.id, action: asking.action, reason: text },
      {
        onSuccess: () => {
          void message.success(asking.action === 'reject' ? q.rejected : q.removed);
          close();
        },
      },
    );
  };
  const missing = tried && !reason.trim();
  return (
    <Modal
      open={asking !== null}
      title={asking?.action === 'remove' ? q.removeTitle : q.rejectTitle}
      okText={asking?.action === 'remove' ? q.remove : q.reject}
      okButtonProps={{ danger: true, loading: moderate.isPending }}
      cancelText={coreCopy.common.cancel}
      onOk={ok}
      onCancel={close}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={q.reason}
        placeholder={q.reasonPlaceholder}
        value={reason}
        maxLength={REASON_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        status={missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {missing && <Typography.Text type="danger">{q.reasonRequired}</Typography.Text>}
    </Modal>
  );
}

function QueueItem({ item, onAsk }: { item: QueuedComment; onAsk: (a: Asking) => void }) {
  const { message } = App.useApp();
  const moderate = useModerate();
  const { comment } = item;
  return (
    <li className="gop-item">
      <div className="gop-item-head">
        <Typography.Text strong>{q.author(item.author.nick_name, item.author.id)}</Typography.Text>
        {comment.anonymous && <Tag>{q.anonymous}</Tag>}
        {comment.kind === 'reply' && <Tag>{q.reply}</Tag>}
        <Link to={discussionPath(item.topic_id, comment.id)}>{q.question(item.question_id)}</Link>
        <Typography.Text type="secondary">{shanghaiDateTime(comment.created_stamp)}</Typography.Text>
      </div>
      <HighlightedHtml className="gop-content" html={comment.content} words={item.matched} />
      <div className="gop-matched">
        {item.matched.length > 0 ? (
          <>
            <Typography.Text type="secondary">{q.matched}</Typography.Text>
            {item.matched.map((w) => (
              <Tag key={w} color="orange">
                {w}
              </Tag>
            ))}
          </>
        ) : (
          <Typography.Text type="secondary">{q.noMatch}</Typography.Text>
        )}
      </div>
      <Space wrap>
        <Button
          type="primary"
          loading={moderate.isPending}
          onClick={() =>
            moderate.mutate(
              { id: comment.id, action: 'approve' },
              { onSuccess: () => void message.success(q.approved) },
            )
          }
        >
          {q.approve}
        </Button>
        <Button onClick={() => onAsk({ item, action: 'reject' })}>{q.reject}</Button>
        <Button danger onClick={() => onAsk({ item, action: 'remove' })}>
          {q.remove}
        </Button>
      </Space>
    </li>
  );
}

/** 评论审核: the comments keywords held, oldest first, each approved, rejected or removed with a reason. */
export function ReviewQueue() {
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<Asking | null>(null);
  const { data, isPending, isError, refetch } = useQuery(queueQuery(page));
  const lastPage = data ? Math.max(1, Math.ceil(data.page_control.total / QUEUE_PAGE_SIZE)) : 1;
  // The last comments of a later page dealt with: that page is empty now, so show the last one there is.
  if (data && data.comments.length === 0 && page > lastPage) setPage(lastPage);
  if (isError && !data)
    return (
      <Alert
        type="error"
        showIcon
        title={q.failed}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {coreCopy.common.retry}
          </Button>
        }
      />
    );
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { comments, page_control: pc } = data;
  return (
    <div className="gop-queue">
      <Typography.Text type="secondary">{q.total(pc.total)}</Typography.Text>
      {comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q.empty} />
      ) : (
        <ul className="gop-list">
          {comments.map((item) => (
            <QueueItem key={item.comment.id} item={item} onAsk={setAsking} />
          ))}
        </ul>
      )}
      {pc.total > QUEUE_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={QUEUE_PAGE_SIZE}
          total={pc.total}
          showSizeChanger={false}
          onChange={setPage}
          align="center"
        />
      )}
      <ReasonDialog asking={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
