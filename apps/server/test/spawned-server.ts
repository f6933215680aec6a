import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@gre/db';
import pg from 'pg';
import { createDeps } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { InProcessQueue } from '../src/lib/job-queue.js';
import { withDatabase } from './global-setup.js';
import { dropDatabaseWhenIdle } from './pg-admin.js';
import { callHeaders, type TestApp } from './test-app.js';

// The real server (main.ts under tsx) in a child process, for the tests that kill it with SIGKILL and start it again
// on the same database: what survives a crash can only be seen across processes.

const ROOT = join(import.meta.dirname, '../../..');

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
}

/** A loopback port free now; a test keeps it across restarts when outside callers remember the address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** main.ts under tsx, as `npm run dev` and the e2e servers run it. */
const FROM_SOURCE = ['--import', 'tsx', 'apps/server/src/main.ts'];

/**
 * Starts the server on `env` (DATABASE_URL or DATA_DIR at least) and resolves with the address it prints once it
 * listens. `args` are node's: the source under tsx by default, or a compiled bundle.
 */
export async function spawnServer(env: Record<string, string>, port = 0, args = FROM_SOURCE): Promise<SpawnedServer> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      REDIS_URL: '',
      PORT: String(port || (await freePort())),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line:\n${out}`)), 90_000);
    child.stdout.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => reject(new Error(`exited before start:\n${out}`)));
  });
  return { url, child, exited, output: () => out };
}

/**
 * A PostgreSQL database of its own for a crash test, migrated, with Deps on it for the test's own reads and fixtures
 * (an in-process queue: only the spawned server runs jobs).
 */
export async function crashDatabase(prefix: string) {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = withDatabase(adminUrl, name);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url, poolSize: 4 });
  await database.migrate();
  const deps = await createDeps(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }), {
    database,
    queue: new InProcessQueue(),
  });
  return {
    url,
    database,
    deps,
    async drop() {
      await deps.close();
      await database.close();
      await dropDatabaseWhenIdle(admin, name);
      await admin.end();
    },
  };
}

/** Stops a spawned server (SIGTERM) unless it is gone already. */
export async function stopServer(server: SpawnedServer | null | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** A TestApp's `call` made over HTTP to a spawned server, so the fixtures that take a TestApp drive it. */
export function httpCalls(server: { url: string }): Pick<TestApp, 'call'> {
  return {
    async call(call, body, opts = {}) {
      const headers = callHeaders(opts);
      const res = await fetch(`${server.url}${call.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { ok: boolean; data: never; err_data: never };
      return { status: res.status, ok: json.ok, data: json.data, err: json.ok ? null : json.err_data };
    },
  };
}
