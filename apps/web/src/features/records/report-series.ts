import { applyWindow, type Attempt, correctRate, type ScoreWindow, shanghaiDay, windowAverage } from '@gre/contracts';

export { correctRate };

/** Spec §9 report views. */
export const REPORT_VIEWS = ['all', 'total', 'verbal', 'quant'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** A figure the report can follow: the scaled scores of a mock, or the correct rate of a practice book. */
export type Metric = 'verbal' | 'quant' | 'total' | 'rate';

export const metricScore: Record<Metric, (a: Attempt) => number | null> = {
  verbal: (a) => a.verbal,
  quant: (a) => a.quant,
  total: (a) => a.total,
  rate: correctRate,
};

/** The scores some attempt has: a learner who only ever took verbal-only simulations has no Q and no total to show. */
export function scoredMetrics(attempts: readonly Attempt[]): Set<Metric> {
  return new Set(
    (['verbal', 'quant', 'total'] as const).filter((m) => attempts.some((a) => metricScore[m](a) !== null)),
  );
}

/** The series a view shows: in "all", the scores there are; a practice book has only its correct rate, whatever the view. */
export function metricsOf(view: ReportView, scored: ReadonlySet<Metric>): Metric[] {
  if (scored.size === 0) return ['rate'];
  return view === 'all' ? (['verbal', 'quant', 'total'] as const).filter((m) => scored.has(m)) : [view];
}

export interface MetricWindow {
  metric: Metric;
  kept: Attempt[];
  average: number | null;
}

/**
 * Each shown series over the chosen window. The total comes from the server's window when it has answered (it filters
 * by the total); V, Q and the correct rate use the same shared rule on the client, so every view agrees with it.
 */
export function windowsOf(
  all: readonly Attempt[],
  metrics: readonly Metric[],
  window: ScoreWindow,
  nowSeconds: number,
  serverTotal?: readonly Attempt[],
): MetricWindow[] {
  return metrics.map((metric) => {
    const score = metricScore[metric];
    const kept =
      metric === 'total' && serverTotal
        ? serverTotal.filter((a) => a.total !== null)
        : applyWindow(all, window, nowSeconds, score);
    return { metric, kept, average: windowAverage(kept, score) };
  });
}

export interface ReportPoint {
  attempt: Attempt;
  /** The x-axis label: the Shanghai day, with a counter when one day holds several attempts. */
  label: string;
  values: Partial<Record<Metric, number | null>>;
}

/**
 * The chart's points and the table's rows: every attempt some shown series keeps, oldest first. A series has a value
 * only on the attempts its window keeps (null elsewhere, never a zero).
 */
export function reportPoints(windows: readonly MetricWindow[]): ReportPoint[] {
  const byId = new Map<number, Attempt>();
  for (const w of windows) for (const a of w.kept) byId.set(a.exam_id, a);
  const attempts = [...byId.values()].sort((a, b) => a.finished_at - b.finished_at || a.exam_id - b.exam_id);
  const perDay = new Map<string, number>();
  return attempts.map((attempt) => {
    const day = shanghaiDay(attempt.finished_at);
    const n = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, n);
    const values: ReportPoint['values'] = {};
    for (const w of windows)
      values[w.metric] = w.kept.some((k) => k.exam_id === attempt.exam_id) ? metricScore[w.metric](attempt) : null;
    return { attempt, label: n === 1 ? day : `${day} (${n})`, values };
  });
}
