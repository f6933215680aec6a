import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { repoRoot } from './servers';

// The config is evaluated again in every worker; the runner's choices reach them through the environment.
if (!process.env.E2E_RUN_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'gre-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  // Each worker's app servers (fixtures.ts) keep their databases here, so they can go with the runner.
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
}

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(repoRoot, '.test-output/playwright-artifacts'),
  // Each worker has its own app server (fixtures.ts: appURL), so spec files run side by side; most of a browser test
  // is waiting, so two workers on two cores nearly halve the run. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // CI shares two cores between the servers, Chromium and the runner: a test that fails once is run again, and the
  // summary names every test that passed only on its retry, so flakiness shows without failing the whole run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_OUTPUT ?? join(repoRoot, '.test-output/playwright.json') }],
  ],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Recording a trace costs every test time; CI records one when it runs a failed test again.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
});
