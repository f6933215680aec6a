import type { CardStage } from '@gre/contracts';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { EChartBox } from '../../components/echart-box';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { palette } from '../../theme';

// Only the bar chart and the two components it needs (stack.md: never the full ECharts build).
echarts.use([BarChart, GridComponent, TooltipComponent]);

type ChartOption = echarts.ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface Bucket {
  stage: CardStage;
  count: number;
  progress: number;
}

/** Mastered cards in the success colour, the rest in the primary one: the chart reads as "how much is done". */
const colorOf = (stage: CardStage) => (stage === 'Master' ? palette.success : palette.primary);

/** The round summary's option: one bar per stage in stage order, labelled with its count. */
export function summaryOption(buckets: readonly Bucket[]): ChartOption {
  return {
    grid: { left: 32, right: 8, top: 28, bottom: 32 },
    tooltip: { trigger: 'axis' },
    // Every stage keeps its label, also at phone width (the axis would otherwise thin them out).
    xAxis: { type: 'category', data: buckets.map((b) => flashCopy.stages[b.stage]), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: flashCopy.summary.chartTitle,
        data: buckets.map((b) => ({ value: b.count, itemStyle: { color: colorOf(b.stage) } })),
        label: { show: true, position: 'top' },
        barMaxWidth: 48,
      },
    ],
  };
}

/** The five buckets as a bar chart (SVG). Loaded lazily with the round summary, so ECharts stays out of the page. */
export default function SummaryChart({ buckets, label }: { buckets: readonly Bucket[]; label: string }) {
  const option = useMemo(() => summaryOption(buckets), [buckets]);
  return <EChartBox option={option} label={label} className="gr-chart gr-flash-chart" />;
}
