import { LIMITS, payCalls, TRADE_STATUSES, type AdminTrade, type TradeStatus } from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Input, InputNumber, List, Modal, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { formatFen, shanghaiDateTime } from '../../components/format';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { AdminList } from './admin-list';
import { ADMIN_PAGE_SIZE, adminKeys } from './admin-queries';
import { useOpCheck } from './op-check';

const t = adminCopy.trades;
const REASON_MAX = Math.min(LIMITS.text, 200);

interface TradeFilter {
  status?: TradeStatus;
  user_id?: number;
  range?: [Dayjs, Dayjs];
  page: number;
}

/** What an admin may do with a trade: a ManualInvalid one is granted or closed, an ApplyFail one closed. */
export function resolutions(trade: AdminTrade): ('grant' | 'close')[] {
  if (trade.status === 'ManualInvalid') return ['grant', 'close'];
  if (trade.status === 'ApplyFail') return ['close'];
  return [];
}

const statusColor = (s: TradeStatus) =>
  s === 'ApplySuccess' ? 'green' : s === 'ManualInvalid' || s === 'ApplyFail' ? 'red' : undefined;

function CloseDialog({
  trade,
  onNext,
  onCancel,
}: {
  trade: AdminTrade;
  onNext: (r: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim();
  return (
    <Modal
      open
      title={t.closeTitle(trade.order)}
      okText={t.next}
      cancelText={coreCopy.common.cancel}
      okButtonProps={{ danger: true }}
      onOk={() => {
        setTried(true);
        if (reason.trim()) onNext(reason.trim());
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={t.reason}
        placeholder={t.reasonPlaceholder}
        value={reason}
        maxLength={REASON_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        status={missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {missing && <Typography.Text type="danger">{t.reasonRequired}</Typography.Text>}
    </Modal>
  );
}

/** 订单: every trade by status (the ManualInvalid queue first), user and date; a queued one granted or closed. */
export function TradesTab() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { ask, dialog } = useOpCheck();
  const [filter, setFilter] = useState<TradeFilter>({ status: 'ManualInvalid', page: 1 });
  const [closing, setClosing] = useState<AdminTrade | null>(null);
  const request = {
    status: filter.status,
    user_id: filter.user_id,
    from_stamp: filter.range?.[0].startOf('day').unix(),
    to_stamp: filter.range?.[1].endOf('day').unix(),
    page: filter.page,
    page_size: ADMIN_PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: [...adminKeys.trades, request],
    queryFn: () => call(payCalls.list, request, { quiet: true }),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });
  const resolved = (text: string) => {
    void qc.invalidateQueries({ queryKey: adminKeys.trades });
    void qc.invalidateQueries({ queryKey: adminKeys.users });
    void qc.invalidateQueries({ queryKey: adminKeys.audit });
    void message.success(text);
  };
  const grant = (trade: AdminTrade) =>
    ask({
      action: t.grantAction,
      summary: t.grantSummary(trade.order, trade.title, `${trade.user_name}（ID ${trade.user_id}）`),
      run: (op_code) => call(payCalls.resolve, { trade_id: trade.id, action: 'grant', op_code }),
      onDone: () => resolved(t.granted),
    });
  const close = (trade: AdminTrade, reason: string) => {
    setClosing(null);
    ask({
      action: t.closeAction,
      summary: t.closeSummary(trade.order, reason),
      run: (op_code) => call(payCalls.resolve, { trade_id: trade.id, action: 'close', reason, op_code }),
      onDone: () => resolved(t.closed),
    });
  };
  const actions = (r: AdminTrade) =>
    resolutions(r).map((a) =>
      a === 'grant' ? (
        <Button key="grant" size="small" type="primary" onClick={() => grant(r)} aria-label={`${t.grant} ${r.order}`}>
          {t.grant}
        </Button>
      ) : (
        <Button key="close" size="small" danger onClick={() => setClosing(r)} aria-label={`${t.close} ${r.order}`}>
          {t.close}
        </Button>
      ),
    );
  const userLink = (r: AdminTrade) => (
    <Link to={`/web_manage?tab=users&user=${r.user_id}`}>
      {r.user_name}（ID {r.user_id}）
    </Link>
  );
  const paid = (r: AdminTrade) => (r.paid_fen === null ? t.notPaid : formatFen(r.paid_fen));
  const status = (r: AdminTrade) => <Tag color={statusColor(r.status)}>{adminCopy.tradeStatus[r.status]}</Tag>;
  const c = t.columns;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select<TradeStatus | ''>
          aria-label={t.status}
          virtual={false}
          value={filter.status ?? ''}
          onChange={(s) => setFilter({ ...filter, status: s || undefined, page: 1 })}
          options={[
            { value: '', label: t.anyStatus },
            ...TRADE_STATUSES.map((s) => ({ value: s, label: adminCopy.tradeStatus[s] ?? s })),
          ]}
          style={{ width: 150 }}
        />
        <InputNumber
          aria-label={t.userId}
          placeholder={t.userId}
          min={1}
          precision={0}
          value={filter.user_id ?? null}
          onChange={(id) => setFilter({ ...filter, user_id: id ?? undefined, page: 1 })}
          style={{ width: 130 }}
        />
        <DatePicker.RangePicker
          aria-label={t.dates}
          value={filter.range ?? null}
          onChange={(r) => setFilter({ ...filter, range: r?.[0] && r[1] ? [r[0], r[1]] : undefined, page: 1 })}
        />
      </Space>
      {filter.status === 'ManualInvalid' && <Alert type="info" showIcon title={t.queueHelp} />}
      <AdminList<AdminTrade>
        list={list}
        page={filter.page}
        onPage={(page) => setFilter({ ...filter, page })}
        loadFailed={t.loadFailed}
        empty={filter.status === 'ManualInvalid' ? t.emptyQueue : t.empty}
        totalText={t.total}
        renderCard={(r) => (
          <List.Item actions={actions(r)}>
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <span>{r.title}</span>
                  {status(r)}
                </Space>
              }
              description={
                <Space orientation="vertical" size={2}>
                  {userLink(r)}
                  <span>
                    {c.price} {formatFen(r.price)} / {formatFen(r.list_price)} · {c.paid} {paid(r)}
                  </span>
                  <span>
                    {r.order} · {shanghaiDateTime(r.created_stamp)}
                  </span>
                  {r.note && <Typography.Text type="secondary">{r.note}</Typography.Text>}
                </Space>
              }
            />
          </List.Item>
        )}
        columns={[
          { key: 'order', title: c.order, render: (_, r) => <Typography.Text code>{r.order}</Typography.Text> },
          { key: 'user', title: c.user, render: (_, r) => userLink(r) },
          { key: 'kind', title: c.kind, dataIndex: 'title' },
          { key: 'price', title: c.price, render: (_, r) => `${formatFen(r.price)} / ${formatFen(r.list_price)}` },
          { key: 'paid', title: c.paid, render: (_, r) => paid(r) },
          { key: 'status', title: c.status, render: (_, r) => status(r) },
          { key: 'created', title: c.created, render: (_, r) => shanghaiDateTime(r.created_stamp) },
          { key: 'note', title: c.note, render: (_, r) => r.note ?? '' },
          { key: 'action', title: c.action, render: (_, r) => <Space>{actions(r)}</Space> },
        ]}
      />
      {closing && <CloseDialog trade={closing} onNext={(r) => close(closing, r)} onCancel={() => setClosing(null)} />}
      {dialog}
    </Space>
  );
}
