import {
  QUOTA_COUNT_MAX,
  QUOTA_DEFAULTS,
  QUOTA_ROLES,
  ROLE_NAMES,
  quotaCalls,
  type QuotaRole,
  type QuotaTable,
} from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Result, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { PageSkeleton } from '../../components/page-skeleton';
import { useIsPhone } from '../../components/use-is-phone';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';
import { adminKeys } from './admin-queries';
import { useOpCheck } from './op-check';

const q = adminExtrasCopy.quotas;
const c = q.columns;
const quotasKey = ['admin', 'quotas'] as const;

type Count = number | null;
type CountField = 'verbal' | 'quant' | 'words' | 'total';
type PeriodField = 'simulate' | 'essay' | 'assistant';

const COUNT_FIELDS: CountField[] = ['verbal', 'quant', 'words', 'total'];
const PERIODS: Record<PeriodField, string[]> = {
  simulate: ['total', 'week'],
  essay: ['total', 'day'],
  assistant: ['day'],
};
const PERIOD_FIELDS = Object.keys(PERIODS) as PeriodField[];

const countOf = (row: QuotaTable[QuotaRole], field: CountField): Count =>
  field === 'total' ? row.total : row.daily[field];

/** The row with one count changed (null: unlimited). */
function withCount(row: QuotaTable[QuotaRole], field: CountField, value: Count): QuotaTable[QuotaRole] {
  return field === 'total' ? { ...row, total: value } : { ...row, daily: { ...row.daily, [field]: value } };
}

const countText = (n: Count) => (n === null ? q.unlimited : String(n));
const periodText = (p: { n: Count; period: string }) => `${q.periods[p.period] ?? p.period} ${countText(p.n)}`;

/** Every figure that differs between the table in force and the draft, as the confirmation shows it. */
export function quotaChanges(from: QuotaTable, to: QuotaTable): string[] {
  const lines: string[] = [];
  for (const role of QUOTA_ROLES) {
    const name = ROLE_NAMES[role];
    for (const field of COUNT_FIELDS) {
      const a = countOf(from[role], field);
      const b = countOf(to[role], field);
      if (a !== b) lines.push(q.change(name, c[field], countText(a), countText(b)));
    }
    for (const field of PERIOD_FIELDS) {
      const a = from[role][field];
      const b = to[role][field];
      if (a.n !== b.n || a.period !== b.period) lines.push(q.change(name, c[field], periodText(a), periodText(b)));
    }
  }
  return lines;
}

/** A count: a whole number from 0, or empty for unlimited. */
function CountInput({ label, value, onChange }: { label: string; value: Count; onChange: (v: Count) => void }) {
  return (
    <InputNumber
      aria-label={label}
      min={0}
      max={QUOTA_COUNT_MAX}
      precision={0}
      placeholder={q.unlimited}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
      style={{ width: '100%', minWidth: 88 }}
    />
  );
}

/** A periodic allowance (simulate, essay, assistant): how many, and in all or per week / day. */
function PeriodInput({
  role,
  field,
  row,
  onChange,
}: {
  role: QuotaRole;
  field: PeriodField;
  row: QuotaTable[QuotaRole];
  onChange: (row: QuotaTable[QuotaRole]) => void;
}) {
  const value = row[field];
  const name = ROLE_NAMES[role];
  return (
    <Space.Compact style={{ width: '100%', minWidth: 170 }}>
      <Select
        aria-label={q.periodName(name, c[field])}
        value={value.period}
        options={PERIODS[field].map((p) => ({ value: p, label: q.periods[p] }))}
        onChange={(period: string) => onChange({ ...row, [field]: { ...value, period } })}
        style={{ width: 80 }}
      />
      <CountInput
        label={q.fieldName(name, c[field])}
        value={value.n}
        onChange={(n) => onChange({ ...row, [field]: { ...value, n } })}
      />
    </Space.Compact>
  );
}

/** /web_manage 配额: the role quotas table of product.md, edited in place and saved behind the confirmation code. */
export function QuotasTab() {
  const phone = useIsPhone();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { ask, dialog } = useOpCheck();
  const saved = useQuery({
    queryKey: quotasKey,
    queryFn: () => call(quotaCalls.getQuotas, {}),
    staleTime: 0,
  });
  const [draft, setDraft] = useState<QuotaTable | null>(null);

  if (saved.isError)
    return (
      <Result
        status="warning"
        subTitle={q.loadFailed}
        extra={<Button onClick={() => void saved.refetch()}>{coreCopy.common.retry}</Button>}
      />
    );
  if (!saved.data) return <PageSkeleton rows={6} />;
  const current = saved.data.quotas;
  const table = draft ?? current;
  const setRow = (role: QuotaRole, row: QuotaTable[QuotaRole]) => setDraft({ ...table, [role]: row });
  const changes = quotaChanges(current, table);

  const save = () => {
    if (changes.length === 0) return void message.info(q.noChange);
    ask({
      action: q.action,
      summary: (
        <>
          <Typography.Text strong>{q.changes}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ),
      run: (op_code) => call(quotaCalls.setQuotas, { quotas: table, op_code }),
      onDone: (result) => {
        queryClient.setQueryData(quotasKey, result);
        // The rights tables this admin may open next show the new figures too.
        queryClient.setQueryData(queryKeys.quotaTable, result);
        setDraft(null);
        void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
        void message.success(q.saved);
      },
    });
  };

  const count = (role: QuotaRole, field: CountField) => (
    <CountInput
      label={q.fieldName(ROLE_NAMES[role], c[field])}
      value={countOf(table[role], field)}
      onChange={(v) => setRow(role, withCount(table[role], field, v))}
    />
  );
  const period = (role: QuotaRole, field: PeriodField) => (
    <PeriodInput role={role} field={field} row={table[role]} onChange={(row) => setRow(role, row)} />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {q.intro}
      </Typography.Paragraph>
      {phone ? (
        QUOTA_ROLES.map((role) => (
          <Card key={role} size="small" title={ROLE_NAMES[role]}>
            <Form layout="vertical" component="div">
              {COUNT_FIELDS.map((field) => (
                <Form.Item key={field} label={c[field]} style={{ marginBottom: 8 }}>
                  {count(role, field)}
                </Form.Item>
              ))}
              {PERIOD_FIELDS.map((field) => (
                <Form.Item key={field} label={c[field]} style={{ marginBottom: 8 }}>
                  {period(role, field)}
                </Form.Item>
              ))}
              <Form.Item label={c.banks} style={{ marginBottom: 0 }}>
                <Typography.Text type="secondary">{q.banks[role]}</Typography.Text>
              </Form.Item>
            </Form>
          </Card>
        ))
      ) : (
        <Table<QuotaRole>
          size="small"
          pagination={false}
          rowKey={(role) => role}
          dataSource={[...QUOTA_ROLES]}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'role',
              title: c.role,
              render: (_, role) => <Typography.Text strong>{ROLE_NAMES[role]}</Typography.Text>,
            },
            ...COUNT_FIELDS.map((field) => ({
              key: field,
              title: c[field],
              render: (_: unknown, role: QuotaRole) => count(role, field),
            })),
            ...PERIOD_FIELDS.map((field) => ({
              key: field,
              title: c[field],
              render: (_: unknown, role: QuotaRole) => period(role, field),
            })),
            {
              key: 'banks',
              title: c.banks,
              render: (_, role) => <Typography.Text type="secondary">{q.banks[role]}</Typography.Text>,
            },
          ]}
        />
      )}
      <Typography.Text type="secondary">{q.banksHelp}</Typography.Text>
      <Space wrap>
        <Button type="primary" onClick={save}>
          {q.save}
        </Button>
        <Button onClick={() => setDraft(structuredClone(QUOTA_DEFAULTS))}>{q.reset}</Button>
      </Space>
      {dialog}
    </Space>
  );
}
