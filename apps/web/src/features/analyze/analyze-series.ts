import { shanghaiClock, type CallResponse, type summaryCalls } from '@gre/contracts';
import type { Metric, ReportPoint } from '../records';

type ScorePoint = CallResponse<typeof summaryCalls.getTotalScore>['points'][number];
type KindFigures = CallResponse<typeof summaryCalls.getExercise>['kinds'][number];

/** 'MM-DD HH:mm' in Shanghai: two mocks on one day stay two points on the axis. */
function pointLabel(unixSeconds: number): string {
  const t = shanghaiClock(unixSeconds);
  return `${t.month}-${t.day} ${t.hour}:${t.minute}`;
}

/** The score trend as the report chart draws it: one point per finished mock, oldest first; absent scores stay gaps. */
export function trendPoints(points: readonly ScorePoint[]): Pick<ReportPoint, 'label' | 'values'>[] {
  return [...points]
    .sort((a, b) => a.finished_at - b.finished_at || a.exam_id - b.exam_id)
    .map((p) => ({ label: pointLabel(p.finished_at), values: { verbal: p.verbal, quant: p.quant, total: p.total } }));
}

/** The scores some point has: a learner who only took verbal-only mocks has no Q and no total line. */
export function trendMetrics(points: readonly ScorePoint[]): Metric[] {
  return (['verbal', 'quant', 'total'] as const).filter((m) => points.some((p) => p[m] !== null));
}

export interface KindBar {
  kind: string;
  name: string;
  /** 0–100, one decimal, over answered questions (the server's one definition); null when none was answered. */
  accuracy: number | null;
  avgTime: number;
  correct: number;
  answered: number;
  unanswered: number;
}

/**
 * Kinds with at least one graded question, by category then in `order` (the category config's order of kinds; kinds
 * it does not know go last, as the server listed them); rounded for display. The accuracy is the server's, so a kind
 * and the overall figure never disagree on what a rate means.
 */
export function kindBars(
  kinds: readonly KindFigures[],
  name: (kind: string) => string,
  order: (kind: string) => number = () => 0,
): KindBar[] {
  return kinds
    .map((k, i) => ({ k, i }))
    .filter(({ k }) => k.total > 0)
    .sort((a, b) => a.k.category - b.k.category || order(a.k.kind) - order(b.k.kind) || a.i - b.i)
    .map(({ k }) => ({
      kind: k.kind,
      name: name(k.kind),
      accuracy: k.accuracy === null ? null : Math.round(k.accuracy * 10) / 10,
      avgTime: Math.round(k.avg_time_seconds * 10) / 10,
      correct: k.correct,
      answered: k.answered,
      unanswered: k.unanswered,
    }));
}
