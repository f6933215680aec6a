import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kindBars, trendMetrics, trendPoints } from './analyze-series';

const NOV_22_NOON = Date.UTC(2026, 10, 22, 4) / 1000;

describe('analyze series', () => {
  it('the trend runs oldest first, labelled by Shanghai day and time, with absent scores as gaps', () => {
    const points = trendPoints([
      { exam_id: 2, finished_at: NOV_22_NOON + 3600, verbal: 160, quant: null, total: null },
      { exam_id: 1, finished_at: NOV_22_NOON, verbal: 150, quant: 155, total: 305 },
    ]);
    expect(points.map((p) => p.label)).toEqual(['11-22 12:00', '11-22 13:00']);
    expect(points[1]!.values).toEqual({ verbal: 160, quant: null, total: null });
  });

  it('shows only the scores some mock has', () => {
    expect(trendMetrics([{ exam_id: 1, finished_at: 0, verbal: 150, quant: null, total: null }])).toEqual(['verbal']);
    expect(trendMetrics([])).toEqual([]);
  });

  it('kind bars: only kinds with answers, by category, accuracy as a rounded percentage within 0–100', () => {
    const bars = kindBars(
      [
        { kind: 'qc', category: 3, correct: 1, total: 3, avg_time_seconds: 95.25 },
        { kind: 'tc1', category: 1, correct: 2, total: 2, avg_time_seconds: 40 },
        { kind: 'se', category: 1, correct: 0, total: 0, avg_time_seconds: 0 },
      ],
      (k) => `名-${k}`,
    );
    expect(bars.map((b) => [b.name, b.accuracy, b.avgTime])).toEqual([
      ['名-tc1', 100, 40],
      ['名-qc', 33.3, 95.3],
    ]);
    const order = ['tc3', 'tc1'];
    expect(
      kindBars(
        [
          { kind: 'tc1', category: 1, correct: 1, total: 1, avg_time_seconds: 1 },
          { kind: 'tc3', category: 1, correct: 1, total: 1, avg_time_seconds: 1 },
        ],
        String,
        (k) => order.indexOf(k),
      ).map((b) => b.kind),
    ).toEqual(['tc3', 'tc1']);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        const [bar] = kindBars(
          [{ kind: 'x', category: 1, correct: Math.min(a, b), total: Math.max(a, b, 1), avg_time_seconds: 1 }],
          String,
        );
        expect(bar!.accuracy).toBeGreaterThanOrEqual(0);
        expect(bar!.accuracy).toBeLessThanOrEqual(100);
      }),
    );
  });
});
