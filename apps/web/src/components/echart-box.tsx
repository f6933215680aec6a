import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import './charts.css';

echarts.use([SVGRenderer]);

/**
 * One ECharts instance in a div: SVG (crisp at any zoom and readable in a screenshot), resized with its box, disposed
 * with the component. Only lazily loaded chart modules import this, so ECharts never reaches a page's first chunk;
 * each of them registers the charts and components its option needs.
 */
export function EChartBox({
  option,
  label,
  className = 'gr-chart',
}: {
  option: EChartsCoreOption;
  label: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} role="img" aria-label={label} />;
}
