import { SCORE_WINDOWS, type CallResponse, type ScoreWindow, type summaryCalls } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Result, Row, Select, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { useBankNames } from '../questions';
import '../../components/charts.css';
import './analyze.css';
import { avgScoreQuery, exerciseQuery, overallQuery, totalScoreQuery, useRefreshRecent } from './analyze-queries';
import { kindBars, trendMetrics, trendPoints, type KindBar } from './analyze-series';
import type { KindMetric } from './kind-chart';

// ECharts stays out of every other page's chunks (vite.config.ts fails the build otherwise).
const ReportChart = lazy(() => import('../records/report-chart'));
const KindChart = lazy(() => import('./kind-chart'));

const a = zh.analyze;
const windowCopy = zh.records.report;

type Overall = CallResponse<typeof summaryCalls.get>;

function chartSkeleton() {
  return <Skeleton.Node active className="gr-chart-skeleton" />;
}

function OverallRow({ overall }: { overall: Overall }) {
  const o = a.overall;
  const figures: { key: string; title: string; value: ReactNode; suffix?: string; note?: string }[] = [
    {
      key: 'questions',
      title: o.questions,
      value: overall.questions,
      suffix: o.questionsUnit,
      note: overall.unanswered > 0 ? o.unansweredNote(overall.unanswered) : undefined,
    },
    {
      key: 'accuracy',
      title: o.accuracy,
      value: overall.accuracy ?? windowCopy.dash,
      suffix: overall.accuracy === null ? undefined : '%',
      note: o.accuracyNote(overall.correct, overall.questions),
    },
    { key: 'time', title: o.time, value: zh.records.duration(overall.used_time_seconds) },
    { key: 'exams', title: o.exams, value: overall.exams_finished, suffix: o.examsUnit },
    { key: 'days', title: o.days, value: overall.days_active, suffix: o.daysUnit },
    {
      key: 'streak',
      title: o.streak,
      value: overall.streak,
      suffix: o.daysUnit,
      note: o.bestStreak(overall.best_streak),
    },
  ];
  return (
    <Card className="gr-analyze-block">
      <Row gutter={[layout.gutter, layout.gutter]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} sm={8} lg={4}>
            <Statistic title={f.title} value={f.value as number | string} suffix={f.suffix} />
            {f.note && <Typography.Text type="secondary">{f.note}</Typography.Text>}
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" className="gr-analyze-definition">
        {o.definition}
      </Typography.Paragraph>
    </Card>
  );
}

function Averages({ window }: { window: ScoreWindow }) {
  const { data } = useQuery(avgScoreQuery(window));
  const v = a.averages;
  const show = (n: number | null | undefined) => (n === null || n === undefined ? windowCopy.dash : n);
  return (
    <Card
      title={v.title}
      className="gr-analyze-block"
      extra={data && <Typography.Text type="secondary">{v.count(data.count)}</Typography.Text>}
    >
      {data ? (
        <Row gutter={[layout.gutter, layout.gutter]}>
          <Col xs={8}>
            <Statistic title={v.verbal} value={show(data.verbal)} />
          </Col>
          <Col xs={8}>
            <Statistic title={v.quant} value={show(data.quant)} />
          </Col>
          <Col xs={8}>
            <Statistic title={v.total} value={show(data.total)} />
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}

function Trend({ window }: { window: ScoreWindow }) {
  const navigate = useNavigate();
  const { data } = useQuery(totalScoreQuery(window));
  const points = useMemo(() => (data ? trendPoints(data.points) : []), [data]);
  const metrics = useMemo(() => (data ? trendMetrics(data.points) : []), [data]);
  return (
    <Card title={a.trend.title} className="gr-analyze-block">
      {!data ? (
        chartSkeleton()
      ) : points.length === 0 || metrics.length === 0 ? (
        <Empty description={a.trend.empty}>
          <Button onClick={() => void navigate('/simulate')}>{a.trend.emptyAction}</Button>
        </Empty>
      ) : (
        <Suspense fallback={chartSkeleton()}>
          <ReportChart points={points} metrics={metrics} label={a.trend.label} />
        </Suspense>
      )}
    </Card>
  );
}

function KindCard({
  title,
  label,
  bars,
  metric,
}: {
  title: string;
  label: string;
  bars: KindBar[] | undefined;
  metric: KindMetric;
}) {
  return (
    <Card title={title} className="gr-analyze-block">
      {!bars ? (
        chartSkeleton()
      ) : bars.length === 0 ? (
        <Empty description={a.kinds.empty} />
      ) : (
        <Suspense fallback={chartSkeleton()}>
          <KindChart bars={bars} metric={metric} label={label} />
        </Suspense>
      )}
    </Card>
  );
}

function Kinds({ window }: { window: ScoreWindow }) {
  const names = useBankNames();
  const { data } = useQuery(exerciseQuery(window));
  const bars = useMemo(() => {
    if (!data) return undefined;
    const order = new Map(names.config?.categories.flatMap((c) => c.kinds.map((k) => k.id)).map((id, i) => [id, i]));
    return kindBars(data.kinds, names.kind, (kind) => order.get(kind) ?? Number.MAX_SAFE_INTEGER);
  }, [data, names]);
  const k = a.kinds;
  return (
    <Row gutter={[layout.gutter, layout.gutter]}>
      <Col xs={24} lg={12}>
        <KindCard title={k.accuracyTitle} label={k.accuracyLabel} bars={bars} metric="accuracy" />
      </Col>
      <Col xs={24} lg={12}>
        <KindCard title={k.timeTitle} label={k.timeLabel} bars={bars} metric="avgTime" />
      </Col>
    </Row>
  );
}

function NothingYet() {
  const navigate = useNavigate();
  return (
    <Card>
      <Empty description={a.empty.title}>
        <Typography.Paragraph type="secondary">{a.empty.hint}</Typography.Paragraph>
        <Button type="primary" onClick={() => void navigate('/exercise_list/big')}>
          {a.empty.action}
        </Button>
      </Empty>
    </Card>
  );
}

/** 重新统计近 30 天, with what it does in a tooltip and the number of days rebuilt in the success message. */
function RefreshRecent() {
  const { message } = App.useApp();
  const refresh = useRefreshRecent();
  const r = a.refresh;
  return (
    <Tooltip title={r.tip}>
      <Button
        icon={<SyncOutlined aria-hidden />}
        loading={refresh.isPending}
        onClick={() => refresh.mutate(undefined, { onSuccess: ({ days }) => void message.success(r.done(days)) })}
      >
        {r.action}
      </Button>
    </Tooltip>
  );
}

/**
 * /analyze 成长分析: overall figures, then — over the chosen spec §9 score window — the mock averages, the score trend
 * and accuracy and time per question by kind.
 */
export function AnalyzePage() {
  const overall = useQuery(overallQuery);
  const [scoreWindow, setScoreWindow] = useState<ScoreWindow>('all');
  const nothing =
    overall.data && overall.data.questions === 0 && overall.data.unanswered === 0 && overall.data.exams_finished === 0;
  return (
    <div className="gr-analyze">
      <div className="gr-analyze-head">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {a.title}
        </Typography.Title>
        {/* On every state, the empty one included: the daily rows it rebuilds are what the overall figures add up. */}
        <RefreshRecent />
      </div>
      <Typography.Paragraph type="secondary">{a.intro}</Typography.Paragraph>
      {overall.isError ? (
        <Result
          status="warning"
          title={a.failed}
          extra={
            <Button type="primary" onClick={() => void overall.refetch()}>
              {a.retry}
            </Button>
          }
        />
      ) : !overall.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : nothing ? (
        <NothingYet />
      ) : (
        <>
          <OverallRow overall={overall.data} />
          <div className="gr-report-controls">
            <Select
              aria-label={windowCopy.windowLabel}
              value={scoreWindow}
              onChange={setScoreWindow}
              style={{ minWidth: 180 }}
              options={SCORE_WINDOWS.map((w) => ({
                value: w,
                label: `${windowCopy.windowLabel}：${windowCopy.windows[w]}`,
              }))}
            />
          </div>
          <Averages window={scoreWindow} />
          <Trend window={scoreWindow} />
          <Kinds window={scoreWindow} />
        </>
      )}
    </div>
  );
}
