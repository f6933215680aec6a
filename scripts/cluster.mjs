/**
 * `npm run cluster`: N instances of the compiled server behind HAProxy on one machine, on PostgreSQL and Redis, with no
 * sticky sessions (docs/deploy.md, decision 034).
 *
 *   node scripts/cluster.mjs [--instances 3] [--port 8080] [--stats-port 9080] [--database-url URL] [--redis-url URL] [--fresh]
 *
 * Programmatic API (the load and fault scripts in bench/ import it):
 *
 * @example
 *   import { startCluster } from '../scripts/cluster.mjs';
 *   const cluster = await startCluster({ instances: 3, port: 8080 });
 *   await fetch(`${cluster.url}/api/user/login`, …);
 *   await cluster.instances[1].kill('SIGKILL'); // the balancer routes around it
 *   await cluster.instances[1].restart();       // back, ready, in the balancer again
 *   await cluster.stop();
 *
 * `startCluster({ instances = 3, port = 8080, databaseUrl, redisUrl, fresh = false, env = {}, quiet = false,
 *   build = true })`
 *   - databaseUrl: default postgres://postgres@127.0.0.1:5432/gre_cluster (created when absent); `fresh: true` drops
 *     and recreates that database first (only a database whose name starts with `gre_cluster` or `gre_bench`).
 *   - redisUrl: default redis://127.0.0.1:6379.
 *   - env: extra environment for every instance (LOG_LEVEL, DATABASE_POOL_SIZE, …); it wins over the defaults.
 *   - build: true rebuilds the server or web app when missing or older than their sources; false only when missing
 *     (a benchmark comparing two runs keeps one build while others edit the tree).
 *   - statsPort: HAProxy's stats page, default port+1000.
 *   - Migrates and seeds once (`main.js --migrate-only`), then starts the instances on ports port+1..port+N with
 *     MIGRATE=off, JOBS=on, TRUST_PROXY=true, INSTANCE_ID=app-<i> and one MEDIA_SIGNING_SECRET, and HAProxy on `port`.
 *     Resolves once every instance is ready and the balancer answers.
 *   → { url, databaseUrl, redisUrl, dir, instances: Instance[], balancer: { pid, statsUrl, configPath }, stop() }
 *
 * `startSingle({ port = 8090, databaseUrl, redisUrl, fresh = false, env = {}, quiet = false, build = true })`: the
 * same shape with one instance on `port` and no balancer (`balancer` is null, `url` is the instance's).
 *
 * `quiet: true` prints nothing (errors are thrown with the tail of the failing log).
 *
 * Instance: { id, port, pid, url, logPath, kill(signal = 'SIGTERM') → Promise<exit code or signal>,
 *             restart() → Promise<void> (starts it again if it has exited, resolves when ready) }
 * stop(): SIGTERM to every instance (each answers /readyz 503, waits SHUTDOWN_DRAIN_MS — 5 s in production — and
 * finishes its requests in flight), then to HAProxy; resolves when all have exited (an instance still running 30 s
 * after SIGTERM is killed).
 *
 * A request inside an instance killed with SIGKILL fails at the client (502, or a closed connection): the balancer
 * never replays a POST that may have reached an app (decision 034). Requests after it go to the others.
 *
 * Files, per balancer port so clusters on different ports can run side by side: `.cluster/<port>/app-<i>.log`,
 * `haproxy.log`, `haproxy.cfg` and `data/` (the instances' shared DATA_DIR: uploaded images, exports); startSingle:
 * `.cluster/<port>/single.log`. `.cluster/` is gitignored.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeInstance, startBalancer, stopAll, waitBalancer } from './lib/cluster-processes.mjs';
import { NO_SERVER_503, renderHaproxyConfig } from './lib/haproxy-config.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = resolve(root, 'apps/server/dist/main.js');
const webDist = resolve(root, 'apps/web/dist');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/gre_cluster';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

let say = (line) => console.log(`[cluster] ${line}`);

/** HAProxy from Debian's packages when it is not on the PATH; we run as root, as the browser install does. */
export function ensureHaproxy() {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (probe.status === 0) return probe.stdout.split('\n')[0];
  say('HAProxy is missing: apt-get install -y haproxy');
  // The package's init script would start a daemon on the default config; policy-rc.d 101 keeps it from starting.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  let install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0) {
    say('apt-get install failed; apt-get update, then once more');
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  }
  const again = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (install.status !== 0 || again.status !== 0) {
    throw new Error(
      'Could not install HAProxy (`apt-get install -y haproxy` failed). Install it by hand (it must be root and reach ' +
        "Debian's packages), then run `npm run cluster` again.",
    );
  }
  // A daemon the package's postinst may have started on its own default config is not ours to keep.
  spawnSync('sh', ['-c', 'service haproxy stop >/dev/null 2>&1 || true']);
  return again.stdout.split('\n')[0];
}

/** The newest modification time (ms) of the files under `dirs`; 0 when none exist. */
function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/**
 * Builds the server and the web app when missing or older than their sources (a pulled change must not run on an old
 * build in every instance).
 */
export function ensureBuild({ rebuild = true } = {}) {
  if (!rebuild && existsSync(serverMain) && existsSync(resolve(webDist, 'index.html'))) return;
  const shared = ['packages/contracts/src', 'packages/db/src'].map((d) => resolve(root, d));
  const workspaces = [];
  if (builtAt(serverMain) < newestMtime([resolve(root, 'apps/server/src'), ...shared])) workspaces.push('apps/server');
  if (builtAt(resolve(webDist, 'index.html')) < newestMtime([resolve(root, 'apps/web/src'), ...shared.slice(0, 1)]))
    workspaces.push('apps/web');
  for (const workspace of workspaces) {
    say(`${workspace}: no build or an older one; npm run build -w ${workspace}`);
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`\`npm run build -w ${workspace}\` failed; see above`);
  }
}

async function pgClient(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Creates the database when absent; `fresh` drops it first (only the cluster's and the benchmarks' own). */
export async function ensureDatabase(databaseUrl, { fresh = false } = {}) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${JSON.stringify(name)}: use [a-z0-9_]`);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  let admin;
  try {
    admin = await pgClient(adminUrl.toString());
  } catch (e) {
    throw new Error(`PostgreSQL at ${adminUrl.host} does not answer (${e.message}); start it first`);
  }
  try {
    if (fresh) {
      if (!/^gre_(cluster|bench)/.test(name))
        throw new Error(`fresh: refusing to drop ${name} (not gre_cluster*/gre_bench*)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      say(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

async function checkRedis(redisUrl) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  let cause;
  redis.on('error', (e) => (cause = e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Error(`Redis at ${redisUrl} does not answer (${(cause ?? e).message}); start it first`);
  } finally {
    redis.disconnect();
  }
}

function migrate(env) {
  say('migrating and seeding once: main.js --migrate-only');
  const run = spawnSync(process.execPath, ['--enable-source-maps', serverMain, '--migrate-only'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`migration failed:\n${run.stdout}\n${run.stderr}`);
}

function baseEnv({ databaseUrl, redisUrl, env, dir }) {
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    // production listens on 0.0.0.0 by default; the cluster's instances are for the balancer on this machine only.
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    MIGRATE: 'off',
    JOBS: 'on',
    TRUST_PROXY: 'true',
    WEB_DIST: webDist,
    // Uploaded images and exports are files under DATA_DIR: every instance must see the same folder (docs/deploy.md).
    DATA_DIR: resolve(dir, 'data'),
    // Demo accounts are what `npm run cluster` is tried with; production deployments set SEED_DEMO=false.
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    // One key for every instance: a signed media link made on one must verify on the others.
    MEDIA_SIGNING_SECRET: process.env.MEDIA_SIGNING_SECRET || randomBytes(32).toString('base64url'),
    ...env,
  };
}

async function prepare({ databaseUrl, redisUrl, fresh, env, quiet, dir, build }) {
  if (quiet) say = () => {};
  mkdirSync(dir, { recursive: true });
  ensureBuild({ rebuild: build });
  await ensureDatabase(databaseUrl, { fresh });
  await checkRedis(redisUrl);
  const shared = baseEnv({ databaseUrl, redisUrl, env, dir });
  migrate(shared);
  return shared;
}

export async function startCluster({
  instances: count = 3,
  port = 8080,
  statsPort = port + 1000,
  databaseUrl = DEFAULT_DATABASE_URL,
  redisUrl = DEFAULT_REDIS_URL,
  fresh = false,
  env = {},
  quiet = false,
  build = true,
} = {}) {
  const haproxyVersion = ensureHaproxy();
  const dir = resolve(root, '.cluster', String(port));
  const shared = await prepare({ databaseUrl, redisUrl, fresh, env, quiet, dir, build });
  const instances = Array.from({ length: count }, (_, i) =>
    makeInstance({ id: `app-${i + 1}`, port: port + i + 1, env: shared, dir, serverMain, cwd: root }),
  );
  let balancer;
  try {
    say(`starting ${count} instances on ports ${port + 1}..${port + count}`);
    const statuses = await Promise.all(instances.map((i) => i.start()));
    const readyz = statuses.every((s) => s === 200);
    const configPath = resolve(dir, 'haproxy.cfg');
    const errorfile503 = resolve(dir, 'no-server-503.http');
    writeFileSync(errorfile503, NO_SERVER_503);
    writeFileSync(configPath, renderHaproxyConfig({ port, statsPort, instances, readyz, errorfile503 }));
    const check = spawnSync('haproxy', ['-c', '-f', configPath], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy -c refused ${configPath}:\n${check.stdout}${check.stderr}`);
    say(`${haproxyVersion} on port ${port}`);
    balancer = startBalancer({ configPath, dir, statsPort });
    await waitBalancer(balancer, `http://127.0.0.1:${port}`);
  } catch (e) {
    await stopAll(instances, balancer);
    throw e;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    redisUrl,
    dir,
    instances,
    balancer: { pid: balancer.pid, statsUrl: balancer.statsUrl, configPath: balancer.configPath },
    stop: () => stopAll(instances, balancer),
  };
}

export async function startSingle({
  port = 8090,
  databaseUrl = DEFAULT_DATABASE_URL,
  redisUrl = DEFAULT_REDIS_URL,
  fresh = false,
  env = {},
  quiet = false,
  build = true,
} = {}) {
  const dir = resolve(root, '.cluster', String(port));
  const shared = await prepare({ databaseUrl, redisUrl, fresh, env, quiet, dir, build });
  const instance = makeInstance({ id: 'single', port, env: shared, dir, serverMain, cwd: root });
  try {
    await instance.start();
  } catch (e) {
    await instance.kill('SIGTERM');
    throw e;
  }
  return {
    url: instance.url,
    databaseUrl,
    redisUrl,
    dir,
    instances: [instance],
    balancer: null,
    stop: () => stopAll([instance], null),
  };
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--instances') options.instances = Number(value());
    else if (arg === '--port') options.port = Number(value());
    else if (arg === '--stats-port') options.statsPort = Number(value());
    else if (arg === '--database-url') options.databaseUrl = value();
    else if (arg === '--redis-url') options.redisUrl = value();
    else if (arg === '--fresh') options.fresh = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument ${arg} (see --help)`);
  }
  if (options.instances !== undefined && !(Number.isInteger(options.instances) && options.instances >= 1))
    throw new Error('--instances takes a whole number ≥ 1');
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port > 0 && options.port < 65000))
    throw new Error('--port takes a port number');
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  if (options.help) {
    console.log(
      'node scripts/cluster.mjs [--instances 3] [--port 8080] [--stats-port 9080] [--database-url URL] [--redis-url URL] [--fresh]',
    );
    return;
  }
  const { help: _help, ...rest } = options;
  let cluster;
  try {
    cluster = await startCluster(rest);
  } catch (e) {
    console.error(`[cluster] ${e.message}`);
    process.exit(1);
  }
  console.log(`\nGRE 备考 cluster: ${cluster.url}   (HAProxy stats: ${cluster.balancer.statsUrl})`);
  console.log(`database ${cluster.databaseUrl}   redis ${cluster.redisUrl}\n`);
  console.table(cluster.instances.map((i) => ({ id: i.id, pid: i.pid, url: i.url, log: i.logPath })));
  console.log('Ctrl-C stops everything (the instances drain first).');
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[cluster] ${signal}: stopping the instances (draining), then HAProxy`);
    await cluster.stop();
    console.log('[cluster] stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // An instance that dies on its own is reported; the balancer already routes around it.
  for (const i of cluster.instances) {
    void i.exitPromise.then((how) => {
      if (!stopping) console.warn(`[cluster] ${i.id} (pid ${i.pid}) exited (${how}); see ${i.logPath}`);
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
