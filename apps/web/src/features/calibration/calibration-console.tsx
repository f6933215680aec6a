import type { CalibrationRow } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, List, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { calibrationCopy as c } from '../../i18n/zh-CN.calibration';
import { AdminList } from '../admin';
import {
  CALIBRATION_PAGE_SIZE,
  calibrationListQuery,
  useExportCalibration,
  useRunCalibration,
  type CalibrationFilter,
} from './calibration-queries';

type Row = CalibrationRow & { id: string };

const level = (d: string) => c.levels[d] ?? d;
const percent = (p: number) => `${Math.round(p * 100)}%`;
const at = (stamp: number) =>
  new Date(stamp * 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
const disagrees = (r: CalibrationRow) => r.data_difficulty !== null && r.data_difficulty !== r.author_difficulty;

/** The data's level, or how many answers are still missing; marked when it disagrees with the author. */
function DataLevel({ row, min }: { row: CalibrationRow; min: number }) {
  if (!row.data_difficulty) return <Typography.Text type="secondary">{c.undecided(min)}</Typography.Text>;
  return (
    <Space size={4}>
      {level(row.data_difficulty)}
      {disagrees(row) && <Tag color="orange">{c.disagree}</Tag>}
    </Space>
  );
}

/**
 * /operate 难度校准 (issue 19): each calibrated question with the author's label, the level the learners' first answers
 * give, what learners see now, and the figures behind it; disagreements first, 立即校准 runs the fit at once.
 */
export function CalibrationConsole() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<CalibrationFilter>({ disagreeOnly: false, kind: undefined, page: 1 });
  const query = useQuery(calibrationListQuery(filter));
  const run = useRunCalibration();
  const exporter = useExportCalibration();
  const min = query.data?.min_responses ?? 30;
  const last = query.data?.last_run;
  const list = {
    data: query.data ? { items: query.data.items.map((r) => ({ ...r, id: r.question_id })) } : undefined,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (r) => void message.success(c.ran(r.changed, r.decided)),
      onError: () => void message.error(c.runFailed),
    });
  const exportNow = () =>
    exporter.mutate(undefined, {
      onSuccess: (n) => void message.success(c.exported(n)),
      onError: () => void message.error(c.exportFailed),
    });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {c.intro(min)}
      </Typography.Paragraph>
      <Typography.Text data-testid="calibration-last-run">
        {last ? c.lastRun(last.questions, last.decided, last.responses, at(last.calibrated_stamp)) : c.never}
      </Typography.Text>
      <Space wrap>
        <Button type="primary" onClick={runNow} loading={run.isPending}>
          {run.isPending ? c.running : c.run}
        </Button>
        <Button onClick={exportNow} loading={exporter.isPending} title={c.exportHint}>
          {c.export}
        </Button>
        <Select
          aria-label={c.allKinds}
          style={{ minWidth: 140 }}
          value={filter.kind ?? ''}
          onChange={(v: string) =>
            setFilter((f) => ({ ...f, kind: (v || undefined) as CalibrationFilter['kind'], page: 1 }))
          }
          options={[
            { value: '', label: c.allKinds },
            ...Object.entries(c.kinds).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Space size={6}>
          <Switch
            aria-label={c.disagreeOnly}
            checked={filter.disagreeOnly}
            onChange={(on) => setFilter((f) => ({ ...f, disagreeOnly: on, page: 1 }))}
          />
          {c.disagreeOnly}
        </Space>
      </Space>
      <AdminList<Row>
        list={list}
        total={query.data?.total ?? 0}
        page={filter.page}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        pageSize={CALIBRATION_PAGE_SIZE}
        loadFailed={c.failed}
        empty={c.empty}
        columns={[
          {
            key: 'question',
            title: c.columns.question,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text code>{r.question_id}</Typography.Text>
                <Typography.Text type="secondary">
                  {c.kinds[r.kind] ?? r.kind} · {r.brief}
                </Typography.Text>
              </Space>
            ),
          },
          { key: 'author', title: c.columns.author, render: (_, r) => level(r.author_difficulty) },
          { key: 'data', title: c.columns.data, render: (_, r) => <DataLevel row={r} min={min} /> },
          { key: 'shown', title: c.columns.shown, render: (_, r) => level(r.shown_difficulty) },
          { key: 'responses', title: c.columns.responses, dataIndex: 'responses', align: 'right' },
          { key: 'p', title: c.columns.pCorrect, align: 'right', render: (_, r) => percent(r.p_correct) },
          { key: 'median', title: c.columns.median, align: 'right', render: (_, r) => c.seconds(r.median_seconds) },
          { key: 'b', title: c.columns.logit, align: 'right', render: (_, r) => c.logit(r.b, r.se) },
        ]}
        renderCard={(r) => (
          <List.Item>
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>
                {r.question_id} · {c.kinds[r.kind] ?? r.kind}
              </Typography.Text>
              <Typography.Text type="secondary">{r.brief}</Typography.Text>
              <Space size={4} wrap>
                {c.columns.author} {level(r.author_difficulty)} · {c.columns.data} <DataLevel row={r} min={min} />
              </Space>
              <Typography.Text>
                {c.columns.responses} {r.responses} · {c.columns.pCorrect} {percent(r.p_correct)} · {c.columns.median}{' '}
                {c.seconds(r.median_seconds)}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
