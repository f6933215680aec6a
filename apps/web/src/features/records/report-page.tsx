import { EyeOutlined } from '@ant-design/icons';
import { type Attempt, essayShownState, SCORE_WINDOWS, type ScoreWindow, shanghaiDay } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  List,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { useIsPhone } from '../../components/use-is-phone';
import { BackLink, LoaderFailed } from '../../components/loader-states';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { reportLoader, reportQuery, type Report, type ReportLoaderData } from './records-queries';
import {
  correctRate,
  metricsOf,
  reportPoints,
  REPORT_VIEWS,
  scoredMetrics,
  windowsOf,
  type Metric,
  type MetricWindow,
  type ReportView,
} from './report-series';
import '../../components/charts.css';
import './records.css';

// ECharts stays out of every other page's chunks (vite.config.ts fails the build otherwise).
const ReportChart = lazy(() => import('./report-chart'));

const r = zh.records;
const p = r.report;
const METRIC_NAMES: Record<Metric, string> = {
  verbal: r.scores.verbal,
  quant: r.scores.quant,
  total: r.scores.total,
  rate: r.scores.rate,
};

const dash = (v: number | null) => (v === null ? p.dash : String(v));

/** The essay's state, and its score with the band once judged. */
function issueText(a: Attempt): string {
  if (!a.issue) return p.dash;
  const s = a.issue === 'Finished' ? a.issue_score : null;
  if (s) return `${p.issueStatus.Finished} ${zh.essay.scoreLine(s.score, s.low, s.high)}`;
  return p.issueStatus[essayShownState(a.issue, a.issue_written ?? false)]!;
}

function Back() {
  return <BackLink to="/record" label={p.backRecord} />;
}

function attemptColumns(scored: boolean, withIssue: boolean): TableColumnsType<Attempt> {
  const c = p.columns;
  const cols: TableColumnsType<Attempt> = [
    { title: c.date, key: 'date', render: (_: unknown, a) => shanghaiDay(a.finished_at) },
  ];
  if (scored) {
    cols.push(
      { title: c.verbal, key: 'verbal', render: (_: unknown, a) => dash(a.verbal) },
      { title: c.quant, key: 'quant', render: (_: unknown, a) => dash(a.quant) },
      {
        title: c.total,
        key: 'total',
        render: (_: unknown, a) => (a.total === null ? p.dash : <Typography.Text strong>{a.total}</Typography.Text>),
      },
    );
  }
  cols.push(
    { title: c.correct, key: 'correct', render: (_: unknown, a) => `${a.correct} / ${a.total_questions}` },
    {
      title: r.scores.rate,
      key: 'rate',
      render: (_: unknown, a) => (correctRate(a) === null ? p.dash : r.scores.percent(correctRate(a)!)),
    },
    { title: c.time, key: 'time', render: (_: unknown, a) => r.duration(a.used_time_seconds) },
  );
  if (withIssue)
    cols.push({
      title: c.issue,
      key: 'issue',
      render: (_: unknown, a) =>
        a.issue ? <Tag color={a.issue_score ? 'success' : undefined}>{issueText(a)}</Tag> : p.dash,
    });
  cols.push({
    title: c.actions,
    key: 'actions',
    render: (_: unknown, a) => (
      <Link to={`/exam/${a.exam_id}`}>
        <EyeOutlined aria-hidden /> {p.viewResult}
      </Link>
    ),
  });
  return cols;
}

function AttemptList({ attempts, scored }: { attempts: Attempt[]; scored: boolean }) {
  return (
    <List
      dataSource={attempts}
      renderItem={(a) => (
        <List.Item key={a.exam_id} extra={<Link to={`/exam/${a.exam_id}`}>{p.viewResult}</Link>}>
          <Space orientation="vertical" size={2}>
            <Typography.Text strong>{shanghaiDay(a.finished_at)}</Typography.Text>
            {scored && (
              <Typography.Text>
                {r.scores.verbal} {dash(a.verbal)} · {r.scores.quant} {dash(a.quant)} · {r.scores.total} {dash(a.total)}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              {r.scores.correct(a.correct, a.total_questions)} · {r.duration(a.used_time_seconds)}
              {a.issue && ` · ${p.columns.issue}${issueText(a)}`}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

function Averages({ windows }: { windows: MetricWindow[] }) {
  return (
    <Row gutter={[layout.gutter, layout.gutter]} className="gr-averages">
      {windows.map((w) => (
        <Col key={w.metric} xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={`${p.average}${METRIC_NAMES[w.metric]}`}
              value={w.average === null ? p.dash : w.average}
              suffix={w.average !== null && w.metric === 'rate' ? '%' : undefined}
            />
            <Typography.Text type="secondary">{p.attempts(w.kept.length)}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ReportBody({ bookId, report }: { bookId: string; report: Report }) {
  const phone = useIsPhone();
  const [view, setView] = useState<ReportView>('all');
  const [scoreWindow, setScoreWindow] = useState<ScoreWindow>('all');
  // "This week" is the week the page was opened in; a page left open over Sunday midnight keeps it until reload.
  const [now] = useState(() => Date.now() / 1000);
  const available = useMemo(() => scoredMetrics(report.attempts), [report.attempts]);
  const scored = available.size > 0;
  const metrics = metricsOf(view, available);
  const wantsServer = scored && scoreWindow !== 'all' && metrics.includes('total');
  const server = useQuery({ ...reportQuery(bookId, scoreWindow), enabled: wantsServer });
  const serverTotal = wantsServer ? server.data?.attempts : undefined;
  const metricsKey = metrics.join();
  const { windows, points } = useMemo(() => {
    const ws = windowsOf(report.attempts, metricsKey.split(',') as Metric[], scoreWindow, now, serverTotal);
    return { windows: ws, points: reportPoints(ws) };
  }, [report.attempts, metricsKey, scoreWindow, now, serverTotal]);
  const rows = [...points].reverse().map((pt) => pt.attempt);
  const withIssue = report.attempts.some((a) => a.issue !== null);

  return (
    <>
      <Space wrap className="gr-report-controls">
        {scored && (
          <Segmented
            aria-label={p.viewLabel}
            value={view}
            onChange={(v) => setView(v)}
            options={REPORT_VIEWS.map((v) => ({
              value: v,
              label: p.views[v],
              disabled: v !== 'all' && !available.has(v),
            }))}
          />
        )}
        <Select
          aria-label={p.windowLabel}
          value={scoreWindow}
          onChange={setScoreWindow}
          style={{ minWidth: 160 }}
          options={SCORE_WINDOWS.map((w) => ({ value: w, label: `${p.windowLabel}：${p.windows[w]}` }))}
        />
      </Space>
      <Averages windows={windows} />
      <Card title={scored ? p.chartTitle : p.rateChartTitle} className="gr-chart-card">
        {points.length === 0 ? (
          <Empty description={p.emptyWindow} />
        ) : (
          <Suspense fallback={<Skeleton.Node active className="gr-chart-skeleton" />}>
            <ReportChart points={points} metrics={metrics} label={p.chartLabel(report.title)} />
          </Suspense>
        )}
      </Card>
      <Card title={p.tableTitle} className="gr-attempts">
        {rows.length === 0 ? (
          <Empty description={p.emptyWindow} />
        ) : phone ? (
          <AttemptList attempts={rows} scored={scored} />
        ) : (
          <Table<Attempt>
            rowKey="exam_id"
            columns={attemptColumns(scored, withIssue)}
            dataSource={rows}
            pagination={rows.length > 20 ? { pageSize: 20 } : false}
            size="middle"
          />
        )}
      </Card>
    </>
  );
}

function BookReport({ bookId }: { bookId: string }) {
  const navigate = useNavigate();
  const { data: report } = useQuery(reportQuery(bookId, 'all'));
  if (!report) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="gr-report">
      <Back />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {p.title(report.title)}
      </Typography.Title>
      {report.sub_title && <Typography.Paragraph type="secondary">{report.sub_title}</Typography.Paragraph>}
      {report.attempts.length === 0 ? (
        <Card>
          <Empty description={p.empty}>
            <Typography.Paragraph type="secondary">{p.emptyHint}</Typography.Paragraph>
            <Button type="primary" onClick={() => void navigate('/simulate')}>
              {p.emptyAction}
            </Button>
          </Empty>
        </Card>
      ) : (
        <ReportBody bookId={bookId} report={report} />
      )}
    </div>
  );
}

/** Spec §2 report/{bookID}: loaded before display; every finished attempt of the book as a trend, averages and a table. */
export function ReportPage() {
  const data = useLoaderData<ReportLoaderData>();
  switch (data.state) {
    case 'ok':
      return <BookReport key={data.bookId} bookId={data.bookId} />;
    case 'not_found':
      return <Result status="404" title={p.notFoundTitle} subTitle={p.notFoundBody} extra={<Back />} />;
    case 'failed':
      return <LoaderFailed title={p.failedTitle} body={p.failedBody} retry={p.retry} back={<Back />} />;
  }
}

export { reportLoader };
