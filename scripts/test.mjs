#!/usr/bin/env node
// `npm test`: every suite in order, then one closing line `N passed, N failed` counted from the JSON reports.
//
//   node scripts/test.mjs                 browser check, vitest (all projects), web build, Playwright
//   node scripts/test.mjs --server-only   vitest server project only (CI runs this again on PostgreSQL)
//   node scripts/test.mjs --unit-only     vitest, all projects, no build and no browser
//   node scripts/test.mjs --e2e-only      browser check, web build, Playwright
//   --no-build       reuse apps/web/dist (e2e)
//   --out DIR        where reports go (default .test-output)
//   --label NAME     names this run in the runner lines (CI: pglite / postgres)
//   FILES / -- ARGS  passed on to the runner(s), e.g. `e2e/auth/frozen-login.spec.ts`
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPlaywright, countVitest, describeRunner, total } from './lib/reports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = { mode: 'all', build: true, out: '.test-output', label: '', extra: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--') {
      opts.extra.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--server-only') opts.mode = 'server';
    else if (a === '--unit-only') opts.mode = 'unit';
    else if (a === '--e2e-only') opts.mode = 'e2e';
    else if (a === '--no-build') opts.build = false;
    else if (a === '--out') opts.out = argv[++i];
    else if (a === '--label') opts.label = argv[++i];
    else if (!a.startsWith('-')) opts.extra.push(a);
    else {
      console.error(`test.mjs: unknown option ${a}`);
      process.exit(2);
    }
  }
  return opts;
}

/** Runs a command with inherited output; resolves to its exit code and duration, never rejects. */
function run(cmd, args, env = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (err) => {
      console.error(`test.mjs: could not start ${cmd}: ${err.message}`);
      done({ code: 127, ms: Date.now() - started });
    });
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? 128 : 1), ms: Date.now() - started }));
  });
}

function step(title) {
  console.log(`\n━━ ${title} ━━`);
}

const opts = parseArgs(process.argv.slice(2));
const out = resolve(root, opts.out);
mkdirSync(out, { recursive: true });
const node = process.execPath;
const prefix = opts.label ? `${opts.label} ` : '';
const runners = [];
const started = Date.now();

if (opts.mode !== 'e2e') {
  const file = join(out, 'vitest.json');
  rmSync(file, { force: true });
  const projects = opts.mode === 'server' ? ['--project', 'server', '--project', 'server-mocking'] : [];
  step(
    `vitest ${opts.mode === 'server' ? '(server)' : '(all projects)'}${process.env.DATABASE_URL ? ' on PostgreSQL' : ''}`,
  );
  const r = await run(node, [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    ...opts.extra,
  ]);
  runners.push(countVitest(`${prefix}vitest`, file, r.code, r.ms));
}

if (opts.mode === 'all' || opts.mode === 'e2e') {
  const file = join(out, 'playwright.json');
  rmSync(file, { force: true });
  step('browser (Debian chromium + CJK font)');
  const browser = await run('bash', ['scripts/ensure-browser.sh']);
  let built = { code: 0, ms: 0 };
  if (browser.code === 0 && opts.build) {
    step('web build');
    built = await run('npm', ['run', 'build', '--silent', '-w', 'apps/web']);
  }
  if (browser.code !== 0) {
    runners.push({
      name: `${prefix}playwright`,
      passed: 0,
      failed: 1,
      skipped: 0,
      exitCode: browser.code,
      durationMs: browser.ms,
      note: 'Chromium or its font is missing',
    });
  } else if (built.code !== 0) {
    runners.push({
      name: `${prefix}web build`,
      passed: 0,
      failed: 1,
      skipped: 0,
      exitCode: built.code,
      durationMs: built.ms,
      note: 'vite build failed; e2e not run',
    });
  } else {
    step('playwright (e2e in Chromium)');
    const r = await run(
      node,
      ['node_modules/@playwright/test/cli.js', 'test', '--config', 'e2e/playwright.config.ts', ...opts.extra],
      {
        E2E_JSON_OUTPUT: file,
      },
    );
    runners.push(countPlaywright(`${prefix}playwright`, file, r.code, r.ms));
  }
}

const sums = total(runners);
const durationMs = Date.now() - started;
writeFileSync(join(out, 'summary.json'), `${JSON.stringify({ ...sums, durationMs, runners }, null, 2)}\n`);
console.log(`\n━━ summary (${(durationMs / 1000).toFixed(0)} s) ━━`);
for (const r of runners) console.log(describeRunner(r));
console.log(`${sums.passed} passed, ${sums.failed} failed`);
process.exit(sums.failed > 0 || sums.passed === 0 ? 1 : 0);
