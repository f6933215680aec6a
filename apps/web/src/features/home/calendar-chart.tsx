import { HeatmapChart, type HeatmapSeriesOption } from 'echarts/charts';
import {
  CalendarComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  type CalendarComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { zh } from '../../i18n/zh-CN';
import { palette } from '../../theme';
import { EChartBox } from '../../components/echart-box';
import { daysOfMonth } from './home-queries';

// A heat map needs a visual map to colour its cells; only the continuous one, and no legend, is used.
echarts.use([HeatmapChart, CalendarComponent, VisualMapContinuousComponent, TooltipComponent]);

type CalendarOption = echarts.ComposeOption<
  HeatmapSeriesOption | CalendarComponentOption | VisualMapComponentOption | TooltipComponentOption
>;

const c = zh.home.calendar;

export interface CalendarDay {
  day: string;
  questions: number;
  signed_in: boolean;
}

/**
 * The month as a calendar (weeks as rows, Monday first): the darker a day, the more questions that day. Every cell
 * carries its day number, and a signed-in day a ✓ under it, so the sign-in never rests on colour alone; today has a
 * border. Days the server did not list count as empty.
 */
export function calendarOption(month: string, days: readonly CalendarDay[], today: string): CalendarOption {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const most = Math.max(1, ...days.map((d) => d.questions));
  const data = daysOfMonth(month).map((day) => {
    const q = byDay.get(day)?.questions ?? 0;
    return {
      value: [day, q] as [string, number],
      // Light text once a cell is dark enough that the default dark text would lose contrast.
      label: { color: q / most > 0.5 ? palette.surface : palette.text },
      itemStyle: day === today ? { borderColor: palette.warning, borderWidth: 2 } : {},
    };
  });
  return {
    // A month grid has nothing to animate; cells that fade in only leave a blank box in a quick look or a screenshot.
    animation: false,
    tooltip: {
      formatter: (p) => {
        // An item tooltip: one cell, never a list.
        const [day, q] = (Array.isArray(p) ? p[0]! : p).value as [string, number];
        return c.dayTip(day, q, byDay.get(day)?.signed_in ?? false);
      },
    },
    visualMap: {
      show: false,
      min: 0,
      max: most,
      seriesIndex: 0,
      inRange: { color: [palette.layoutBg, palette.primary] },
    },
    calendar: {
      orient: 'vertical',
      range: month,
      top: 28,
      left: 8,
      right: 8,
      bottom: 8,
      cellSize: ['auto', 'auto'],
      splitLine: { show: false },
      itemStyle: { borderColor: palette.surface, borderWidth: 3 },
      dayLabel: { firstDay: 1, nameMap: c.weekdays, color: palette.textMuted },
      monthLabel: { show: false },
      yearLabel: { show: false },
    },
    series: [
      {
        type: 'heatmap',
        coordinateSystem: 'calendar',
        data,
        label: {
          show: true,
          fontSize: 12,
          lineHeight: 14,
          formatter: (p) => {
            const day = (p.value as [string, number])[0];
            return byDay.get(day)?.signed_in ? `${Number(day.slice(8))}\n✓` : String(Number(day.slice(8)));
          },
        },
      },
    ],
  };
}

/** The calendar heat map; loaded lazily with the home page so ECharts stays out of the first chunk. */
export default function CalendarChart({
  month,
  days,
  today,
  label,
}: {
  month: string;
  days: readonly CalendarDay[];
  today: string;
  label: string;
}) {
  const option = useMemo(() => calendarOption(month, days, today), [month, days, today]);
  return <EChartBox option={option} label={label} className="gr-calendar" />;
}
