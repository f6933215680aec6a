import { mailCalls, ROLE_NAMES, type Notice, type NoticeAudience } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { shanghaiDateTime } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { mailKeys } from './mail-queries';
import '../../components/question-list.css';

const c = zh.mail.console;
const l = c.list;

/** How often the list asks again while a notice is still queued or being delivered. */
export const NOTICES_REFRESH_MS = 3_000;
const PAGE_SIZE = 20;

/** Who a notice goes to, in words (the confirm step and the list). */
export function audienceText(audience: NoticeAudience): string {
  if (audience.kind === 'all') return c.confirm.all;
  if (audience.kind === 'role') return c.confirm.roles(audience.roles.map((r) => ROLE_NAMES[r]).join('、'));
  return c.confirm.users(audience.user_ids.length);
}

const STATUS_COLOR: Record<Notice['status'], string> = { Queued: 'default', Sending: 'processing', Done: 'success' };

/** 已发送的通知: newest first, each with its status and the mails delivered; read again while any is not done. */
export function SentNotices() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    queryKey: mailKeys.notices(page),
    queryFn: () => call(mailCalls.notices, { page, page_size: PAGE_SIZE }, { quiet: true }),
    refetchInterval: (query) =>
      query.state.data?.notices.some((n) => n.status !== 'Done') ? NOTICES_REFRESH_MS : false,
  });

  return (
    <Card title={l.title}>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError ? (
        <Typography.Text type="danger">{l.failed}</Typography.Text>
      ) : data.notices.length === 0 ? (
        <Empty description={l.empty} />
      ) : (
        <>
          <List
            dataSource={data.notices}
            renderItem={(n) => (
              <List.Item
                key={n.id}
                extra={
                  <Tag color={STATUS_COLOR[n.status]} className="gm-status">
                    {l.status[n.status]}
                  </Tag>
                }
              >
                <div className="gm-notice-row">
                  <Typography.Text strong>{n.subject}</Typography.Text>
                  <Typography.Text type="secondary">
                    {audienceText(n.audience)} · {l.delivered(n.delivered)} ·{' '}
                    {l.sentAt(shanghaiDateTime(n.created_stamp))}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
          {data.page_control.total > PAGE_SIZE && (
            <div className="gb-pager">
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={data.page_control.total}
                showSizeChanger={false}
                onChange={setPage}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
