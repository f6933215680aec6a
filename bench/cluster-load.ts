// `npm run bench:cluster -w bench`: learners as they behave (bench/cluster/learner.ts: log in, home, practice with
// checked answers, a timed section, review, search, a flash-card round, a trade polled) against the cluster — N
// instances behind HAProxy on PostgreSQL + Redis (scripts/cluster.mjs) — and then against one instance, each on a fresh
// database, in one invocation. Per call: count, errors, p50/p95/p99/max; every acknowledged answer looked up in the
// database afterwards (lost answers must be 0); the cluster-over-single ratios. Writes bench/results/cluster-load.json.
// Options: --learners 200, --seconds 60, --warmup 5 (learners already running, not in the figures; their answers are
// checked all the same), --instances 3, --seed 1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { checkLedger, type LedgerCheck } from './cluster/ledger.js';
import { createLearners, firstLogins, smallBooks } from './cluster/learners.js';
import { runLoad } from './cluster/load.js';
import type { CallFigures } from './cluster/record.js';
import {
  BENCH_INSTANCE_ENV,
  benchDatabaseUrl,
  dropBenchDatabase,
  loadAverage,
  numberOption,
  startCluster,
  startSingle,
  balancerView,
  instanceMetrics,
  type Target,
} from './cluster/targets.js';
import { machineFacts, repoRoot } from './targets.js';

const LEARNERS = numberOption('learners', 200);
const SECONDS = numberOption('seconds', 60);
const INSTANCES = numberOption('instances', 3);
const SEED = numberOption('seed', 1);
// Each instance warms its own caches and code on the same cores: 5 s measured the cluster's cold start (3 × the cold
// work), not its steady state (bench/README.md).
const WARMUP = numberOption('warmup', 30);

interface TargetResult {
  target: string;
  instances: number;
  database: string;
  load_average_before: number[];
  load_average_after: number[];
  elapsed_s: number;
  measured_s: number;
  calls: Record<string, CallFigures>;
  errors: number;
  error_examples: Record<string, string[]>;
  answers: LedgerCheck;
  /** Every instance still running at the end, none restarted. */
  instances_alive_at_end: boolean;
  /** HAProxy's view of each instance at the end (status, sessions, time marked down by its health check). */
  balancer_at_end: unknown;
  instance_metrics: unknown;
  /** Requests by outcome for every second, warm-up included: when errors came, they are in a burst or spread. */
  timeline: Record<string, number>[];
}

async function measure(name: 'cluster' | 'single', start: (databaseUrl: string) => Promise<Target>) {
  const databaseUrl = benchDatabaseUrl(`load_${name}`);
  const loadBefore = loadAverage();
  console.log(`\n${name}: starting on a fresh database`);
  const target = await start(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  try {
    const accounts = await createLearners(pool, LEARNERS, name);
    await firstLogins(target.url, accounts);
    const books = await smallBooks(pool);
    console.log(`  ${accounts.length} learners, ${books.length} books; load for ${SECONDS} s at ${target.url}`);
    const run = await runLoad({ url: target.url, accounts, books, seconds: WARMUP + SECONDS, seed: SEED });
    const answers = await checkLedger(pool, run.ledger);
    // Figures from the end of the warm-up to the end of the run (calls in flight at the end included).
    const measured = run.elapsed_s - WARMUP;
    const calls = run.recorder.perCall(measured, WARMUP);
    const all = calls.all!;
    console.log(
      `  ${all.count} requests (${all.requests_per_sec}/s), errors ${all.errors}, p50 ${all.latency_ms.p50} p95 ${all.latency_ms.p95} p99 ${all.latency_ms.p99} max ${all.latency_ms.max} ms; answers acknowledged ${answers.acknowledged}, lost ${answers.lost}`,
    );
    const result: TargetResult = {
      target: name === 'cluster' ? `${INSTANCES} instances behind HAProxy` : 'one instance, no balancer',
      instances: target.instances.length,
      database: new URL(databaseUrl).pathname.slice(1),
      load_average_before: loadBefore,
      load_average_after: loadAverage(),
      elapsed_s: run.elapsed_s,
      measured_s: Number(measured.toFixed(2)),
      calls,
      errors: all.errors,
      error_examples: run.recorder.examples,
      answers,
      instances_alive_at_end: target.instances.every((i) => !i.exited),
      balancer_at_end: target.balancer ? await balancerView(target.balancer.statsUrl) : null,
      instance_metrics: await instanceMetrics(target.instances),
      timeline: run.recorder.timeline().map((r) => ({ s: r.second, ...r.counts })),
    };
    return { result, think: run.think_ms, sectionAnswers: run.section_answers };
  } finally {
    await pool.end();
    await target.stop();
    await dropBenchDatabase(databaseUrl);
  }
}

const ratio = (a: number, b: number) => (b === 0 ? null : Number((a / b).toFixed(3)));

async function main() {
  const loadBefore = loadAverage();
  console.log(`cluster load: ${LEARNERS} learners, ${SECONDS} s per target, ${INSTANCES} instances vs one`);
  const env = BENCH_INSTANCE_ENV;
  const cluster = await measure('cluster', (databaseUrl) =>
    startCluster({ instances: INSTANCES, port: 8180, databaseUrl, fresh: true, env, quiet: true }),
  );
  const single = await measure('single', (databaseUrl) =>
    startSingle({ port: 8190, databaseUrl, fresh: true, env, quiet: true }),
  );
  const ratios: Record<string, { throughput: number | null; p99: number | null }> = {};
  for (const [call, c] of Object.entries(cluster.result.calls)) {
    const s = single.result.calls[call];
    if (!s) continue;
    ratios[call] = {
      throughput: ratio(c.requests_per_sec, s.requests_per_sec),
      p99: ratio(c.latency_ms.p99, s.latency_ms.p99),
    };
  }
  const valid = [cluster, single].every((t) => t.result.errors === 0 && t.result.answers.lost === 0);
  const loadAfter = loadAverage();
  const result = {
    benchmark: 'cluster-load',
    measured_at: new Date().toISOString(),
    machine: machineFacts(
      loadBefore,
      loadAfter,
      'shared machine: the load generator (one Node process, 200 learners), every app instance, HAProxy, PostgreSQL and Redis share these cores; with 2 cores, 3 instances cannot be 3 times one — the ratio says what a second and third process buy on the same CPUs, not on more machines',
    ),
    load: {
      learners: LEARNERS,
      seconds_per_target: SECONDS,
      warmup_s: WARMUP,
      closed_loop_note:
        'the learners think between calls, so the offered rate is theirs and the same on both targets: the throughput ratio stays near 1 unless one instance cannot keep up (then its calls queue and its throughput falls); the p99 ratio is the telling one',
      seed: SEED,
      think_time_ms: cluster.think,
      journeys:
        'each learner loops over: home (user/get, exam/quota_today, summary/get_daily, summary/month_activity, review/due), practice of a small book with up to 4 checked answers (exam/practice, exam/check), a timed section of a small book (exam/create, start, get, then move + answer for the first N questions, finish_section), review (exam/result of the last finished exam, else exam/list), search, a 5-card flash deck (create_flash, open_flash, update_choice per card, finish_round), a trade (pay/init VIP then trade/get 3 times); starting at a random journey; login first and whenever the session is lost',
      section_answers: cluster.sectionAnswers,
      accounts:
        'made in the database before the run (VIP for a year, 100000 flash coins, one argon2 hash of the shared password), then one login each through the target in set-up so each learner device is known; no throttle setting is changed for the bench instances: a known device skips the per-address and per-account failed-login budgets, and a right password gives back the unit it took',
      instance_env: BENCH_INSTANCE_ENV,
      errors_are:
        'any answer but 200 ok and the expected business refusals of a call (none are expected in this run): other 4xx, 5xx, network errors and timeouts (15 s)',
    },
    targets: { cluster: cluster.result, single: single.result },
    ratios_cluster_over_single: ratios,
    valid,
  };
  const dir = resolve(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cluster-load.json');
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  const all = ratios.all;
  console.log(
    `\ncluster / single: throughput ×${all?.throughput}, p99 ×${all?.p99}; ${valid ? 'no errors, no lost answers' : 'ERRORS OR LOST ANSWERS: see the file'}; load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
  );
  console.log(`wrote ${file.replace(`${repoRoot}/`, '')}`);
  if (!valid) process.exitCode = 1;
}

await main();
