// `npm run essay:calibrate -w apps/server`: fits the built-in judge on the calibration corpus and writes its weights
// (judge/weights.json, which the judge loads) and docs/essay-judge.md (method, mapping, figures and limits).
import { writeFileSync } from 'node:fs';
import prettier from 'prettier';
import { greWordList } from '../word-list.js';
import { runCalibration } from './calibrate.js';
import { DOC_FILE, renderReport, WEIGHTS_FILE } from './report.js';

const report = runCalibration(await greWordList());
const options = (await prettier.resolveConfig(WEIGHTS_FILE)) ?? {};
writeFileSync(WEIGHTS_FILE, await prettier.format(JSON.stringify(report.model), { ...options, parser: 'json' }));
writeFileSync(DOC_FILE, renderReport(report));
const [vs1, vs2, , ceiling] = report.held_out.map((c) => c.gre);
console.log(
  `held out: ${report.split.held_out_essays} essays; machine vs rater exact ${vs1!.exact}/${vs2!.exact}, QWK ${vs1!.qwk}/${vs2!.qwk};` +
    ` raters ${ceiling!.exact}, QWK ${ceiling!.qwk}; band ±${report.model.band_half_width}`,
);
console.log(`wrote ${WEIGHTS_FILE} and ${DOC_FILE}`);
