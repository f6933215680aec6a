import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import {
  EXPORT_KINDS,
  EXPORT_PARTS,
  exportCalls,
  QUESTION_EXPORT_KINDS,
  type DataExport,
  type ExportKind,
  type ExportPart,
} from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Progress, Radio, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { call } from '../../api/client';
import { showToast } from '../../api/effects';
import { reportError } from '../../api/query-client';
import { formatBytes } from '../../components/format';
import { PageSkeleton } from '../../components/page-skeleton';
import { exportCopy as c } from '../../i18n/zh-CN.export';
import { downloadExport } from './export-download';
import { exportKeys, exportListQuery } from './export-queries';
import './export.css';

const STATUS_COLOR: Record<DataExport['status'], string> = {
  Queued: 'default',
  Running: 'processing',
  Done: 'success',
  Failed: 'error',
};
const CATEGORIES = [0, 1, 2, 3, 4, 5] as const;

function scopeText(e: DataExport): string {
  if (!e.scope) return c.kindHints[e.kind].split('，')[0]!;
  return `${e.scope.parts.map((p) => c.parts[p]).join('、')} · ${c.categories[e.scope.category]}`;
}

function ExportForm() {
  const client = useQueryClient();
  const [kind, setKind] = useState<ExportKind>('pdf');
  const [parts, setParts] = useState<ExportPart[]>([...EXPORT_PARTS]);
  const [category, setCategory] = useState<number>(0);
  const needsScope = QUESTION_EXPORT_KINDS.includes(kind);
  const create = useMutation({
    mutationFn: () =>
      call(exportCalls.create, needsScope ? { kind, scope: { parts, category: category as 0 } } : { kind }),
    onSuccess: () => {
      showToast({ level: 'info', title: c.form.started, key: 'export-started' });
      void client.invalidateQueries({ queryKey: exportKeys.list });
    },
  });
  return (
    <Card title={c.form.title} className="gx-card">
      <Space orientation="vertical" size="middle" className="gx-form">
        <div role="group" aria-label={c.form.kind}>
          <Typography.Text strong>{c.form.kind}</Typography.Text>
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as ExportKind)} className="gx-kinds">
            {EXPORT_KINDS.map((k) => (
              <Radio key={k} value={k} className="gx-kind">
                <span className="gx-kind-name">{c.kinds[k]}</span>
                <span className="gx-kind-hint">{c.kindHints[k]}</span>
              </Radio>
            ))}
          </Radio.Group>
        </div>
        {needsScope && (
          <>
            <div role="group" aria-label={c.form.parts}>
              <Typography.Text strong>{c.form.parts}</Typography.Text>
              <div>
                <Checkbox.Group
                  value={parts}
                  onChange={(v) => setParts(EXPORT_PARTS.filter((p) => v.includes(p)))}
                  options={EXPORT_PARTS.map((p) => ({ value: p, label: c.parts[p] }))}
                />
              </div>
              {parts.length === 0 && <Typography.Text type="danger">{c.form.needPart}</Typography.Text>}
            </div>
            <label className="gx-category">
              <Typography.Text strong>{c.form.category}</Typography.Text>
              <Select
                value={category}
                onChange={setCategory}
                aria-label={c.form.category}
                options={CATEGORIES.map((v) => ({ value: v, label: c.categories[v] }))}
                className="gx-select"
              />
            </label>
          </>
        )}
        <Button
          type="primary"
          icon={<ExportOutlined />}
          loading={create.isPending}
          disabled={needsScope && parts.length === 0}
          onClick={() => create.mutate()}
        >
          {c.form.start}
        </Button>
      </Space>
    </Card>
  );
}

function ExportItem({ e }: { e: DataExport }) {
  const download = useMutation({ mutationFn: () => downloadExport(e), meta: { handlesErrors: true } });
  const running = e.status === 'Queued' || e.status === 'Running';
  return (
    <li className="gx-item" aria-label={`${c.kinds[e.kind]} ${c.status[e.status]}`}>
      <div className="gx-item-head">
        <Typography.Text strong>{c.kinds[e.kind]}</Typography.Text>
        <Tag color={STATUS_COLOR[e.status]}>{c.status[e.status]}</Tag>
      </div>
      <Typography.Text type="secondary" className="gx-item-meta">
        {scopeText(e)} · {c.list.created(dayjs.unix(e.created_stamp).format('MM-DD HH:mm'))}
      </Typography.Text>
      {running && <Progress percent={e.progress} size="small" aria-label={c.list.progressLabel(c.kinds[e.kind])} />}
      {e.status === 'Failed' && <Alert type="error" showIcon title={e.error ?? c.status.Failed} />}
      {e.status === 'Done' && (
        <div className="gx-item-foot">
          <Typography.Text type="secondary">
            {formatBytes(e.size_bytes ?? 0)}
            {e.expires_stamp ? ` · ${c.list.expires(dayjs.unix(e.expires_stamp).format('MM-DD'))}` : ''}
          </Typography.Text>
          <Button
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onError: (err) => {
                  reportError(err);
                  showToast({ level: 'error', title: c.list.downloadFailed, key: 'export-download' });
                },
              })
            }
            aria-label={`${c.list.download}：${c.kinds[e.kind]} ${e.file_name ?? ''}`}
          >
            {c.list.download}
          </Button>
        </div>
      )}
    </li>
  );
}

function ExportList() {
  const { data, isPending, isError, refetch } = useQuery(exportListQuery);
  return (
    <Card title={c.list.title} className="gx-card">
      {isPending ? (
        <PageSkeleton />
      ) : isError ? (
        <Alert
          type="error"
          title={c.list.failed}
          action={<Button onClick={() => void refetch()}>{c.list.retry}</Button>}
        />
      ) : data.exports.length === 0 ? (
        <Empty description={c.list.empty} />
      ) : (
        <ul className="gx-list">
          {data.exports.map((e) => (
            <ExportItem key={e.id} e={e} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /export: every learner's own data — choose what, start it, watch it run, download it. */
export function ExportPage() {
  return (
    <div className="gx-page">
      <Typography.Title level={2}>{c.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{c.intro}</Typography.Paragraph>
      <div className="gx-columns">
        <ExportForm />
        <ExportList />
      </div>
    </div>
  );
}
