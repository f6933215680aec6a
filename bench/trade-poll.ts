// `npm run bench:trade -w bench`: the payment dialog's poll, POST /api/trade/get, under load on PostgreSQL, against
// the foundation's bare one-query route in the same run (target p99 < 25 ms at 50 connections). Like real dialogs,
// every connection is its own learner polling its own open trade: 50 learners register (each from its own address,
// as the per-address code budget expects), each opens a VIP trade through /api/pay/init on the sandbox provider, and
// each autocannon connection carries one learner's token and trade id for the whole run. Every answer is checked:
// 200, `ok: true` and the learner's own trade; a single failure voids the figure. /api/user/get is measured on the
// same server after it, as the app's own yardstick: the same gate (whose session-and-user look-up, batched across
// concurrent requests, is its only query) without the trade read.
// Options: --profile (V8 CPU profile of the measured app server into .test-output/bench-profiles).
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { HEADERS, payCalls, systemCalls, userCalls, type Payment } from '@gre/contracts';
import autocannon from 'autocannon';
import { freshDatabase } from './databases.js';
import { clientHeaders, repoRoot, startServer, machineFacts } from './targets.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LEARNERS = CONNECTIONS;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET = { max_p99_ms: 25 };
const PROFILE = process.argv.includes('--profile');
const profileDir = resolve(repoRoot, '.test-output/bench-profiles');

interface Learner {
  userId: number;
  token: string;
  deviceId: string;
  tradeId: number;
}

/** A learner's headers: their own token and device, as their browser sends them. */
function learnerHeaders(l: Pick<Learner, 'token' | 'deviceId'>, extra: Record<string, string> = {}) {
  return { ...clientHeaders(l.token), [HEADERS.deviceId]: l.deviceId, ...extra };
}

async function post<T>(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { ok: boolean; data: T; err_data: { kind: string; detail: string } | null };
  if (!json.ok) throw new Error(`${path}: ${json.err_data?.kind} ${json.err_data?.detail}`);
  return json.data;
}

/**
 * Registers learner `i` through the public API from 198.18.0.i (the benchmarking range; the setup server trusts
 * X-Forwarded-For, so each learner has its own code budget), then opens a VIP trade of one month for them.
 */
async function newLearnerWithTrade(base: string, i: number): Promise<Learner> {
  const email = `bench-trade-${process.pid}-${i}@example.com`;
  const deviceId = `bench-device-${i}`;
  const anonymous = learnerHeaders({ token: '', deviceId }, { 'x-forwarded-for': `198.18.0.${i + 1}` });
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
  const learner = { userId: session.user.id, token: session.token, deviceId };
  const payment = await post<Payment>(
    base,
    payCalls.init.path,
    { user_id: learner.userId, kind: 'VIP', param: 2 },
    learnerHeaders(learner),
  );
  if (payment.trade.status !== 'WaitPay') throw new Error(`trade ${payment.trade.id} is ${payment.trade.status}`);
  return { ...learner, tradeId: payment.trade.id };
}

interface Check {
  /** Answers that were not 200 with `ok: true` and the expected data. */
  refused: number;
}

/** autocannon's figures with p90 beside the foundation's percentiles. */
function figures(r: autocannon.Result, check: Check) {
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
    refused: check.refused,
  };
}
type Figures = ReturnType<typeof figures>;

/** No transport error, no timeout, no non-2xx and no refused answer: otherwise the figure says nothing. */
const clean = (f: Figures) => f.errors === 0 && f.timeouts === 0 && f.non_2xx === 0 && f.refused === 0;

/**
 * One closed-loop run: connection k sends `perConnection(k)` for the whole run (one fixed request, built once, like
 * the one-query route's) and checks every answer with `accept`.
 */
async function load(
  url: string,
  seconds: number,
  perConnection: (k: number) => { headers: Record<string, string>; body: string },
  accept: (k: number, status: number, json: unknown) => boolean,
): Promise<Figures> {
  const check: Check = { refused: 0 };
  const { pathname } = new URL(url);
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    // Called once per connection as autocannon opens it: that connection's own learner and trade from then on.
    setupClient: (client) => {
      const k = next++;
      const { headers, body } = perConnection(k);
      client.setRequests([
        {
          method: 'POST',
          path: pathname,
          headers,
          body,
          onResponse: (status, text) => {
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              // Counted below: not JSON is not an answer.
            }
            if (accept(k, status, json)) return;
            check.refused += 1;
            if (check.refused <= 5) console.log(`  refused (connection ${k}): ${status} ${text.slice(0, 200)}`);
          },
        },
      ]);
    },
  });
  return figures(result, check);
}

function report(label: string, f: Figures) {
  console.log(
    `  ${label.padEnd(36)}${String(f.requests_per_sec).padStart(6)} req/s  p50 ${f.latency_ms.p50}  p90 ${f.latency_ms.p90}  p99 ${f.latency_ms.p99}  max ${f.latency_ms.max} ms` +
      `   non-2xx ${f.non_2xx}  refused ${f.refused}  errors ${f.errors}`,
  );
}

const isOk = (json: unknown): json is { ok: true; data: Record<string, unknown> } =>
  typeof json === 'object' && json !== null && (json as { ok?: unknown }).ok === true;

/** The bare one-query route (bench/server.ts), warmed up, then measured: the floor of any call that reads a row. */
async function measureOneQuery(env: Record<string, string>, userId: number): Promise<Figures> {
  const server = await startServer('one-query', { ...env, BENCH_USER_ID: String(userId) });
  try {
    const run = (seconds: number) =>
      load(
        `${server.url}/one-query`,
        seconds,
        () => ({ headers: clientHeaders(), body: '{}' }),
        // The row as node-postgres reads it: the bigint id is a string.
        (_k, status, json) =>
          status === 200 && String((json as { row?: { id?: unknown } } | null)?.row?.id) === String(userId),
      );
    await run(WARMUP);
    return await run(DURATION);
  } finally {
    await server.stop();
  }
}

async function main() {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const database = await freshDatabase('postgres');
  console.log(
    `trade poll benchmark: autocannon, ${CONNECTIONS} connections (one learner and trade each), ${DURATION} s (after ${WARMUP} s warm-up)\npostgres: ${database.describe}`,
  );
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    // The app migrates the fresh database; the learners register and open their trades through the public API.
    const setup = await startServer('app', { ...appEnv, TRUST_PROXY: 'true' });
    const learners: Learner[] = [];
    try {
      for (let i = 0; i < LEARNERS; i++) learners.push(await newLearnerWithTrade(setup.url, i));
    } finally {
      await setup.stop();
    }
    console.log(`  ${learners.length} learners, each with an open VIP trade (WaitPay, sandbox provider)`);

    const floor = await measureOneQuery(database.env, learners[0]!.userId);
    report('bare Fastify + one PK query', floor);

    const app = await startServer('app', appEnv, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    let poll: Figures;
    let userGet: Figures;
    try {
      const mine = (k: number) => learners[k % learners.length]!;
      const pollRun = (seconds: number) =>
        load(
          app.url + payCalls.get.path,
          seconds,
          (k) => ({ headers: learnerHeaders(mine(k)), body: JSON.stringify({ id: mine(k).tradeId }) }),
          (k, status, json) => {
            if (status !== 200 || !isOk(json)) return false;
            const trade = json.data.trade as { id?: number; user_id?: number } | undefined;
            return trade?.id === mine(k).tradeId && trade.user_id === mine(k).userId;
          },
        );
      await pollRun(WARMUP);
      poll = await pollRun(DURATION);
      report('POST /api/trade/get (app)', poll);

      const userRun = (seconds: number) =>
        load(
          app.url + userCalls.get.path,
          seconds,
          (k) => ({ headers: learnerHeaders(mine(k)), body: '{}' }),
          (k, status, json) => status === 200 && isOk(json) && json.data.id === mine(k).userId,
        );
      await userRun(WARMUP);
      userGet = await userRun(DURATION);
      report('POST /api/user/get (app, same gate)', userGet);
    } finally {
      await app.stop();
    }
    const loadAfter = loadavg().map((n) => Number(n.toFixed(2)));

    const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
    const ratios = {
      trade_get_vs_one_query_p99: ratio(poll.latency_ms.p99, floor.latency_ms.p99),
      trade_get_vs_one_query_throughput: ratio(poll.requests_per_sec, floor.requests_per_sec),
      trade_get_vs_user_get_p99: ratio(poll.latency_ms.p99, userGet.latency_ms.p99),
      trade_get_vs_user_get_throughput: ratio(poll.requests_per_sec, userGet.requests_per_sec),
    };
    const valid = clean(poll) && clean(floor);
    const met = valid && poll.latency_ms.p99 < TARGET.max_p99_ms;
    console.log(
      `  → p99 ${poll.latency_ms.p99} ms, ${ratios.trade_get_vs_one_query_p99}× the one-query route's p99, ${(ratios.trade_get_vs_one_query_throughput * 100).toFixed(0)} % of its throughput` +
        ` (target p99 < 25 ms: ${!valid ? 'VOID, failed answers' : met ? 'met' : 'MISSED'}); load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
    );

    const result = {
      benchmark: 'trade-poll',
      database: 'postgres',
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: machineFacts(loadBefore, loadAfter),
      load: {
        tool: 'autocannon',
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        learners: learners.length,
        note: 'closed loop, no think time; each connection is one learner (own token and device) polling their own open VIP trade (param 2, WaitPay, sandbox provider); every answer checked: 200, ok true, that trade',
      },
      app_log_level: appEnv.LOG_LEVEL,
      targets: { one_query: floor, trade_get: poll, user_get: userGet },
      ratios,
      target: TARGET,
      /** False when any request failed: the latency of a run with failures is not the call's. */
      valid,
      target_met: met,
    };
    const dir = resolve(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'trade-poll-postgres.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
    if (PROFILE) console.log(`  CPU profile of the app server: ${profileDir.replace(`${repoRoot}/`, '')}`);
    if (!valid) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}

await main();
