// `npm run bench:search -w bench`: /api/search at 100,000 generated questions on PostgreSQL. The database is the big
// bank filter's (bank-data.ts: migrations, shipped content, generated rows, VACUUM ANALYZE); the real app serves it in
// its own process; a VIP learner (public and locked questions) runs each query shape alone (one request at a time:
// the call's own latency) and at half the saturated rate (open loop: what a learner sees while the server is half
// busy), in --rounds rounds (3), reporting the round with the median p95 per shape and mode.
// Options: --rows N (100000), --duration S per run (4), --concurrency N (8), --keep, --reuse NAME (as bench:filter).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { searchCalls } from '@gre/contracts';
import pg from 'pg';
import { createBankDatabase, reuseBankDatabase } from './bank-data.js';
import { driveLoad, driveRate, type LoadFigures } from './load-loop.js';
import { clientHeaders, registerUser, repoRoot, startServer } from './targets.js';

type Body = Record<string, string | number>;
interface Shape {
  name: string;
  describe: string;
  bodies: Body[];
  outsideTarget?: true;
}

function parseArgs(argv: string[]) {
  const opts = { rows: 100_000, duration: 4, warmup: 1, concurrency: 8, rounds: 3, keep: false, reuse: null as string | null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--rows') opts.rows = Number(argv[++i]);
    else if (a === '--duration') opts.duration = Number(argv[++i]);
    else if (a === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (a === '--rounds') opts.rounds = Number(argv[++i]);
    else if (a === '--keep') opts.keep = true;
    else if (a === '--reuse') opts.reuse = argv[++i] ?? null;
    else throw new Error(`bench:search: unknown option ${a}`);
  }
  return opts;
}

/** What learners type: English words common to absent, phrases, word beginnings, Chinese terms, filters, words. */
const SHAPES: Shape[] = [
  { name: 'english_word', describe: 'one English word, common to absent', bodies: [{ q: 'because' }, { q: 'economic' }, { q: 'triangle' }, { q: 'photosynthesis' }, { q: 'species' }, { q: 'qzxv' }] },
  { name: 'english_terms', describe: 'two or three English words (every one must occur)', bodies: [{ q: 'coral reef' }, { q: 'average value' }, { q: 'author argues' }, { q: 'integer greater than' }] },
  { name: 'word_part', describe: 'the beginning or middle of an English word', bodies: [{ q: 'photosynth' }, { q: 'economi' }, { q: 'argu' }, { q: 'ecul' }] },
  { name: 'chinese', describe: 'Chinese terms of three or more characters', bodies: [{ q: '三角形' }, { q: '平均数' }, { q: '作者认为' }, { q: '科学家' }, { q: '不正确' }] },
  {
    name: 'filtered',
    describe: 'a query with category, kind or difficulty',
    bodies: [{ q: 'because', category: 1 }, { q: '三角形', category: 3, difficulty: 'hard' }, { q: 'species', kind: 'rc_single' }, { q: 'integer', category: 3, kind: 'qc' }],
  },
  { name: 'deep_page', describe: 'later pages of common queries (the search ranks its first 200 matches: ten pages)', bodies: [{ q: 'because', page: 5 }, { q: 'the', page: 10 }, { q: '答案', page: 8 }] },
  { name: 'words', describe: 'GRE words: headword prefix and Chinese meaning', bodies: [{ q: 'ab', scope: 'words' }, { q: 'lac', scope: 'words' }, { q: 'aband', scope: 'words' }, { q: '放弃', scope: 'words' }, { q: '简洁', scope: 'words' }] },
  {
    name: 'chinese_two_chars',
    describe: 'two-character Chinese words: no trigram, found by the bigram index (migration 0012)',
    bodies: [{ q: '概率' }, { q: '面积' }, { q: '函数' }, { q: '转折', category: 1 }],
  },
];

const TARGET = { p95_ms: 50 };
const opts = parseArgs(process.argv.slice(2));
const log = (line: string) => console.log(line);

log(`search benchmark: ${opts.rows.toLocaleString('en')} generated questions on PostgreSQL; ${opts.rounds} rounds of ${opts.duration} s runs: alone, ${opts.concurrency} in flight, half that rate`);
const bank = opts.reuse ? await reuseBankDatabase(opts.reuse) : await createBankDatabase(opts.rows, log);
log(`  ${bank.describe}: ${bank.counts.total_rows.toLocaleString('en')} rows in questions`);
const server = await startServer('app', { DATABASE_URL: bank.url, DATABASE_POOL_SIZE: '10', NODE_ENV: 'development', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', SEED_DEMO: 'false', REDIS_URL: '' });
const pool = new pg.Pool({ connectionString: bank.url, max: 2 });
try {
  const user = await registerUser(server.url);
  await pool.query("update users set role_kind = 'VIP', role_expires_at = now() + interval '30 days' where id = $1", [user.userId]);
  const headers = clientHeaders(user.token);
  const url = server.url + searchCalls.search.path;
  const totals: Record<string, number> = {};
  for (const shape of SHAPES) {
    for (const b of shape.bodies) {
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ page_size: 20, ...b }) });
      const json = (await res.json()) as { ok: boolean; data: { total: number; capped: boolean }; err_data: { kind: string } | null };
      if (!json.ok) throw new Error(`search ${JSON.stringify(b)}: ${json.err_data?.kind}`);
      totals[JSON.stringify(b)] = json.data.total;
    }
  }
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  type Run = { alone: LoadFigures; saturated: LoadFigures; half_capacity: LoadFigures };
  const runs = new Map<string, Run[]>(SHAPES.map((sh) => [sh.name, []]));
  for (let round = 1; round <= opts.rounds; round++) {
    log(`  round ${round} of ${opts.rounds}`);
    for (const shape of SHAPES) {
      const bodies = shape.bodies.map((b) => JSON.stringify({ page_size: 20, ...b }));
      await driveLoad(url, headers, bodies, opts.concurrency, opts.warmup);
      const alone = await driveLoad(url, headers, bodies, 1, opts.duration);
      const saturated = await driveLoad(url, headers, bodies, opts.concurrency, opts.duration);
      const half = await driveRate(url, headers, bodies, Math.max(1, saturated.requests_per_sec / 2), opts.duration);
      runs.get(shape.name)!.push({ alone, saturated, half_capacity: half });
    }
  }

  const results: Record<string, unknown> = {};
  let met = true;
  const line = (f: LoadFigures) => `p50 ${f.latency_ms.p50}  p95 ${f.latency_ms.p95}  p99 ${f.latency_ms.p99} ms  ${f.requests_per_sec} req/s${f.errors ? `  ERRORS ${f.errors}` : ''}`;
  for (const shape of SHAPES) {
    const mine = runs.get(shape.name)!;
    const median = (mode: keyof Run) => [...mine].sort((a, b) => a[mode].latency_ms.p95 - b[mode].latency_ms.p95)[Math.floor(mine.length / 2)]![mode];
    const [alone, halfLoad, saturated] = [median('alone'), median('half_capacity'), median('saturated')];
    const ok = [alone, halfLoad].every((f) => f.latency_ms.p95 < TARGET.p95_ms) && mine.every((r) => r.alone.errors + r.half_capacity.errors + r.saturated.errors === 0);
    if (!shape.outsideTarget) met &&= ok;
    log(`  ${shape.name}${ok ? '' : shape.outsideTarget ? '   (outside the target)' : '   ← p95 target MISSED'}\n    alone      ${line(alone)}\n    half load  ${line(halfLoad)}\n    saturated  ${line(saturated)}`);
    results[shape.name] = {
      describe: shape.describe,
      bodies: shape.bodies.map((b) => ({ ...b, total: totals[JSON.stringify(b)] })),
      alone,
      half_capacity: halfLoad,
      saturated,
      p95_ms_every_round: { alone: mine.map((r) => r.alone.latency_ms.p95), half_capacity: mine.map((r) => r.half_capacity.latency_ms.p95), saturated: mine.map((r) => r.saturated.latency_ms.p95) },
      ...(shape.outsideTarget ? { outside_target: true } : {}),
      p95_under_target: ok,
    };
  }
  const result = {
    benchmark: 'search',
    database: 'postgres',
    database_detail: bank.describe,
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? '?',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      note: 'load generator, app server and PostgreSQL share this machine',
      load_average_before: loadBefore,
      load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
    },
    call: `POST ${searchCalls.search.path}`,
    viewer: 'VIP learner (sees public and locked questions), Bearer session',
    counts: bank.counts,
    setup_s: bank.timings_s,
    load: {
      tool: 'fetch() requests timed one by one (bench/load-loop.ts)',
      alone: 'closed loop, 1 in flight',
      saturated: `closed loop, ${opts.concurrency} in flight`,
      half_capacity: 'open loop at half the saturated requests per second, evenly spaced',
      duration_s: opts.duration,
      warmup_s: opts.warmup,
      rounds: opts.rounds,
      reported: 'per shape and mode, the round with the median p95',
    },
    target: { ...TARGET, applies_to: 'p95 alone and at half capacity, every shape not marked outside_target' },
    target_met: met,
    shapes: results,
  };
  const dir = resolve(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'search-postgres.json');
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`  → p95 < ${TARGET.p95_ms} ms for every shape: ${met ? 'met' : 'MISSED'}; wrote ${file.replace(`${repoRoot}/`, '')}`);
} finally {
  await pool.end();
  await server.stop();
  if (opts.keep || opts.reuse) {
    log(`  kept ${bank.url} (drop it with: psql -h 127.0.0.1 -U postgres -c 'drop database ${bank.name}')`);
    await bank.keep();
  } else await bank.drop();
}
