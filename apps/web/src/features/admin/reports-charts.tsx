import type { Report } from '@gre/contracts';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { EChartBox } from '../../components/echart-box';
import { fenToYuan, formatFen } from '../../components/format';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';
import { palette } from '../../theme';

// The report's charts, loaded only when the 报表 tab shows (stack.md: ECharts stays out of every other chunk); only the
// line and bar charts and the three components they need are registered.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent]);

type ChartOption = echarts.ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

const r = adminExtrasCopy.reports;
const SALE_KINDS = ['VIP', 'SVIP', 'FlashCoin'] as const;
const SALE_COLORS: Record<(typeof SALE_KINDS)[number], string> = {
  VIP: palette.primary,
  SVIP: palette.warning,
  FlashCoin: palette.success,
};

/** 2026-11-05 → 11-05: the year is in the range picker above. */
const shortDay = (day: string) => day.slice(5);

/** New users and active learners per day: two lines over the days of the range. */
export function usersOption(report: Report): ChartOption {
  return {
    grid: { left: 40, right: 16, top: 40, bottom: 28 },
    legend: { top: 0, type: 'scroll', data: [r.series.newUsers, r.series.active] },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: report.days.map((d) => shortDay(d.day)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'line',
        name: r.series.newUsers,
        data: report.days.map((d) => d.new_users),
        color: palette.primary,
        symbolSize: 6,
      },
      {
        type: 'line',
        name: r.series.active,
        data: report.days.map((d) => d.active_learners),
        color: palette.success,
        symbolSize: 6,
      },
    ],
  };
}

/** Sales per day stacked by kind, in yuan (the report carries fen); the tooltip gives each as money. */
export function salesOption(report: Report): ChartOption {
  return {
    grid: { left: 48, right: 16, top: 40, bottom: 28 },
    // One scrolling line of legend: three names wrap on a phone and fall on the plot.
    legend: { top: 0, type: 'scroll', data: SALE_KINDS.map((k) => r.series[k]) },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => formatFen(Math.round(Number(v) * 100)),
    },
    xAxis: { type: 'category', data: report.days.map((d) => shortDay(d.day)) },
    yAxis: { type: 'value', axisLabel: { formatter: '¥{value}' } },
    series: SALE_KINDS.map((kind): BarSeriesOption => ({
      type: 'bar',
      name: r.series[kind],
      stack: 'sales',
      data: report.days.map((d) => fenToYuan(d.sales_fen[kind])),
      color: SALE_COLORS[kind],
      barMaxWidth: 24,
    })),
  };
}

/** Registered in the range against those of them who paid since: two bars, each with its count. */
export function conversionOption(report: Report): ChartOption {
  const { registered, paid } = report.conversion;
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', minInterval: 1, show: false },
    yAxis: { type: 'category', data: [r.series.paid, r.series.registered], axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        data: [
          { value: paid, itemStyle: { color: palette.success } },
          { value: registered, itemStyle: { color: palette.primary } },
        ],
        barMaxWidth: 28,
        label: { show: true, position: 'right', formatter: (p) => `${p.value as number} ${r.people}` },
      },
    ],
  };
}

/** The three charts of the report, in cards; the page above holds the figures and the range. */
export default function ReportCharts({ report }: { report: Report }) {
  const users = useMemo(() => usersOption(report), [report]);
  const sales = useMemo(() => salesOption(report), [report]);
  const conversion = useMemo(() => conversionOption(report), [report]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={r.charts.users}>
          <EChartBox option={users} label={r.charts.users} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={r.charts.sales}>
          <EChartBox option={sales} label={r.charts.sales} />
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title={r.charts.conversion}>
          <div style={{ height: 140 }}>
            <EChartBox option={conversion} label={r.charts.conversion} className="gam-conversion-chart" />
          </div>
        </Card>
      </Col>
    </Row>
  );
}
