#!/usr/bin/env node
// Sums the summary.json files of several test runs into one closing line `N passed, N failed`.
//   node scripts/sum-summaries.mjs .test-output/pglite/summary.json .test-output/postgres/summary.json [--extra-failure REASON]...
// A summary that is missing (its run crashed before writing it) counts as one failure.
import { describeRunner, readSummary, total } from './lib/reports.mjs';

const runners = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--extra-failure') {
    runners.push({ name: 'ci', passed: 0, failed: 1, skipped: 0, exitCode: 1, durationMs: 0, note: args[++i] });
    continue;
  }
  const summary = readSummary(args[i]);
  if (!summary || !Array.isArray(summary.runners)) {
    runners.push({
      name: args[i],
      passed: 0,
      failed: 1,
      skipped: 0,
      exitCode: null,
      durationMs: 0,
      note: 'no summary: the run crashed',
    });
  } else {
    runners.push(...summary.runners);
  }
}
const sums = total(runners);
console.log('\n━━ all runs ━━');
for (const r of runners) console.log(describeRunner(r));
console.log(`${sums.passed} passed, ${sums.failed} failed`);
process.exit(sums.failed > 0 || sums.passed === 0 ? 1 : 0);
