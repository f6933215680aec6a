import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { zh } from '../../i18n/zh-CN';
import { palette } from '../../theme';
import type { KindBar } from './analyze-series';
import { EChartBox } from '../../components/echart-box';

echarts.use([BarChart, GridComponent, TooltipComponent]);

type KindOption = echarts.ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export type KindMetric = 'accuracy' | 'avgTime';

const k = zh.analyze.kinds;
const ROW_HEIGHT = 34;

/** Bar height of a chart with `rows` kinds: every bar keeps a readable row, however many kinds there are. */
export function kindChartHeight(rows: number): number {
  return Math.max(160, 48 + rows * ROW_HEIGHT);
}

/**
 * One horizontal bar per kind (the Chinese kind names are long, so they sit on the y axis), first kind on top. Every
 * bar carries its value as text, so nothing is read from length or colour alone.
 */
export function kindOption(bars: readonly KindBar[], metric: KindMetric): KindOption {
  const rows = [...bars].reverse();
  const accuracy = metric === 'accuracy';
  const unit = accuracy ? '%' : ` ${k.seconds}`;
  return {
    grid: { left: 8, right: 56, top: 8, bottom: 24, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const bar = rows[(p as { dataIndex: number }).dataIndex]!;
        return `${bar.name}<br/>${k.accuracy} ${bar.accuracy}%<br/>${k.time} ${bar.avgTime} ${k.seconds}<br/>${k.answered(bar.correct, bar.total)}`;
      },
    },
    // Few, whole ticks: the phone-width chart has room for about five labels.
    xAxis: {
      type: 'value',
      ...(accuracy ? { min: 0, max: 100, interval: 25 } : { min: 0, minInterval: 1, splitNumber: 4 }),
      axisLabel: { formatter: accuracy ? '{value}%' : `{value}${k.seconds}`, hideOverlap: true },
    },
    yAxis: { type: 'category', data: rows.map((b) => b.name), axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        name: accuracy ? k.accuracy : k.time,
        data: rows.map((b) => (accuracy ? b.accuracy : b.avgTime)),
        barMaxWidth: 20,
        itemStyle: { color: accuracy ? palette.success : palette.primary, borderRadius: [0, 4, 4, 0] },
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a bar's value is the number it was given
        label: { show: true, position: 'right', formatter: (p) => `${String(p.value)}${unit}`, color: palette.text },
      },
    ],
  };
}

/** Accuracy or mean time per question by kind; loaded lazily with the analyze page. */
export default function KindChart({
  bars,
  metric,
  label,
}: {
  bars: readonly KindBar[];
  metric: KindMetric;
  label: string;
}) {
  const option = useMemo(() => kindOption(bars, metric), [bars, metric]);
  return (
    <div style={{ height: kindChartHeight(bars.length) }}>
      <EChartBox option={option} label={label} className="gr-kind-chart" />
    </div>
  );
}
