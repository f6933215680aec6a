// `npm run bench:essay -w bench`: throughput of the built-in essay judge (apps/server/src/modules/essays/judge). It
// judges the calibration corpus's held-out essays (real student essays, median ~580 words) over and over, first on
// one thread — as the judging job runs it, one essay at a time — then on one worker thread per core, all at once, and
// writes essays per second (median of --rounds, each --seconds long) and the per-essay latency of the one-thread run
// to results/essay-judge.json. The word lists and the spell checker are built before timing starts.
// Then its `latency_pglite` (bench/essay-latency.ts): the real server judging on PGlite, and the latency of learners'
// reads while it does.
// Options: --part throughput|latency|all (all; one part keeps the other's figures already in the file), --seconds S
// (5), --rounds N (3), --latency-seconds S (20, each latency phase), --read-rate N (100 /api/user/get a second; the
// essay list at a fifth), --essay-rate N (2 essays submitted a second), --out FILE.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { readCorpus, splitByWriter } from '../apps/server/src/modules/essays/judge/calibration/corpus.js';
import { greWordList, judgeEssay, warmSpelling } from '../apps/server/src/modules/essays/judge/index.js';
import { measureLatencyPglite, type LatencyOptions } from './essay-latency.js';
import { machineFacts, repoRoot } from './targets.js';

interface Options extends LatencyOptions {
  part: 'throughput' | 'latency' | 'all';
  rounds: number;
  /** Each throughput round; the latency phases' length is LatencyOptions.seconds. */
  judgeSeconds: number;
  out: string;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    part: 'all',
    judgeSeconds: 5,
    rounds: 3,
    seconds: 20,
    readRate: 100,
    essayRate: 2,
    out: resolve(repoRoot, 'bench/results/essay-judge.json'),
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--part') opts.part = argv[++i] as Options['part'];
    else if (a === '--seconds') opts.judgeSeconds = Number(argv[++i]);
    else if (a === '--rounds') opts.rounds = Number(argv[++i]);
    else if (a === '--latency-seconds') opts.seconds = Number(argv[++i]);
    else if (a === '--read-rate') opts.readRate = Number(argv[++i]);
    else if (a === '--essay-rate') opts.essayRate = Number(argv[++i]);
    else if (a === '--out') opts.out = resolve(argv[++i]!);
    else throw new Error(`bench:essay: unknown option ${a}`);
  }
  if (!['throughput', 'latency', 'all'].includes(opts.part))
    throw new Error('bench:essay: --part is throughput, latency or all');
  const rates = [opts.judgeSeconds, opts.rounds, opts.seconds, opts.readRate, opts.essayRate];
  if (!rates.every((x) => x > 0) || !(opts.rounds >= 1))
    throw new Error('bench:essay: --seconds, --rounds, --latency-seconds and the rates must be positive');
  return opts;
}

const heldOut = splitByWriter(readCorpus()).heldOut;

/** Judges held-out essays in turn for `seconds`; returns how many and each one's time in ms. */
async function judgeFor(seconds: number): Promise<{ essays: number; ms: number[] }> {
  const gre = await greWordList();
  const ms: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const e = heldOut[i % heldOut.length]!;
    const t0 = performance.now();
    judgeEssay({ essay: e.text, prompt: { text: e.prompt }, gre });
    ms.push(performance.now() - t0);
  }
  return { essays: ms.length, ms };
}

async function warm(): Promise<void> {
  warmSpelling();
  await judgeFor(0.5);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const round = (x: number, d = 1) => Number(x.toFixed(d));

/** One worker per thread, warmed, then all told to start at once; essays judged by all of them per second. */
async function parallelRate(threads: number, seconds: number): Promise<number> {
  // A worker does not inherit tsx's loader on Node 20: it registers tsx itself, then imports this file.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true, workerData: { seconds } }));
  const ready = workers.map((w) => new Promise<void>((ok) => w.once('message', () => ok())));
  await Promise.all(ready);
  const done = workers.map(
    (w) =>
      new Promise<number>((ok, fail) => {
        w.once('message', (n: number) => ok(n));
        w.once('error', fail);
      }),
  );
  const t0 = performance.now();
  for (const w of workers) w.postMessage('go');
  const counts = await Promise.all(done);
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  return counts.reduce((a, b) => a + b, 0) / elapsed;
}

/** The judge alone: one thread, then every core; the results file's top-level fields. */
async function throughput(opts: Options) {
  const loadBefore = loadavg().map((n) => round(n, 2));
  await warm();
  const single: number[] = [];
  let latencies: number[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const run = await judgeFor(opts.judgeSeconds);
    single.push(run.essays / opts.judgeSeconds);
    latencies = latencies.concat(run.ms);
  }
  const threads = cpus().length;
  const parallel: number[] = [];
  for (let r = 0; r < opts.rounds; r++) parallel.push(await parallelRate(threads, opts.judgeSeconds));
  const result = {
    benchmark: 'essay-judge',
    measured_at: new Date().toISOString(),
    method:
      'judgeEssay on the calibration corpus held-out essays in turn (their own prompt), word lists and spell checker built before timing; one thread, then one worker thread per core started together; median of rounds',
    essays: heldOut.length,
    words_median: median(heldOut.map((e) => e.text.split(/\s+/).filter(Boolean).length)),
    seconds_per_round: opts.judgeSeconds,
    rounds: opts.rounds,
    one_thread: {
      essays_per_second: round(median(single)),
      runs: single.map((x) => round(x)),
      ms_per_essay: {
        p50: round(quantile(latencies, 0.5), 2),
        p95: round(quantile(latencies, 0.95), 2),
        max: round(Math.max(...latencies), 2),
      },
    },
    all_cores: { threads, essays_per_second: round(median(parallel)), runs: parallel.map((x) => round(x)) },
    machine: machineFacts(
      loadBefore,
      loadavg().map((n) => round(n, 2)),
      'shared machine: whatever else runs shares these cores; the load averages say how busy it was',
    ),
  };
  console.log(
    `essay judge: ${result.one_thread.essays_per_second} essays/s on one thread (p95 ${result.one_thread.ms_per_essay.p95} ms), ` +
      `${result.all_cores.essays_per_second} on ${threads} threads`,
  );
  return result;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  // One part alone keeps the other's figures from the file it writes.
  const kept = (opts.part !== 'all' && existsSync(opts.out) ? JSON.parse(readFileSync(opts.out, 'utf8')) : {}) as {
    latency_pglite?: unknown;
  };
  const { latency_pglite: keptLatency, ...keptThroughput } = kept;
  const top = opts.part === 'latency' ? keptThroughput : await throughput(opts);
  let latency = keptLatency;
  if (opts.part !== 'throughput') {
    const measured = await measureLatencyPglite(
      opts,
      heldOut.map((e) => e.text),
    );
    latency = measured.result;
    const r = measured.result;
    const p = (f: { latency_ms: { p50: number; p99: number } }) =>
      `p50 ${f.latency_ms.p50} / p99 ${f.latency_ms.p99} ms`;
    console.log(
      `latency on PGlite: /api/user/get quiet ${p(r.quiet.user_get)}, submitting ${p(r.submitting.user_get)}, draining ${p(r.draining.user_get)}; ` +
        `/api/essay/list quiet ${p(r.quiet.essay_list)}, submitting ${p(r.submitting.essay_list)}, draining ${p(r.draining.essay_list)}; ` +
        `judged ${r.submitting.essays_judged_per_second}/s while ${opts.essayRate}/s were submitted, ${r.draining.essays_judged_per_second}/s draining; ` +
        `lag p50 ${r.judging_lag_s.p50} s, p95 ${r.judging_lag_s.p95} s${measured.valid ? '' : ' (VOID: failed requests or essays left unjudged)'}`,
    );
    if (!measured.valid) process.exitCode = 1;
  }
  writeFileSync(opts.out, `${JSON.stringify({ ...top, latency_pglite: latency }, null, 2)}\n`);
  console.log(`→ ${opts.out}`);
}

if (isMainThread) await main();
else {
  await warm();
  parentPort!.postMessage('ready');
  parentPort!.once('message', () => {
    void judgeFor((workerData as { seconds: number }).seconds).then((run) => parentPort!.postMessage(run.essays));
  });
}
