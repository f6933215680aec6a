import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { zh } from '../../i18n/zh-CN';
import { palette } from '../../theme';
import { EChartBox } from '../../components/echart-box';
import type { Metric, ReportPoint } from './report-series';

// Only the line chart and the three components it needs: the full build is ~1 MB, this is a fraction (stack.md).
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent]);

/** What the chart reads of a point (the analyze page's trend has no attempt behind it). */
type ChartPoint = Pick<ReportPoint, 'label' | 'values'>;

type ChartOption = echarts.ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

const s = zh.records.scores;
const NAMES: Record<Metric, string> = { verbal: s.verbal, quant: s.quant, total: s.total, rate: s.rate };
const COLORS: Record<Metric, string> = {
  verbal: palette.primary,
  quant: palette.success,
  total: palette.warning,
  rate: palette.primary,
};

/** Section scores run 130–170 and the total 260–340 (docs/scoring.md); the correct rate 0–100 %. */
const AXES = {
  section: { min: 130, max: 170, interval: 10 },
  total: { min: 260, max: 340, interval: 20 },
  rate: { min: 0, max: 100, interval: 20 },
} as const;

/**
 * The trend chart's option: one line per metric over the attempts. V and Q share the 130–170 axis; the total gets its
 * own axis on the right when it shows beside them, so neither is squashed.
 */
export function chartOption(points: readonly ChartPoint[], metrics: readonly Metric[]): ChartOption {
  const sections = metrics.some((m) => m === 'verbal' || m === 'quant');
  const axes: { key: keyof typeof AXES; metrics: Metric[] }[] = [];
  if (metrics.includes('rate')) axes.push({ key: 'rate', metrics: ['rate'] });
  if (sections) axes.push({ key: 'section', metrics: ['verbal', 'quant'] });
  if (metrics.includes('total')) axes.push({ key: 'total', metrics: ['total'] });
  return {
    grid: { left: 48, right: axes.length > 1 ? 48 : 24, top: 40, bottom: 32 },
    legend: { top: 0, data: metrics.map((m) => NAMES[m]) },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => p.label), boundaryGap: points.length < 2 },
    yAxis: axes.map((a, i) => ({
      type: 'value',
      ...AXES[a.key],
      position: i === 0 ? 'left' : 'right',
      axisLabel: { formatter: a.key === 'rate' ? '{value}%' : '{value}' },
      splitLine: { show: i === 0 },
    })),
    series: metrics.map((m) => ({
      type: 'line',
      name: NAMES[m],
      yAxisIndex: Math.max(
        0,
        axes.findIndex((a) => a.metrics.includes(m)),
      ),
      data: points.map((p) => p.values[m] ?? null),
      connectNulls: true,
      // Every attempt keeps its dot: a lone attempt has no line, only the dot, which the category axis's label
      // thinning or the line's clip-in animation (zero wide for one point) would otherwise leave undrawn until hovered.
      showSymbol: true,
      showAllSymbol: true,
      animation: points.length > 1,
      symbol: points.length === 1 ? 'circle' : 'emptyCircle',
      symbolSize: points.length === 1 ? 10 : 8,
      itemStyle: { color: COLORS[m] },
      lineStyle: { color: COLORS[m], width: 2 },
    })),
  };
}

/** The report's trend line, in SVG (crisp at any zoom, and readable by a screenshot). Loaded lazily with its page. */
export default function ReportChart({
  points,
  metrics,
  label,
}: {
  points: readonly ChartPoint[];
  metrics: readonly Metric[];
  label: string;
}) {
  const option = useMemo(() => chartOption(points, metrics), [points, metrics]);
  return <EChartBox option={option} label={label} />;
}
