import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { appServerEnv, repoRoot } from './servers';

/** A port the OS says is free right now, found synchronously so the config stays a plain module. */
function freePortSync(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// The config is evaluated again in every worker; the runner's choices reach them through the environment.
if (!process.env.E2E_RUN_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'gre-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  process.env.E2E_PORT = String(freePortSync());
  // The web servers are stopped before the runner exits, so their databases can go with it.
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);

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
  // One worker: admin switches (maintenance, minimum version) are global to the server, and two cores
  // are already shared by the server, Chromium and the runner.
  workers: 1,
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
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
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
  webServer: {
    name: 'app',
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/`,
    env: appServerEnv(port, join(process.env.E2E_RUN_DIR, 'main')),
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
