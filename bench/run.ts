// `npm run bench`: the foundation benchmark, on PGlite and PostgreSQL in one run.
// For each database: bare Fastify hello-world (ceiling), a bare Fastify route doing one primary-key
// query (floor for any database read), and the real app's authenticated POST /api/user/get.
// Options: --only pglite|postgres, --duration SECONDS, --connections N, --profile (CPU profile of the app server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { freshDatabase, type DbKind } from './databases.js';
import { clientHeaders, figures, registerUser, repoRoot, startServer, type Figures } from './targets.js';

function parseArgs(argv: string[]) {
  const opts = { only: null as DbKind | null, duration: 10, connections: 50, warmup: 2, profile: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--only') opts.only = argv[++i] as DbKind;
    else if (a === '--duration') opts.duration = Number(argv[++i]);
    else if (a === '--connections') opts.connections = Number(argv[++i]);
    else if (a === '--profile') opts.profile = true;
    else throw new Error(`bench: unknown option ${a}`);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const resultsDir = resolve(repoRoot, 'bench/results');
const profileDir = resolve(repoRoot, '.test-output/bench-profiles');
/** Request logging off in the app server: the figures are for the request path, not for pino writing to a pipe. */
const APP_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  return figures(
    await autocannon({ url, method: 'POST', headers, body: '{}', connections: opts.connections, duration: seconds }),
  );
}

/** Starts a target, warms it up unrecorded, measures, stops it. */
async function measure(
  label: string,
  mode: 'hello' | 'one-query' | 'app',
  env: Record<string, string>,
  path: string,
  token?: string,
) {
  const nodeArgs = opts.profile && mode === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer(mode, env, nodeArgs);
  try {
    const headers = clientHeaders(token);
    await load(server.url + path, headers, opts.warmup);
    process.stdout.write(`  ${label.padEnd(34)}`);
    const f = await load(server.url + path, headers, opts.duration);
    console.log(
      `${String(f.requests_per_sec).padStart(7)} req/s   p50 ${f.latency_ms.p50} ms  p97.5 ${f.latency_ms.p97_5} ms  p99 ${f.latency_ms.p99} ms   errors ${f.errors}  non-2xx ${f.non_2xx}`,
    );
    return f;
  } finally {
    await server.stop();
  }
}

async function benchDatabase(kind: DbKind) {
  const database = await freshDatabase(kind);
  console.log(`\n${kind}: ${database.describe}`);
  try {
    const appEnv = {
      ...database.env,
      NODE_ENV: 'development',
      LOG_LEVEL: APP_LOG_LEVEL,
      SEED_DEMO: 'false',
      REDIS_URL: '',
    };
    // The app migrates the fresh database; a user registers through the public API.
    const setup = await startServer('app', appEnv);
    const user = await registerUser(setup.url).finally(() => setup.stop());

    const hello = await measure('bare Fastify hello-world', 'hello', {}, '/hello');
    const oneQuery = await measure(
      'bare Fastify + one PK query',
      'one-query',
      { ...database.env, BENCH_USER_ID: String(user.userId) },
      '/one-query',
    );
    const userGet = await measure('POST /api/user/get (app, Bearer)', 'app', appEnv, '/api/user/get', user.token);

    const ratios = {
      user_get_vs_one_query_throughput: Number((userGet.requests_per_sec / oneQuery.requests_per_sec).toFixed(3)),
      one_query_vs_hello_throughput: Number((oneQuery.requests_per_sec / hello.requests_per_sec).toFixed(3)),
    };
    const target = { min_throughput_ratio: 0.7, max_p99_ms: 25 };
    const met =
      ratios.user_get_vs_one_query_throughput >= target.min_throughput_ratio &&
      userGet.latency_ms.p99 < target.max_p99_ms;
    console.log(
      `  → /api/user/get is ${(ratios.user_get_vs_one_query_throughput * 100).toFixed(0)} % of the one-query route, p99 ${userGet.latency_ms.p99} ms` +
        (kind === 'postgres' ? `  (target ≥ 70 % and p99 < 25 ms: ${met ? 'met' : 'MISSED'})` : ''),
    );
    const result = {
      benchmark: 'foundation',
      database: kind,
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? '?', node: process.version },
      load: {
        tool: 'autocannon',
        connections: opts.connections,
        duration_s: opts.duration,
        warmup_s: opts.warmup,
        method: 'POST',
        body: '{}',
      },
      app_log_level: APP_LOG_LEVEL,
      targets: { hello, one_query: oneQuery, user_get: userGet },
      ratios,
      ...(kind === 'postgres' ? { target, target_met: met } : {}),
    };
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `foundation-${kind}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
    return result;
  } finally {
    await database.drop();
  }
}

const kinds: DbKind[] = opts.only ? [opts.only] : ['pglite', 'postgres'];
console.log(
  `foundation benchmark: autocannon, ${opts.connections} connections, ${opts.duration} s per target (after ${opts.warmup} s warm-up), each server in its own process`,
);
for (const kind of kinds) await benchDatabase(kind);
if (opts.profile)
  console.log(`\nCPU profiles of the app server: ${profileDir.replace(`${repoRoot}/`, '')} (open in Chrome DevTools)`);
