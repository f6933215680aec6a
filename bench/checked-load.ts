// The per-learner benchmarks' closed-loop load: every autocannon connection is one learner sending their own request
// (one fixed request, or with `next` a new body each time), and every answer is checked; then the ratios to the
// one-query route, the verdict and the result file. runLearnerBenchmark is the whole run of bench/trade-poll.ts and
// bench/mail-inbox.ts; bench/flash-finish.ts, whose setup and timing differ, uses the parts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { HEADERS, systemCalls, userCalls } from '@gre/contracts';
import autocannon from 'autocannon';
import { freshDatabase, type BenchDatabase } from './databases.js';
import { clientHeaders, machineFacts, repoRoot, startServer } from './targets.js';

export interface LoadShape {
  connections: number;
  duration: number;
  warmup: number;
}

/** BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s). */
export const ENV_SHAPE: LoadShape = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};

export interface BenchLearner {
  userId: number;
  token: string;
  deviceId: string;
}

/** A learner's headers: their own token and device, as their browser sends them. */
export function learnerHeaders(l: Pick<BenchLearner, 'token' | 'deviceId'>, extra: Record<string, string> = {}) {
  return { ...clientHeaders(l.token), [HEADERS.deviceId]: l.deviceId, ...extra };
}

export async function post<T>(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { ok: boolean; data: T; err_data: { kind: string; detail: string } | null };
  if (!json.ok) throw new Error(`${path}: ${json.err_data?.kind} ${json.err_data?.detail}`);
  return json.data;
}

/**
 * Registers learner `i` through the public API from 198.18.0.i (the benchmarking range; the setup server must trust
 * X-Forwarded-For, so each learner has its own code budget).
 */
export async function registerLearner(base: string, i: number, tag: string): Promise<BenchLearner> {
  const email = `bench-${tag}-${process.pid}-${i}@example.com`;
  const deviceId = `bench-device-${i}`;
  const anonymous = learnerHeaders(
    { token: '', deviceId },
    { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
  );
  await post(base, userCalls.emailSendCode.path, { email, purpose: 'register' }, anonymous);
  // The sent codes are shown only to a request from this machine, with no proxy naming another client.
  const info = await post<{ recent_codes: { target: string; code: string }[] }>(
    base,
    systemCalls.debugInfo.path,
    {},
    clientHeaders(),
  );
  const code = info.recent_codes.find((c) => c.target === email)?.code;
  if (!code) throw new Error(`no code for ${email} in /api/debug/info`);
  const session = await post<{ token: string; user: { id: number } }>(
    base,
    userCalls.register.path,
    { account: email, code, password: 'bench-password-1' },
    anonymous,
  );
  return { userId: session.user.id, token: session.token, deviceId };
}

export interface CheckedRun {
  result: autocannon.Result;
  /** Answers refused by the run's check. */
  refused: number;
  /** Connections whose `next` ran out of bodies before the end. */
  outOfBodies: number;
}

/** autocannon's figures with p90, and the answers refused by the run's check. */
export function figures({ result: r, refused }: CheckedRun) {
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non_2xx: r.non2xx,
    refused,
  };
}
export type CheckedFigures = ReturnType<typeof figures>;
/** What the report, the check and the ratios read: a benchmark may write its figures in another shape around these. */
export type CoreFigures = Omit<CheckedFigures, 'latency_ms'> & {
  latency_ms: Pick<CheckedFigures['latency_ms'], 'p50' | 'p90' | 'p99' | 'max'>;
};

/** No transport error, no timeout, no non-2xx and no refused answer: otherwise the figure says nothing. */
export const clean = (f: CoreFigures) => f.errors === 0 && f.timeouts === 0 && f.non_2xx === 0 && f.refused === 0;

export const isOk = (json: unknown): json is { ok: true; data: Record<string, unknown> } =>
  typeof json === 'object' && json !== null && (json as { ok?: unknown }).ok === true;

type Accept = (k: number, status: number, json: unknown) => boolean;

/**
 * One closed-loop run: connection k opens with `perConnection(k)` and checks every answer with `accept`. Without
 * `next`, that request (built once) is sent for the whole run; with it, each later request of connection k sends the
 * body `next(k)` gives, and a connection whose `next` gives null sends its last body again and counts in `outOfBodies`.
 */
export async function checkedRun(
  url: string,
  connections: number,
  seconds: number,
  perConnection: (k: number) => { headers: Record<string, string>; body: string },
  accept: Accept,
  next?: (k: number) => string | null,
): Promise<CheckedRun> {
  let refused = 0;
  const outOfBodies = new Set<number>();
  const { pathname } = new URL(url);
  let opened = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    // Called once per connection as autocannon opens it: that connection's own learner from then on.
    setupClient: (client) => {
      const k = opened++;
      const { headers, body } = perConnection(k);
      let last = body;
      client.setRequests([
        {
          method: 'POST',
          path: pathname,
          headers,
          body,
          ...(next && {
            setupRequest: (req) => {
              const fresh = next(k);
              if (fresh === null) outOfBodies.add(k);
              else last = fresh;
              return { ...req, body: last };
            },
          }),
          onResponse: (status, text) => {
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              // Counted below: not JSON is not an answer.
            }
            if (accept(k, status, json)) return;
            refused += 1;
            if (refused <= 5) console.log(`  refused (connection ${k}): ${status} ${text.slice(0, 200)}`);
          },
        },
      ]);
    },
  });
  return { result, refused, outOfBodies: outOfBodies.size };
}

/** A checked run of fixed requests, in the figures of bench/results. */
export async function checkedLoad(
  url: string,
  connections: number,
  seconds: number,
  perConnection: (k: number) => { headers: Record<string, string>; body: string },
  accept: Accept,
): Promise<CheckedFigures> {
  return figures(await checkedRun(url, connections, seconds, perConnection, accept));
}

/** Warms a checked load up, then measures it. */
export async function warmAndMeasure<F>(shape: LoadShape, run: (seconds: number) => Promise<F>): Promise<F> {
  await run(shape.warmup);
  return run(shape.duration);
}

export function report(label: string, f: CoreFigures) {
  console.log(
    `  ${label.padEnd(36)}${String(f.requests_per_sec).padStart(6)} req/s  p50 ${f.latency_ms.p50}  p90 ${f.latency_ms.p90}  p99 ${f.latency_ms.p99}  max ${f.latency_ms.max} ms` +
      `   non-2xx ${f.non_2xx}  refused ${f.refused}  errors ${f.errors}`,
  );
}

/**
 * The bare one-query route (bench/server.ts), warmed up, then measured: the floor of any call that reads a row. Its
 * figures are in the shape `shapeOf` gives (bench/results' usual one by default).
 */
export async function measureCheckedOneQuery(
  env: Record<string, string>,
  userId: number,
  shape: LoadShape,
): Promise<CheckedFigures>;
export async function measureCheckedOneQuery<F>(
  env: Record<string, string>,
  userId: number,
  shape: LoadShape,
  shapeOf: (run: CheckedRun) => F,
): Promise<F>;
export async function measureCheckedOneQuery(
  env: Record<string, string>,
  userId: number,
  shape: LoadShape,
  shapeOf: (run: CheckedRun) => unknown = figures,
) {
  const server = await startServer('one-query', { ...env, BENCH_USER_ID: String(userId) });
  try {
    return await warmAndMeasure(shape, async (seconds) =>
      shapeOf(
        await checkedRun(
          `${server.url}/one-query`,
          shape.connections,
          seconds,
          () => ({ headers: clientHeaders(), body: '{}' }),
          // The row as node-postgres reads it: the bigint id is a string.
          (_k, status, json) =>
            status === 200 && String((json as { row?: { id?: unknown } } | null)?.row?.id) === String(userId),
        ),
      ),
    );
  } finally {
    await server.stop();
  }
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(3));

/**
 * The measured call's p99 and throughput over each yardstick's (`<name>_vs_<yardstick>_p99`, `…_throughput`), and
 * whether its p99 met the target: never when the run is not valid. Prints the verdict against the one-query route.
 */
export function verdict(
  name: string,
  measured: CoreFigures,
  yardsticks: { one_query: CoreFigures } & Record<string, CoreFigures>,
  valid: boolean,
  target: { max_p99_ms: number },
  loadBefore: number[],
  loadAfter: number[],
) {
  const ratios: Record<string, number> = {};
  for (const [yardstick, f] of Object.entries(yardsticks)) {
    ratios[`${name}_vs_${yardstick}_p99`] = ratio(measured.latency_ms.p99, f.latency_ms.p99);
    ratios[`${name}_vs_${yardstick}_throughput`] = ratio(measured.requests_per_sec, f.requests_per_sec);
  }
  const met = valid && measured.latency_ms.p99 < target.max_p99_ms;
  const floor = yardsticks.one_query;
  console.log(
    `  → p99 ${measured.latency_ms.p99} ms, ${ratio(measured.latency_ms.p99, floor.latency_ms.p99)}× the one-query route's p99, ${(ratio(measured.requests_per_sec, floor.requests_per_sec) * 100).toFixed(0)} % of its throughput` +
      ` (target p99 < ${target.max_p99_ms} ms: ${!valid ? 'VOID, failed answers' : met ? 'met' : 'MISSED'}); load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
  );
  return { ratios, met };
}

export const shapeFacts = (shape: LoadShape) => ({
  connections: shape.connections,
  duration_s: shape.duration,
  warmup_s: shape.warmup,
});

/** Writes bench/results/<benchmark>-<database kind>.json: the fields every result file opens with, then `fields`. */
export function writeResult(
  benchmark: string,
  database: BenchDatabase,
  loadBefore: number[],
  loadAfter: number[],
  fields: object,
) {
  const result = {
    benchmark,
    database: database.kind,
    database_detail: database.describe,
    measured_at: new Date().toISOString(),
    machine: machineFacts(loadBefore, loadAfter),
    ...fields,
  };
  const dir = resolve(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${benchmark}-${database.kind}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
}

const loadAverage = () => loadavg().map((n) => Number(n.toFixed(2)));

/** A per-learner benchmark of one call: what differs between them; runLearnerBenchmark does the rest. */
export interface LearnerBenchmark<L extends BenchLearner, P> {
  /** The result file's name and `benchmark` field. */
  benchmark: string;
  /** The console's first line, before the load's shape, and what each connection is. */
  title: string;
  each: string;
  /** Learner `i`, registered (registerLearner) on the setup server, which trusts X-Forwarded-For. */
  learner: (base: string, i: number) => Promise<L>;
  /** Runs once the learners are registered; gives what the check needs. */
  prepare: (database: BenchDatabase, learners: L[]) => Promise<P>;
  /** The measured call: its key in targets and ratios, its report label, its path, a learner's body and check. */
  call: { key: string; label: string; path: string };
  body: (l: L) => string;
  accept: (l: L, data: Record<string, unknown>, prepared: P) => boolean;
  /** The result file's description of the load. */
  note: string;
  target: { max_p99_ms: number };
}

/**
 * Runs a per-learner benchmark on a fresh PostgreSQL database: the learners register, the one-query route is
 * measured, then the call (each connection one learner, every answer checked: 200, ok true and `accept`) and
 * /api/user/get on the same server after it, as the app's own yardstick: the same gate without the call's read.
 * Writes bench/results/<benchmark>-postgres.json; a failed answer voids the run (exit code 1).
 * `--profile` writes a V8 CPU profile of the measured app server into .test-output/bench-profiles.
 */
export async function runLearnerBenchmark<L extends BenchLearner, P>(spec: LearnerBenchmark<L, P>) {
  const shape = ENV_SHAPE;
  const profileDir = process.argv.includes('--profile') ? resolve(repoRoot, '.test-output/bench-profiles') : null;
  const loadBefore = loadAverage();
  const database = await freshDatabase('postgres');
  console.log(
    `${spec.title}: autocannon, ${shape.connections} connections (${spec.each}), ${shape.duration} s (after ${shape.warmup} s warm-up)\npostgres: ${database.describe}`,
  );
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    // The app migrates the fresh database; the learners register through the public API.
    const setup = await startServer('app', { ...appEnv, TRUST_PROXY: 'true' });
    const learners: L[] = [];
    try {
      for (let i = 0; i < shape.connections; i++) learners.push(await spec.learner(setup.url, i));
    } finally {
      await setup.stop();
    }
    const prepared = await spec.prepare(database, learners);

    const floor = await measureCheckedOneQuery(database.env, learners[0]!.userId, shape);
    report('bare Fastify + one PK query', floor);

    const app = await startServer('app', appEnv, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    let measured: CheckedFigures;
    let userGet: CheckedFigures;
    try {
      const mine = (k: number) => learners[k % learners.length]!;
      const measure = (
        path: string,
        body: (l: L) => string,
        accept: (l: L, data: Record<string, unknown>) => boolean,
      ) =>
        warmAndMeasure(shape, (seconds) =>
          checkedLoad(
            app.url + path,
            shape.connections,
            seconds,
            (k) => ({ headers: learnerHeaders(mine(k)), body: body(mine(k)) }),
            (k, status, json) => status === 200 && isOk(json) && accept(mine(k), json.data),
          ),
        );
      measured = await measure(spec.call.path, spec.body, (l, data) => spec.accept(l, data, prepared));
      report(spec.call.label, measured);
      userGet = await measure(
        userCalls.get.path,
        () => '{}',
        (l, data) => data.id === l.userId,
      );
      report('POST /api/user/get (app, same gate)', userGet);
    } finally {
      await app.stop();
    }
    const loadAfter = loadAverage();

    const valid = clean(measured) && clean(floor);
    const yardsticks = { one_query: floor, user_get: userGet };
    const { ratios, met } = verdict(spec.call.key, measured, yardsticks, valid, spec.target, loadBefore, loadAfter);
    writeResult(spec.benchmark, database, loadBefore, loadAfter, {
      load: { tool: 'autocannon', ...shapeFacts(shape), learners: learners.length, note: spec.note },
      app_log_level: appEnv.LOG_LEVEL,
      targets: { one_query: floor, [spec.call.key]: measured, user_get: userGet },
      ratios,
      target: spec.target,
      /** False when any request failed: the latency of a run with failures is not the call's. */
      valid,
      target_met: met,
    });
    if (profileDir) console.log(`  CPU profile of the app server: ${profileDir.replace(`${repoRoot}/`, '')}`);
    if (!valid) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}
