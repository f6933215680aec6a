import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Skeleton, Typography } from 'antd';
import { shanghaiDateTime } from '../../components/format';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import { conversationListQuery, useDeleteConversation } from './assistant-queries';

const l = t.list;

/** The learner's conversations, the latest first: open one to continue it, or delete it after a confirmation. */
export function ConversationList({
  onOpen,
  onDeleted,
}: {
  onOpen: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const { message } = App.useApp();
  const { data, isPending, isError } = useQuery(conversationListQuery(1));
  const remove = useDeleteConversation((id) => {
    void message.success(l.deleted);
    onDeleted(id);
  });
  if (isPending) return <Skeleton active />;
  if (isError) return <Typography.Text type="danger">{l.loadFailed}</Typography.Text>;
  if (data.items.length === 0) return <Empty description={l.empty} />;
  return (
    <ul className="gas-list" aria-label={l.title}>
      {data.items.map((c) => (
        <li key={c.id} className="gas-list-item">
          <button type="button" className="gas-list-open" onClick={() => onOpen(c.id)}>
            <span className="gas-list-title">{c.title}</span>
            <Typography.Text type="secondary">
              {shanghaiDateTime(c.updated_stamp)} · {l.messages(c.messages)}
              {c.question_id ? ` · ${l.aboutQuestion}` : ''}
            </Typography.Text>
          </button>
          <Popconfirm
            title={l.deleteConfirm}
            okText={l.deleteOk}
            cancelText={l.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${l.delete} ${c.title}`} />
          </Popconfirm>
        </li>
      ))}
    </ul>
  );
}
