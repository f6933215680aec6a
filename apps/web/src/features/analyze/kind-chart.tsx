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
/** The accuracy chart's rows hold the kind's counts under its name: a second line of label. */
const COUNTED_ROW_HEIGHT = 44;

/** Bar height of a chart with `rows` kinds: every bar keeps a readable row, however many kinds there are. */
export function kindChartHeight(rows: number, metric: KindMetric = 'avgTime'): number {
  return Math.max(160, 48 + rows * (metric === 'accuracy' ? COUNTED_ROW_HEIGHT : ROW_HEIGHT));
}

function tooltipText(bar: KindBar): string {
  const rate = bar.accuracy === null ? k.noAnswer : `${bar.accuracy}%`;
  const lines = [bar.name, `${k.accuracy} ${rate}`, k.answered(bar.correct, bar.answered)];
  if (bar.unanswered > 0) lines.push(k.unanswered(bar.unanswered));
  lines.push(`${k.time} ${bar.avgTime} ${k.seconds}`);
  return lines.join('<br/>');
}

/**
 * One horizontal bar per kind (the Chinese kind names are long, so they sit on the y axis), first kind on top. Every
 * bar carries its value as text, so nothing is read from length or colour alone; on the accuracy chart the counts the
 * rate stands on (answered, and unanswered apart) sit under the kind's name.
 */
export function kindOption(bars: readonly KindBar[], metric: KindMetric): KindOption {
  const rows = [...bars].reverse();
  const accuracy = metric === 'accuracy';
  const unit = accuracy ? '%' : ` ${k.seconds}`;
  return {
    grid: { left: 8, right: 56, top: 8, bottom: 24, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'item', formatter: (p) => tooltipText(rows[(p as { dataIndex: number }).dataIndex]!) },
    // Few, whole ticks: the phone-width chart has room for about five labels.
    xAxis: {
      type: 'value',
      ...(accuracy ? { min: 0, max: 100, interval: 25 } : { min: 0, minInterval: 1, splitNumber: 4 }),
      axisLabel: { formatter: accuracy ? '{value}%' : `{value}${k.seconds}`, hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: rows.map((b) => b.name),
      axisTick: { show: false },
      ...(accuracy && {
        axisLabel: {
          formatter: (name: string, i: number) => {
            const bar = rows[i];
            return bar ? `{name|${name}}\n{counts|${k.counts(bar.correct, bar.answered, bar.unanswered)}}` : name;
          },
          rich: { name: { color: palette.text, lineHeight: 18 }, counts: { color: palette.textMuted, fontSize: 11 } },
        },
      }),
    },
    series: [
      {
        type: 'bar',
        name: accuracy ? k.accuracy : k.time,
        // A kind with nothing answered has no rate: its row says so instead of drawing a zero.
        data: rows.map((b) =>
          !accuracy ? b.avgTime : b.accuracy === null ? { value: 0, label: { formatter: k.noAnswer } } : b.accuracy,
        ),
        barMaxWidth: 20,
        itemStyle: { color: accuracy ? palette.success : palette.primary, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', formatter: (p) => `${p.value as number}${unit}`, color: palette.text },
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
    <div style={{ height: kindChartHeight(bars.length, metric) }}>
      <EChartBox option={option} label={label} className="gr-kind-chart" />
    </div>
  );
}
