// Counting tests from the runners' JSON reports. Tests, not files; a skipped test is never a pass;
// a runner that crashed or wrote no report is a failure.
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, exitCode: number | null, durationMs: number, note?: string, failures?: string[] }} RunnerCount */

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A runner that exited non-zero without a failing test still failed (unhandled error, crash, bad config). */
function settle(count, exitCode) {
  if (exitCode !== 0 && count.failed === 0) {
    count.failed = 1;
    count.note = count.note ?? `exited with code ${exitCode} without a failing test in its report`;
  }
  return count;
}

/** Vitest's json reporter: one entry per file, each with its assertion results. */
export function countVitest(name, file, exitCode, durationMs) {
  const report = readJson(file);
  const count = { name, passed: 0, failed: 0, skipped: 0, exitCode, durationMs };
  if (!report || !Array.isArray(report.testResults)) {
    count.failed = 1;
    count.note = `no report at ${file}`;
    return count;
  }
  const brokenFiles = [];
  const failedTitles = [];
  for (const f of report.testResults) {
    let failedHere = 0;
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'passed') count.passed += 1;
      else if (a.status === 'failed') {
        failedHere += 1;
        failedTitles.push(`${shortPath(f.name)} › ${a.fullName ?? a.title}`);
      } else count.skipped += 1;
    }
    // A file that failed to load or whose hooks threw has no failing assertion of its own.
    if (f.status === 'failed' && failedHere === 0) {
      failedHere = 1;
      brokenFiles.push(f.name);
    }
    count.failed += failedHere;
  }
  if (brokenFiles.length) count.note = `files failed outside a test: ${brokenFiles.join(', ')}`;
  if (failedTitles.length) count.failures = failedTitles;
  return settle(count, exitCode);
}

/** Playwright's json reporter: stats per test; `flaky` passed on a retry. */
export function countPlaywright(name, file, exitCode, durationMs) {
  const report = readJson(file);
  const count = { name, passed: 0, failed: 0, skipped: 0, exitCode, durationMs };
  if (!report || !report.stats) {
    count.failed = 1;
    count.note = `no report at ${file}`;
    return count;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  count.passed = expected + flaky;
  count.failed = unexpected;
  count.skipped = skipped;
  const failedTitles = playwrightTitles(report.suites ?? [], 'unexpected', []);
  if (flaky)
    count.note = `${flaky} passed only on retry: ${playwrightTitles(report.suites ?? [], 'flaky', []).join('; ')}`;
  if (failedTitles.length) count.failures = failedTitles;
  // Global errors (web server did not start, config error) leave no failing test behind.
  if (Array.isArray(report.errors) && report.errors.length && unexpected === 0) {
    count.failed = 1;
    count.note = `run error: ${String(report.errors[0]?.message ?? '').split('\n')[0]}`;
  }
  return settle(count, exitCode);
}

/** Titles of the tests with this outcome (`unexpected`, `flaky`), with their project (desktop / phone). */
function playwrightTitles(suites, status, titles) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === status) titles.push(`${spec.file} › ${spec.title} [${t.projectName}]`);
      }
    }
    playwrightTitles(suite.suites ?? [], status, titles);
  }
  return titles;
}

function shortPath(file) {
  const at = String(file).indexOf('/apps/');
  const at2 = at >= 0 ? at : String(file).indexOf('/packages/');
  return at2 >= 0 ? String(file).slice(at2 + 1) : String(file);
}

/** Sums runner counts into the totals written to summary.json. */
export function total(runners) {
  return runners.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

export function describeRunner(r) {
  const secs = (r.durationMs / 1000).toFixed(1);
  const line = `  ${r.name.padEnd(22)} ${r.passed} ok / ${r.failed} failing / ${r.skipped} skipped  (${secs} s)${r.note ? `  — ${r.note}` : ''}`;
  // The failing tests' names, so the tail of a CI log says what broke.
  const failures = (r.failures ?? []).slice(0, 10).map((t) => `\n      ✘ ${t}`);
  return line + failures.join('');
}

export function readSummary(file) {
  return readJson(file);
}
