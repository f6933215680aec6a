// `npm run bench:lighthouse -w bench`: Lighthouse (performance category, desktop preset) on the exam screen of a real
// exam, in Debian's Chromium. Builds the web app (or takes --dist DIR), starts the real server on its own port with a
// fresh PGlite and the demo accounts, logs the demo VIP in and creates a verbal simulation through the API; audits
// /exam/{id} before the start (the start intro) and once started (a question on screen), and /home and /login for
// comparison. Every audit runs in a fresh browser profile (cold cache) whose localStorage already holds the token.
// Writes results/lighthouse-exam.json with the median run per page; exits 1 when the exam screen scores below 95.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { examCalls, userCalls, type CallDef, type CallRequest, type CallResponse } from '@gre/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { STORAGE_KEYS } from '../apps/web/src/api/storage.js';
import { startAppServer } from '../e2e/servers.js';
import { call, repoRoot } from './targets.js';

const TARGET_SCORE = 95;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const resultsFile = resolve(repoRoot, 'bench/results/lighthouse-exam.json');
const DEMO = { account: 'vip@demo.gre', password: 'demo1234' };

/** The Lighthouse audits reported for every page (numericValue in ms, except CLS and bytes). */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const;

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return { dist: value('--dist'), runs: Number(value('--runs') ?? 3) };
}

const api = <C extends CallDef>(base: string, def: C, body: CallRequest<C>, token?: string) =>
  call<CallResponse<C>>(base, def.path, body, token);

interface Audit {
  score: number;
  metrics: Record<string, { value: number; display: string }>;
  script_transfer_bytes: number;
  total_byte_weight: number;
  script_requests: number;
}

/** One Lighthouse run in a fresh Chromium profile whose localStorage holds `token`. */
async function audit(url: string, token: string | null): Promise<Audit> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    if (token) {
      // A same-origin document that loads no script, so the token is set without warming the cache for the audit.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((key, value) => localStorage.setItem(key, value), STORAGE_KEYS.token, token);
      await page.close();
      await browser.disconnect();
    }
    // disableStorageReset keeps that token; the profile is new, so the HTTP cache is still cold.
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      desktopConfig,
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${finalUrl} (not logged in?)`);
    const requests = (
      (
        lhr.audits['network-requests']?.details as
          { items?: { resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? []
    ).filter((r) => r.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      metrics: Object.fromEntries(
        METRICS.map((id) => [
          id,
          {
            value: Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000,
            display: lhr.audits[id]?.displayValue ?? '',
          },
        ]),
      ),
      script_transfer_bytes: requests.reduce((s, r) => s + (r.transferSize ?? 0), 0),
      script_requests: requests.length,
      total_byte_weight: lhr.audits['total-byte-weight']?.numericValue ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const { dist: givenDist, runs } = args();
  const dist = resolve(givenDist ?? join(repoRoot, '.test-output/lighthouse-dist'));
  if (!givenDist) {
    const webRoot = join(repoRoot, 'apps/web');
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gre-lighthouse-'));
  const loadBefore = loadavg();
  const server = await startAppServer({ WEB_DIST: dist, DATA_DIR: dataDir });
  const app = { base: server.baseURL, stop: server.stop };
  try {
    const { token } = await api(app.base, userCalls.login, DEMO);
    const { mocks } = await api(app.base, examCalls.simulateList, {}, token);
    const mock = mocks.find((m) => m.refusal === null);
    if (!mock) throw new Error('the demo VIP may open no mock');
    const create = () =>
      api(app.base, examCalls.create, { source: 'simulate', version: mock.book_id, select_kind: 'verbal' }, token);
    const intro = await create();
    const started = await create();
    const view = await api(app.base, examCalls.get, { id: started.id }, token);
    await api(app.base, examCalls.start, { id: started.id, revision: view.revision }, token);

    const pages = [
      { name: 'exam (in exam: first question)', path: `/exam/${started.id}`, token, target: true },
      { name: 'exam (start intro)', path: `/exam/${intro.id}`, token, target: true },
      { name: 'home', path: '/home', token, target: false },
      { name: 'login', path: '/login', token: null, target: false },
    ];
    const results = [];
    for (const p of pages) {
      const all: Audit[] = [];
      for (let i = 0; i < runs; i += 1) all.push(await audit(app.base + p.path, p.token));
      const sorted = [...all].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      console.log(
        `${p.name.padEnd(32)} performance ${median.score} (runs: ${all.map((a) => a.score).join(', ')})  LCP ${median.metrics['largest-contentful-paint']!.display}  TBT ${median.metrics['total-blocking-time']!.display}`,
      );
      results.push({
        page: p.name,
        path: p.path,
        target_score: p.target ? TARGET_SCORE : null,
        pass: p.target ? median.score >= TARGET_SCORE : null,
        median,
        runs: all.map((a) => a.score),
      });
    }
    const result = {
      benchmark: 'lighthouse-exam',
      measured_at: new Date().toISOString(),
      lighthouse: (
        JSON.parse(readFileSync(join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
      ).version,
      browser: CHROMIUM,
      preset: 'desktop (Lighthouse desktop config: simulated throttling, 1× CPU)',
      runs_per_page: runs,
      note: 'median run by performance score; fresh profile per run (cold cache); assets served by the app server as built (no compression)',
      machine: {
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model ?? '?',
        node: process.version,
        load_before: loadBefore.map((l) => Math.round(l * 100) / 100),
        load_after: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      pages: results,
      pass: results.every((r) => r.pass !== false),
    };
    mkdirSync(resolve(resultsFile, '..'), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`→ ${resultsFile}`);
    process.exitCode = result.pass ? 0 : 1;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
