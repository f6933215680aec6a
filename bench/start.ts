// `npm run bench:start -w bench`: start-up time and resident memory of the real server, run from TypeScript under tsx
// (`npm run dev`, the e2e servers) and compiled (`npm start`: apps/server/dist/main.js, `npm run build -w apps/server`).
// One data directory is seeded first; then each runner starts on it `--runs` times (5), alternating, and every run
// records the time from spawning the process to its "running at" line, the resident set size (VmRSS) once it is up,
// and again after 1,000 authenticated POST /api/user/get (10 connections). Medians go to
// results/start-<tsx|compiled>.json. Options: --runs N, --only tsx|compiled, --no-build (measure the existing dist).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { userCalls } from '@gre/contracts';
import autocannon from 'autocannon';
import { call, clientHeaders, repoRoot, stopChild } from './targets.js';

type Runner = 'tsx' | 'compiled';
const RUNNERS: Record<Runner, string[]> = {
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
  compiled: ['--enable-source-maps', 'apps/server/dist/main.js'],
};
const REQUESTS = 1000;

function parseArgs(argv: string[]) {
  const opts = { runs: 5, only: null as Runner | null, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--only') opts.only = argv[++i] as Runner;
    else if (a === '--no-build') opts.build = false;
    else throw new Error(`bench:start: unknown option ${a}`);
  }
  return opts;
}

/** Resident set size of a process in MB, from /proc (Linux, as on the project's machines). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** Spawns the server and resolves at its "running at" line with the time that took. */
function start(runner: Runner, dataDir: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, RUNNERS[runner], {
    cwd: repoRoot,
    // LOG_LEVEL silent: pino writing every request to a pipe would be measured too.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (!m) return;
      const ms = Math.round(performance.now() - t0);
      child.stdout.off('data', onData);
      child.stdout.resume();
      ok({ child, url: m[1]!, ms });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      fail(new Error(`${runner} server exited with code ${code} before it was ready:\n${out}`)),
    );
  });
}

interface Run {
  startup_ms: number;
  rss_mb_started: number;
  rss_mb_after_requests: number;
  requests_non_2xx: number;
}

async function measure(runner: Runner, dataDir: string, token: string): Promise<Run> {
  const { child, url, ms } = await start(runner, dataDir);
  try {
    const started = rssMb(child.pid!);
    const r = await autocannon({
      url: url + userCalls.get.path,
      method: 'POST',
      headers: clientHeaders(token),
      body: '{}',
      connections: 10,
      amount: REQUESTS,
    });
    return {
      startup_ms: ms,
      rss_mb_started: started,
      rss_mb_after_requests: rssMb(child.pid!),
      requests_non_2xx: r.non2xx + r.errors,
    };
  } finally {
    await stopChild(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs });

const opts = parseArgs(process.argv.slice(2));
const runners: Runner[] = opts.only ? [opts.only] : ['tsx', 'compiled'];
if (opts.build && runners.includes('compiled')) {
  const built = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}
const dataDir = mkdtempSync(join(tmpdir(), 'gre-bench-start-'));
const loadBefore = loadavg();
try {
  // The first start migrates and seeds (content, words, demo accounts); every measured start finds it all in place.
  console.log('seeding a data directory (first start)…');
  const seed = await start(runners[0]!, dataDir);
  const { token } = await call<{ token: string }>(seed.url, userCalls.login.path, {
    account: 'vip@demo.gre',
    password: 'demo1234',
  }).finally(() => stopChild(seed.child));

  const runs: Record<Runner, Run[]> = { tsx: [], compiled: [] };
  for (let i = 0; i < opts.runs; i += 1) {
    for (const runner of i % 2 === 0 ? runners : [...runners].reverse()) {
      const r = await measure(runner, dataDir, token);
      runs[runner].push(r);
      console.log(
        `  ${runner.padEnd(9)} start ${String(r.startup_ms).padStart(5)} ms   RSS ${r.rss_mb_started} MB, ${r.rss_mb_after_requests} MB after ${REQUESTS} user/get`,
      );
    }
  }
  const machine = {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? '?',
    node: process.version,
    load_before: loadBefore.map((l) => Math.round(l * 100) / 100),
    load_after: loadavg().map((l) => Math.round(l * 100) / 100),
  };
  for (const runner of runners) {
    const rs = runs[runner];
    const file = resolve(repoRoot, `bench/results/start-${runner}.json`);
    const result = {
      benchmark: `start-${runner}`,
      measured_at: new Date().toISOString(),
      command: `node ${RUNNERS[runner].join(' ')}`,
      note: 'PGlite on an already-seeded data directory, NODE_ENV=development, LOG_LEVEL=silent, no web build served; startup is spawn → "running at" line; RSS is VmRSS of the server process (an open PGlite alone holds ~450–500 MB)',
      startup_ms: spread(rs.map((r) => r.startup_ms)),
      rss_mb_started: spread(rs.map((r) => r.rss_mb_started)),
      rss_mb_after_1000_user_get: spread(rs.map((r) => r.rss_mb_after_requests)),
      user_get_failures: rs.reduce((n, r) => n + r.requests_non_2xx, 0),
      machine,
    };
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `${runner}: start ${result.startup_ms.median} ms, RSS ${result.rss_mb_started.median} MB → ${result.rss_mb_after_1000_user_get.median} MB (medians) → ${file}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
