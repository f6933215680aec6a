import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Idle expiry of the short-idle server: its sessions expire this long after their last use. */
export const SHORT_IDLE_SECONDS = 4;

/** Environment of every e2e app server: the real main.ts, built web app, fresh PGlite, demo accounts. */
export function appServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  mkdirSync(dataDir, { recursive: true });
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    // E2E_WEB_DIST: test a build kept elsewhere (e.g. while another build rewrites apps/web/dist).
    WEB_DIST: process.env.E2E_WEB_DIST ?? join(repoRoot, 'apps/web/dist'),
    SEED_DEMO: 'true',
    // Staff journeys confirm one action after another with codes to the one admin address: no minute between them.
    CODE_RESEND_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface ExtraServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * Starts another instance of the real app (for configurations the main one must not have, such as a
 * session idle expiry of seconds) and resolves once it serves the web app, or fails after `waitSeconds`.
 */
export async function startAppServer(extra: Record<string, string>, waitSeconds = 90): Promise<ExtraServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), 'extra-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...appServerEnv(port, dataDir, extra) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + waitSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`extra app server exited with code ${child.exitCode}`);
    const ready = await fetch(`${baseURL}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseURL, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`extra app server did not start within ${waitSeconds} s`);
}
