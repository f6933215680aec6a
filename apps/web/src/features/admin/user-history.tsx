import type { AdminUser, CallResponse, permissionCalls, Trade } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Collapse, Empty, List, Skeleton, Table, Tag, Typography } from 'antd';
import { formatFen, shanghaiDateTime } from '../../components/format';
import { useIsPhone } from '../../components/use-is-phone';
import { ROLE_NAMES } from '@gre/contracts';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { coinsQuery } from './admin-queries';

const d = adminCopy.drawer;
type Full = CallResponse<typeof permissionCalls.getUser>;

function CoinHistory({ user }: { user: AdminUser }) {
  const history = useQuery(coinsQuery(user.id));
  if (!history.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <List
      size="small"
      dataSource={history.data.history}
      locale={{ emptyText: d.coinHistoryEmpty }}
      renderItem={(e) => (
        <List.Item>
          <span>
            {d.coinKinds[e.kind] ?? e.kind}
            <Typography.Text type="secondary"> {e.note}</Typography.Text>
          </span>
          <span>
            <Typography.Text type={e.delta < 0 ? 'danger' : 'success'}>
              {e.delta > 0 ? `+${e.delta}` : e.delta}
            </Typography.Text>{' '}
            <Typography.Text type="secondary">{shanghaiDateTime(e.stamp)}</Typography.Text>
          </span>
        </List.Item>
      )}
    />
  );
}

function Trades({ trades }: { trades: Trade[] }) {
  const phone = useIsPhone();
  const c = d.tradeColumns;
  const status = (t: Trade) => (
    <Tag color={t.status === 'ApplySuccess' ? 'green' : t.status === 'ManualInvalid' ? 'red' : undefined}>
      {adminCopy.tradeStatus[t.status] ?? t.status}
    </Tag>
  );
  if (trades.length === 0) return <Empty description={d.tradesEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  if (phone)
    return (
      <List
        size="small"
        dataSource={trades}
        renderItem={(t) => (
          <List.Item>
            <span>
              {adminCopy.tradeKind[t.kind]} {formatFen(t.price)}
              <br />
              <Typography.Text type="secondary">{shanghaiDateTime(t.created_stamp)}</Typography.Text>
            </span>
            {status(t)}
          </List.Item>
        )}
      />
    );
  return (
    <Table<Trade>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={trades}
      scroll={{ x: true }}
      columns={[
        { key: 'order', title: c.order, dataIndex: 'order' },
        { key: 'kind', title: c.kind, render: (_, t) => adminCopy.tradeKind[t.kind] },
        { key: 'price', title: c.price, render: (_, t) => formatFen(t.price) },
        { key: 'status', title: c.status, render: (_, t) => status(t) },
        { key: 'created', title: c.created, render: (_, t) => shanghaiDateTime(t.created_stamp) },
      ]}
    />
  );
}

/** The drawer's histories, folded: tier periods, recent trades, and the coins' history (read when unfolded). */
export function UserHistory({ full }: { full: Full }) {
  return (
    <Collapse
      size="small"
      destroyOnHidden
      items={[
        {
          key: 'records',
          label: d.records,
          children:
            full.records.length === 0 ? (
              <Empty description={d.recordsEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                size="small"
                dataSource={full.records}
                renderItem={(r) => (
                  <List.Item>
                    <span>
                      {ROLE_NAMES[r.role_kind]} <Tag>{d.recordSource[r.source] ?? r.source}</Tag>
                    </span>
                    <Typography.Text type="secondary">
                      {r.start_date} – {r.end_date}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            ),
        },
        { key: 'trades', label: d.trades, children: <Trades trades={full.trades} /> },
        { key: 'coins', label: d.coinHistory, children: <CoinHistory user={full.user} /> },
      ]}
    />
  );
}
