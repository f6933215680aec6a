import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { kindBars, trendMetrics, trendPoints } from './analyze-series';
import { kindOption } from './kind-chart';

/** One kind's figures as the server sends them (accuracy over the answered questions). */
const kind = (id: string, category: number, correct: number, answered: number, unanswered: number, avg: number) => ({
  kind: id,
  category,
  correct,
  answered,
  unanswered,
  total: answered + unanswered,
  accuracy: answered > 0 ? Math.round((correct / answered) * 1000) / 10 : null,
  avg_time_seconds: avg,
});

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

  it('kind bars: only kinds with graded questions, by category, the server’s accuracy over answered ones', () => {
    const bars = kindBars(
      [
        kind('qc', 3, 1, 3, 0, 95.25),
        kind('tc1', 1, 2, 2, 0, 40),
        kind('se', 1, 0, 0, 0, 0),
        kind('rc_multi', 2, 0, 0, 4, 70),
      ],
      (k) => `名-${k}`,
    );
    expect(bars.map((b) => [b.name, b.accuracy, b.avgTime])).toEqual([
      ['名-tc1', 100, 40],
      ['名-rc_multi', null, 70],
      ['名-qc', 33.3, 95.3],
    ]);
    const order = ['tc3', 'tc1'];
    expect(
      kindBars([kind('tc1', 1, 1, 1, 0, 1), kind('tc3', 1, 1, 1, 0, 1)], String, (k) => order.indexOf(k)).map(
        (b) => b.kind,
      ),
    ).toEqual(['tc3', 'tc1']);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), (a, b, u) => {
        const [bar] = kindBars([kind('x', 1, Math.min(a, b), Math.max(a, b, 1), u, 1)], String);
        expect(bar!.accuracy).toBeGreaterThanOrEqual(0);
        expect(bar!.accuracy).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('unanswered questions never count as wrong: 2 right of 4 answered with 7 unanswered is 50 %, not 18.2 %', () => {
    const bars = kindBars([kind('se', 1, 2, 4, 7, 60)], () => '六选二');
    expect(bars[0]).toMatchObject({ accuracy: 50, correct: 2, answered: 4, unanswered: 7 });
    const option = kindOption(bars, 'accuracy');
    const yAxis = option.yAxis as { axisLabel: { formatter: (name: string, i: number) => string } };
    expect(yAxis.axisLabel.formatter('六选二', 0)).toContain(zh.analyze.kinds.counts(2, 4, 7));
    expect((option.series as { data: unknown[] }[])[0]!.data).toEqual([50]);
    // A kind with nothing answered says so rather than drawing a zero rate.
    const none = kindOption(kindBars([kind('se', 1, 0, 0, 3, 10)], String), 'accuracy');
    expect((none.series as { data: unknown[] }[])[0]!.data).toEqual([
      { value: 0, label: { formatter: zh.analyze.kinds.noAnswer } },
    ]);
  });
});
