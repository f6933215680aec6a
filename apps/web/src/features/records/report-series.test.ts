import { applyWindow, SCORE_WINDOWS, type Attempt } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartOption } from './report-chart';
import {
  correctRate,
  metricScore,
  metricsOf,
  scoredMetrics,
  reportPoints,
  windowsOf,
  type Metric,
} from './report-series';
import { DAY, makeAttempt, NOV_22 } from './test-utils/records-fixtures';

const section = fc.option(fc.integer({ min: 130, max: 170 }), { nil: null });
const attempts = fc
  .array(
    fc.record({
      verbal: section,
      quant: section,
      day: fc.integer({ min: 0, max: 60 }),
      correct: fc.integer({ min: 0, max: 27 }),
    }),
    { maxLength: 15 },
  )
  .map((rows) =>
    rows.map((r, i) =>
      makeAttempt({
        exam_id: i + 1,
        verbal: r.verbal,
        quant: r.quant,
        finished_at: NOV_22 - r.day * DAY + i,
        correct: r.correct,
        total_questions: 27,
      }),
    ),
  );

describe('report series', () => {
  it('every view keeps exactly what the shared window rule keeps, and the points are their union, oldest first', () => {
    fc.assert(
      fc.property(
        attempts,
        fc.constantFrom(...SCORE_WINDOWS),
        fc.constantFrom('all', 'total', 'verbal', 'quant' as const),
        (all, window, view) => {
          const metrics = metricsOf(view, scoredMetrics(all));
          const windows = windowsOf(all, metrics, window, NOV_22);
          for (const w of windows) expect(w.kept).toEqual(applyWindow(all, window, NOV_22, metricScore[w.metric]));
          const points = reportPoints(windows);
          const ids = new Set(windows.flatMap((w) => w.kept.map((a) => a.exam_id)));
          expect(points.map((p) => p.attempt.exam_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
          expect(points.map((p) => p.attempt.finished_at)).toEqual(
            [...points.map((p) => p.attempt.finished_at)].sort((a, b) => a - b),
          );
          for (const p of points)
            for (const w of windows) {
              const inside = w.kept.some((a) => a.exam_id === p.attempt.exam_id);
              expect(p.values[w.metric]).toBe(inside ? metricScore[w.metric](p.attempt) : null);
            }
        },
      ),
    );
  });

  it('the total follows the server’s window when it has answered', () => {
    const all = [
      makeAttempt({ exam_id: 1, verbal: 150 }),
      makeAttempt({ exam_id: 2, verbal: 160, finished_at: NOV_22 + 60 }),
    ];
    const [total] = windowsOf(all, ['total'], 'last_3', NOV_22, [all[1]!]);
    expect(total!.kept.map((a) => a.exam_id)).toEqual([2]);
    expect(total!.average).toBe(315);
  });

  it('a practice book is followed by its correct rate in every view', () => {
    const practice = [makeAttempt({ verbal: null, quant: null, correct: 7, total_questions: 9 })];
    expect(scoredMetrics(practice).size).toBe(0);
    expect(metricsOf('verbal', scoredMetrics(practice))).toEqual(['rate']);
    expect(correctRate(practice[0]!)).toBe(77.8);
    expect(correctRate(makeAttempt({ total_questions: 0, correct: 0 }))).toBeNull();
  });

  it('the "all" view shows only the scores some attempt has', () => {
    const verbalOnly = [makeAttempt({ quant: null }), makeAttempt({ exam_id: 2, quant: null })];
    expect(metricsOf('all', scoredMetrics(verbalOnly))).toEqual(['verbal']);
    expect(metricsOf('all', scoredMetrics([...verbalOnly, makeAttempt({ exam_id: 3 })]))).toEqual([
      'verbal',
      'quant',
      'total',
    ]);
  });

  it('labels several attempts on one day apart', () => {
    const all = [
      makeAttempt({ exam_id: 1 }),
      makeAttempt({ exam_id: 2, finished_at: NOV_22 + 60 }),
      makeAttempt({ exam_id: 3, finished_at: NOV_22 + DAY }),
    ];
    expect(reportPoints(windowsOf(all, ['total'], 'all', NOV_22)).map((p) => p.label)).toEqual([
      '2026-11-22',
      '2026-11-22 (2)',
      '2026-11-23',
    ]);
  });
});

describe('trend chart option', () => {
  const all: Attempt[] = [
    makeAttempt({ exam_id: 1 }),
    makeAttempt({ exam_id: 2, verbal: 160, finished_at: NOV_22 + DAY }),
  ];
  const option = (metrics: Metric[]) => chartOption(reportPoints(windowsOf(all, metrics, 'all', NOV_22)), metrics);

  it('puts V and Q on the 130–170 axis and the total on its own', () => {
    const o = option(['verbal', 'quant', 'total']);
    expect(o.yAxis).toMatchObject([
      { min: 130, max: 170, position: 'left' },
      { min: 260, max: 340, position: 'right' },
    ]);
    expect(
      (o.series as { name: string; yAxisIndex: number; data: unknown[] }[]).map((s) => [s.name, s.yAxisIndex, s.data]),
    ).toEqual([
      ['语文', 0, [150, 160]],
      ['数学', 0, [155, 155]],
      ['总分', 1, [305, 315]],
    ]);
  });

  it('a trend of one attempt draws its point without a hover: the symbol always shown, nothing animating it in', () => {
    const one = chartOption(reportPoints(windowsOf(all.slice(0, 1), ['verbal'], 'all', NOV_22)), ['verbal']);
    expect(one.series).toMatchObject([{ data: [150], showSymbol: true, showAllSymbol: true, animation: false }]);
    expect((one.series as { symbolSize: number }[])[0]!.symbolSize).toBeGreaterThan(0);
    expect(option(['verbal']).series).toMatchObject([{ showSymbol: true, showAllSymbol: true }]);
  });

  it('shows the correct rate in percent for a practice book', () => {
    const o = option(['rate']);
    expect(o.yAxis).toMatchObject([{ min: 0, max: 100, axisLabel: { formatter: '{value}%' } }]);
  });
});
