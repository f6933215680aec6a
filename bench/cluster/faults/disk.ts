// DATA_DIR full on PGlite: one instance (no DATABASE_URL) whose DATA_DIR is on a small tmpfs, seeded, then the space
// left filled with one file while learners write; 15 s later the file is removed. Requests must get a clear error
// (no 500 with a stack), the database must not be corrupted: the acknowledged answers are read back from the data
// directory with the server stopped, then the server is started again on it and must answer. Needs root (mount).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_VERSION, HEADERS, examCalls, userCalls } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import { repoRoot } from '../../targets.js';
import { createLearners, firstLogins, smallBooks } from '../learners.js';
import { BENCH_INSTANCE_ENV, type Instance, type Target } from '../targets.js';
import { FAULT_AT, FAULT_LEARNERS, runFault } from './fault-run.js';
import { run } from './services.js';

const MOUNT = '/tmp/gre-bench-c-disk';
const DATA_DIR = join(MOUNT, 'data');
const FILLER = join(MOUNT, 'filler');
/** Where the server keeps the embedded database under DATA_DIR. */
const DB_DIR = join(DATA_DIR, 'db');
const LOG = resolve(repoRoot, '.test-output/cluster-fault-disk.log');
/** The seeded bank takes about 170 MB; the rest is what the load's writes fill once the filler is removed. */
const SIZE_MB = 400;
const FULL_S = 15;
const PORT = 8490;

const serverMain = resolve(repoRoot, 'apps/server/dist/main.js');
const env = () => ({
  ...process.env,
  ...BENCH_INSTANCE_ENV,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATABASE_URL: '',
  DATA_DIR,
  REDIS_URL: '',
  MIGRATE: 'off',
  MEDIA_SIGNING_SECRET: 'bench-disk-fault-media-signing-secret-0123456789',
});

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The one PGlite instance, in the shape the fault runner reads. */
function pgliteInstance(): Instance & { start(): Promise<void>; child?: ChildProcess } {
  const instance = {
    id: 'pglite',
    port: PORT,
    pid: undefined as number | undefined,
    url: `http://127.0.0.1:${PORT}`,
    logPath: LOG,
    exited: true,
    child: undefined as ChildProcess | undefined,
    async start() {
      const log = createWriteStream(LOG, { flags: 'a' });
      const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
        cwd: repoRoot,
        env: env(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
      instance.child = child;
      instance.pid = child.pid;
      instance.exited = false;
      child.once('exit', () => (instance.exited = true));
      for (let i = 0; i < 240; i++) {
        if (instance.exited) throw new Error(`the PGlite server exited at start; see ${LOG}`);
        try {
          const res = await fetch(`${instance.url}/readyz`);
          if (res.status === 200 || res.status === 404) return;
        } catch {
          // Not listening yet.
        }
        await sleep(500);
      }
      throw new Error('the PGlite server was not ready within 120 s');
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      const child = instance.child;
      if (!child || instance.exited) return;
      const gone = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(force);
    },
    async restart() {
      await instance.kill();
      await instance.start();
    },
  };
  return instance;
}

/** The log lines that name the full disk, and any stack, from this run's server log. */
function logLines() {
  const lines = readFileSync(LOG, 'utf8').split('\n');
  const pick = (re: RegExp) =>
    lines
      .filter((l) => re.test(l))
      .slice(0, 12)
      .map((l) => l.slice(0, 400));
  return {
    log: LOG.replace(`${repoRoot}/`, ''),
    disk_full_lines: pick(/ENOSPC|disk_full|No space/i),
    stack_lines: pick(/^\s+at |"stack"/),
    error_lines_total: lines.filter((l) => /"level":(50|60)|ERROR|FATAL|PANIC/i.test(l)).length,
  };
}

async function post(url: string, path: string, body: unknown, token = '', deviceId = 'disk-readback') {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [HEADERS.apiVersion]: String(API_VERSION),
      [HEADERS.deviceId]: deviceId,
      ...(token ? { [HEADERS.authorization]: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { ok: boolean; data: Record<string, unknown> } };
}

export async function diskFault() {
  mkdirSync(MOUNT, { recursive: true });
  mkdirSync(resolve(repoRoot, '.test-output'), { recursive: true });
  rmSync(LOG, { force: true });
  run(`mount -t tmpfs -o size=${SIZE_MB}m tmpfs ${MOUNT}`);
  const instance = pgliteInstance();
  try {
    console.log(`disk: tmpfs of ${SIZE_MB} MB at ${MOUNT}; migrating and seeding PGlite into ${DATA_DIR}`);
    run(`${process.execPath} ${serverMain} --migrate-only >> ${LOG} 2>&1`.replace(/^/, envPrefix()));
    const setup = await openDatabase({ dataDir: DB_DIR });
    let accounts;
    let books;
    try {
      accounts = await createLearners(setup.pglite!, FAULT_LEARNERS, 'disk');
      books = await smallBooks(setup.pglite!);
    } finally {
      await setup.close();
    }
    await instance.start();
    await firstLogins(instance.url, accounts);
    const target: Target = {
      url: instance.url,
      databaseUrl: `pglite:${DATA_DIR}`,
      instances: [instance],
      balancer: null,
      stop: () => instance.kill() as Promise<void>,
    };
    let space: Record<string, number> = {};
    let readback: Record<string, unknown> = {};
    return await runFault({
      name: 'disk',
      description: `DATA_DIR of one PGlite instance on a ${SIZE_MB} MB tmpfs; at ${FAULT_AT} s the free space is filled with one file (fallocate), removed ${FULL_S} s later`,
      expectation:
        'while the disk is full, writes get a clear refusal (a 503 server_upgrading or another catalogue kind), never a 500 with a stack; reads may go on; after the space is freed all ok; the database is not corrupted: every acknowledged answer is read back, the server starts again on the same DATA_DIR',
      target,
      accounts,
      books,
      inject: async (ctx) => {
        await ctx.at(FAULT_AT);
        const before = statfsSync(MOUNT);
        const free = before.bavail * before.bsize;
        ctx.mark(`fault: filling ${Math.round(free / 1048576)} MB free of ${MOUNT}`);
        try {
          run(`fallocate -l ${free} ${FILLER}`);
          const after = statfsSync(MOUNT);
          space = { free_before_bytes: free, free_after_fill_bytes: after.bavail * after.bsize };
          ctx.mark(`disk full (${after.bavail * after.bsize} bytes free)`);
          await sleep(FULL_S * 1000);
        } finally {
          rmSync(FILLER, { force: true });
          ctx.mark('restored: filler removed');
        }
      },
      // The answers are read from the data directory itself, the server stopped (PGlite is one process's).
      ledgerSql: async () => {
        await instance.kill();
        const db = await openDatabase({ dataDir: DB_DIR });
        return { sql: db.pglite!, close: () => db.close() };
      },
      extra: async () => {
        // Started again on the same DATA_DIR: it must open the database and serve a learner's exams.
        let restarted: unknown;
        try {
          await instance.start();
          const learner = accounts[0]!;
          const login = await post(
            instance.url,
            userCalls.login.path,
            { account: learner.account, password: learner.password },
            '',
            learner.deviceId,
          );
          const token = typeof login.json.data?.token === 'string' ? login.json.data.token : '';
          const list = await post(
            instance.url,
            examCalls.list.path,
            { page: 1, page_size: 20 },
            token,
            learner.deviceId,
          );
          restarted = {
            started: true,
            login_ok: login.json.ok,
            exam_list_ok: list.json.ok,
            exams_listed: Array.isArray(list.json.data?.items) ? list.json.data.items.length : null,
          };
        } catch (e) {
          restarted = { started: false, error: (e as Error).message };
        }
        readback = { restarted_on_same_data_dir: restarted };
        return { space, ...readback, server_log: logLines(), tmpfs_mb: SIZE_MB };
      },
    });
  } finally {
    await instance.kill();
    rmSync(FILLER, { force: true });
    try {
      run(`umount ${MOUNT}`);
    } catch (e) {
      console.log(`  umount ${MOUNT}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
}

/** The migrate-only run's environment, as a shell prefix. */
function envPrefix() {
  const e = env();
  return ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'LOG_LEVEL', 'SEED_DEMO', 'MEDIA_SIGNING_SECRET', 'NODE_ENV']
    .map((k) => `${k}='${(e as Record<string, string | undefined>)[k] ?? ''}'`)
    .join(' ')
    .concat(' ');
}
