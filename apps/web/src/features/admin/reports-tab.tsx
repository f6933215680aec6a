import { permissionCalls, REPORT_DAYS_MAX, ROLE_KINDS, ROLE_NAMES, shanghaiDay, type Report } from '@gre/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Result, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { call } from '../../api/client';
import { formatFen } from '../../components/format';
import { PageSkeleton } from '../../components/page-skeleton';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';
import './reports.css';

// The charts are their own chunk: ECharts loads only when an admin opens this tab (stack.md).
const ReportCharts = lazy(() => import('./reports-charts'));

const r = adminExtrasCopy.reports;
const DAY = 'YYYY-MM-DD';

export interface DayRange {
  from: string;
  to: string;
}

/** Today in Shanghai, the report's day boundary, whatever the browser's zone. */
const today = () => shanghaiDay(Date.now() / 1000);

/** The `days` days that end today (inclusive). */
export function lastDays(days: number, end = today()): DayRange {
  return {
    from: dayjs(end)
      .subtract(days - 1, 'day')
      .format(DAY),
    to: end,
  };
}

/** Days in a range, both ends counted. */
export const rangeDays = (range: DayRange) => dayjs(range.to).diff(dayjs(range.from), 'day') + 1;

/** What the range adds up to: the report's days summed. */
export function reportTotals(report: Report) {
  let newUsers = 0;
  let trades = 0;
  let salesFen = 0;
  for (const d of report.days) {
    newUsers += d.new_users;
    trades += d.trades;
    salesFen += d.sales_fen.VIP + d.sales_fen.SVIP + d.sales_fen.FlashCoin;
  }
  return { newUsers, trades, salesFen };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function Figures({ report }: { report: Report }) {
  const totals = reportTotals(report);
  const cell = (title: string, value: string | number, extra?: string) => (
    <Col xs={12} md={8} xl={4}>
      <Card size="small">
        <Statistic title={title} value={value} />
        {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]}>
      {cell(r.totals.users, report.users.total)}
      {cell(r.totals.frozen, report.users.frozen)}
      {cell(r.totals.newUsers, totals.newUsers)}
      {cell(r.totals.sales, formatFen(totals.salesFen))}
      {cell(r.totals.trades, totals.trades)}
      {cell(
        r.totals.conversion,
        percent(report.conversion.rate),
        r.conversionDetail(report.conversion.paid, report.conversion.registered),
      )}
    </Row>
  );
}

/** 报表: users, active learners and sales by day and kind, and Trail → paid conversion over a chosen range. */
export function ReportsTab() {
  const { message } = App.useApp();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const report = useQuery({
    queryKey: ['admin', 'report', range] as const,
    queryFn: () => call(permissionCalls.getReport, range),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const pick = (dates: [Dayjs | null, Dayjs | null] | null) => {
    if (!dates?.[0] || !dates[1]) return;
    const next = { from: dates[0].format(DAY), to: dates[1].format(DAY) };
    if (rangeDays(next) > REPORT_DAYS_MAX) return void message.error(r.rangeTooLong(REPORT_DAYS_MAX));
    setRange(next);
  };
  const end = dayjs(today());
  const presets = [
    { label: r.presets.week, days: 7 },
    { label: r.presets.month, days: 30 },
    { label: r.presets.quarter, days: 90 },
  ].map((p) => ({ label: p.label, value: [end.subtract(p.days - 1, 'day'), end] as [Dayjs, Dayjs] }));

  const data = report.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {r.intro}
      </Typography.Paragraph>
      <Space wrap className="gam-report-range">
        <Typography.Text>{r.range}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={r.range}
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          presets={presets}
          disabledDate={(d) => d.isAfter(end, 'day')}
          onChange={pick}
        />
      </Space>
      {report.isError && !data ? (
        <Result
          status="warning"
          subTitle={r.loadFailed}
          extra={<Button onClick={() => void report.refetch()}>{coreCopy.common.retry}</Button>}
        />
      ) : !data ? (
        <PageSkeleton rows={6} />
      ) : (
        <>
          <Figures report={data} />
          <Card size="small" title={r.byRole}>
            <Space wrap>
              {ROLE_KINDS.filter((k) => k !== 'Stranger').map((k) => (
                <Tag key={k}>
                  {ROLE_NAMES[k]} {data.users.by_role[k]}
                </Tag>
              ))}
            </Space>
          </Card>
          <Suspense fallback={<Skeleton.Node active className="gr-chart-skeleton" />}>
            <ReportCharts report={data} />
          </Suspense>
        </>
      )}
    </Space>
  );
}
