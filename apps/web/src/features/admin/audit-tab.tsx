import {
  AUDIT_OUTCOMES,
  AUDIT_TARGETS,
  auditCalls,
  type AuditEntryView,
  type AuditTargetKind,
  type CallRequest,
} from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Input, InputNumber, List, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../api/client';
import { shanghaiDateTime } from '../../components/format';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { AdminList } from './admin-list';
import { ADMIN_PAGE_SIZE, adminKeys } from './admin-queries';

const t = adminCopy.audit;

type AuditRequest = CallRequest<typeof auditCalls.list>;

/** The filter as typed: blanks are no filter. */
export interface AuditFilter {
  actorId: number | null;
  targetKind: AuditTargetKind | null;
  targetId: string;
  action: string;
  outcome: 'done' | 'refused' | null;
  range: [Dayjs, Dayjs] | null;
}

export const NO_FILTER: AuditFilter = {
  actorId: null,
  targetKind: null,
  targetId: '',
  action: '',
  outcome: null,
  range: null,
};

/** The filter as `/api/audit/list` takes it: days whole in the browser's calendar, the end exclusive. */
export function auditRequest(f: AuditFilter, page: number): AuditRequest {
  const req: AuditRequest = { page, page_size: ADMIN_PAGE_SIZE };
  if (f.actorId !== null) req.actor_id = f.actorId;
  if (f.targetKind) {
    req.target_kind = f.targetKind;
    if (f.targetId.trim()) req.target_id = f.targetId.trim();
  }
  if (f.action.trim()) req.action = f.action.trim();
  if (f.outcome) req.outcome = f.outcome;
  if (f.range) {
    req.from_stamp = f.range[0].startOf('day').unix();
    req.to_stamp = f.range[1].add(1, 'day').startOf('day').unix();
  }
  return req;
}

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

function Change({ entry }: { entry: AuditEntryView }) {
  return (
    <div className="gam-audit-change">
      {entry.reason && <Typography.Text type="danger">{t.reason(entry.reason)}</Typography.Text>}
      <div>
        <Typography.Text strong>{t.before}</Typography.Text>
        <pre>{json(entry.before)}</pre>
      </div>
      <div>
        <Typography.Text strong>{t.after}</Typography.Text>
        <pre>{json(entry.after)}</pre>
      </div>
    </div>
  );
}

const actorText = (e: AuditEntryView) =>
  e.actor_id === null
    ? t.unknownActor
    : `${e.actor_name ?? ''}（ID ${e.actor_id}）· ${t.roles[e.actor_role] ?? e.actor_role}`;
const targetText = (e: AuditEntryView) =>
  `${t.targets[e.target_kind] ?? e.target_kind}${e.target_id ? ` #${e.target_id}` : ''}`;
const OutcomeTag = ({ e }: { e: AuditEntryView }) => (
  <Tag color={e.outcome === 'done' ? 'green' : 'red'}>{t.outcomes[e.outcome]}</Tag>
);

function Filters({ onApply }: { onApply: (f: AuditFilter) => void }) {
  const [f, setF] = useState<AuditFilter>(NO_FILTER);
  return (
    <Space wrap>
      <InputNumber
        aria-label={t.actor}
        placeholder={t.actor}
        min={1}
        precision={0}
        value={f.actorId}
        onChange={(actorId) => setF({ ...f, actorId })}
        style={{ width: 120 }}
      />
      <Select<AuditTargetKind | ''>
        aria-label={t.target}
        value={f.targetKind ?? ''}
        onChange={(k) => setF({ ...f, targetKind: k || null, targetId: k ? f.targetId : '' })}
        options={[{ value: '', label: t.anyTarget }, ...AUDIT_TARGETS.map((k) => ({ value: k, label: t.targets[k] }))]}
        style={{ width: 130 }}
      />
      <Input
        aria-label={t.targetId}
        placeholder={t.targetId}
        value={f.targetId}
        disabled={!f.targetKind}
        maxLength={64}
        onChange={(e) => setF({ ...f, targetId: e.target.value })}
        style={{ width: 110 }}
      />
      <Input
        aria-label={t.action}
        placeholder={t.actionPlaceholder}
        value={f.action}
        maxLength={64}
        onChange={(e) => setF({ ...f, action: e.target.value })}
        style={{ width: 250 }}
      />
      <Select<'done' | 'refused' | ''>
        aria-label={t.outcome}
        value={f.outcome ?? ''}
        onChange={(o) => setF({ ...f, outcome: o || null })}
        options={[
          { value: '', label: t.anyOutcome },
          ...AUDIT_OUTCOMES.map((o) => ({ value: o, label: t.outcomes[o] })),
        ]}
        style={{ width: 120 }}
      />
      <DatePicker.RangePicker
        aria-label={t.dates}
        value={f.range}
        onChange={(r) => setF({ ...f, range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
      />
      <Button type="primary" onClick={() => onApply(f)}>
        {t.search}
      </Button>
      <Button
        onClick={() => {
          setF(NO_FILTER);
          onApply(NO_FILTER);
        }}
      >
        {t.reset}
      </Button>
    </Space>
  );
}

/** 审计日志: every staff change and refused attempt, newest first, filtered; read-only (no call can edit it). */
export function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const request = auditRequest(filter, page);
  const list = useQuery({
    queryKey: [...adminKeys.audit, request],
    queryFn: () => call(auditCalls.list, request, { quiet: true }),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });
  const c = t.columns;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="info" showIcon title={t.readOnly} />
      <Filters
        onApply={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      <AdminList<AuditEntryView>
        list={list}
        page={page}
        onPage={setPage}
        loadFailed={t.loadFailed}
        empty={t.empty}
        totalText={t.total}
        renderCard={(e) => (
          <List.Item>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space wrap size={4}>
                <Typography.Text code>{e.action}</Typography.Text>
                <OutcomeTag e={e} />
              </Space>
              <span>{targetText(e)}</span>
              <Typography.Text type="secondary">{actorText(e)}</Typography.Text>
              <Typography.Text type="secondary">{shanghaiDateTime(e.created_stamp)}</Typography.Text>
              <details>
                <summary>{t.showDetail}</summary>
                <Change entry={e} />
              </details>
            </Space>
          </List.Item>
        )}
        tableProps={{ expandable: { expandedRowRender: (e) => <Change entry={e} /> } }}
        columns={[
          { key: 'time', title: c.time, render: (_, e) => shanghaiDateTime(e.created_stamp) },
          { key: 'actor', title: c.actor, render: (_, e) => actorText(e) },
          { key: 'action', title: c.action, render: (_, e) => <Typography.Text code>{e.action}</Typography.Text> },
          { key: 'target', title: c.target, render: (_, e) => targetText(e) },
          { key: 'outcome', title: c.outcome, render: (_, e) => <OutcomeTag e={e} /> },
          {
            key: 'device',
            title: c.device,
            render: (_, e) => (
              <Typography.Text type="secondary" className="gam-device">
                {e.device_id}
                {e.ip ? ` · ${e.ip}` : ''}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
