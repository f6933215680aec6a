// The calibration run again, from the corpus: docs/essay-judge.md and weights.json must be what it computes now, so
// no figure in the doc and no weight in the judge can be copied by hand or left behind by a change to the features.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandOf } from '../judge.js';
import { parseModel, SHIPPED_MODEL } from '../model.js';
import { greWordList } from '../word-list.js';
import { BAND_COVERAGE, BAND_STEPS, bandHalfWidth, runCalibration, type CalibrationReport } from './calibrate.js';
import { DOC_FILE, renderReport, WEIGHTS_FILE } from './report.js';

let report: CalibrationReport;
beforeAll(async () => {
  report = runCalibration(await greWordList());
}, 120_000);

const FIX = 'run `npm run essay:calibrate -w apps/server` and commit the doc and the weights';

describe('the calibration', () => {
  it(`docs/essay-judge.md holds the figures the calibration computes (else ${FIX})`, () => {
    expect(readFileSync(DOC_FILE, 'utf8'), FIX).toBe(renderReport(report));
  });

  it(`weights.json is the model the calibration fits (else ${FIX})`, () => {
    const shipped = parseModel(JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')));
    expect(shipped.features).toEqual(report.model.features);
    for (const key of ['mean', 'sd', 'coef'] as const)
      shipped[key].forEach((v, k) => expect(v, `${key}[${k}]`).toBeCloseTo(report.model[key][k]!, 9));
    expect(shipped.intercept).toBeCloseTo(report.model.intercept, 9);
    expect({ ...shipped, mean: [], sd: [], coef: [], intercept: 0 }).toEqual({
      ...report.model,
      mean: [],
      sd: [],
      coef: [],
      intercept: 0,
    });
    expect(SHIPPED_MODEL).toEqual(shipped);
  });

  it('reports the band the measured agreement supports, and the judge shows that band', () => {
    const { band_coverage: coverage } = report;
    const chosen = report.model.band_half_width;
    expect(coverage.map((c) => c.half_width)).toEqual([...BAND_STEPS]);
    // The chosen half-width holds a single rater's score often enough, and no narrower one does.
    expect(coverage.find((c) => c.half_width === chosen)!.share).toBeGreaterThanOrEqual(BAND_COVERAGE);
    for (const c of coverage.filter((c) => c.half_width < chosen)) expect(c.share).toBeLessThan(BAND_COVERAGE);
    expect(bandHalfWidth(coverage)).toBe(chosen);
    // The share at ±0.5 and ±1 is the mean of the machine's two single-rater agreements in the table.
    const [vs1, vs2] = report.held_out.map((c) => c.gre);
    expect(coverage[0]!.share).toBeCloseTo((vs1!.within_half + vs2!.within_half) / 2, 2);
    expect(coverage[1]!.share).toBeCloseTo((vs1!.within_one + vs2!.within_one) / 2, 2);
    // The judge's band is that half-width around its score, within 0–6.
    expect(bandOf(3.5)).toEqual({ low: 3.5 - chosen, high: 3.5 + chosen });
    expect(bandOf(6).high).toBe(6);
    expect(bandOf(1).low).toBe(Math.max(0, 1 - chosen));
  });

  it('compares on writers the model never saw, beside the human–human ceiling', () => {
    const { split } = report;
    expect(split.train_essays + split.held_out_essays).toBe(report.corpus.essays);
    expect(report.held_out.map((c) => c.label)).toEqual([
      'machine vs rater 1',
      'machine vs rater 2',
      'machine vs the raters’ mean',
      'rater 1 vs rater 2 (ceiling)',
    ]);
    for (const c of report.held_out) expect(c.gre.n).toBe(split.held_out_essays);
    expect(Object.values(report.held_out_scores).reduce((a, b) => a + b, 0)).toBe(split.held_out_essays);
  });
});
