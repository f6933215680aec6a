// The closed-loop load of the per-learner benchmarks (bench/mail-inbox.ts; bench/trade-poll.ts carries the same
// loop inline): every autocannon connection is one learner sending one fixed request, and every answer is checked.
import { HEADERS, systemCalls, userCalls } from '@gre/contracts';
import autocannon from 'autocannon';
import { clientHeaders, startServer } from './targets.js';

export interface LoadShape {
  connections: number;
  duration: number;
  warmup: number;
}

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

/** autocannon's figures with p90, and the answers refused by the run's check. */
function figures(r: autocannon.Result, refused: number) {
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

/** No transport error, no timeout, no non-2xx and no refused answer: otherwise the figure says nothing. */
export const clean = (f: CheckedFigures) => f.errors === 0 && f.timeouts === 0 && f.non_2xx === 0 && f.refused === 0;

export const isOk = (json: unknown): json is { ok: true; data: Record<string, unknown> } =>
  typeof json === 'object' && json !== null && (json as { ok?: unknown }).ok === true;

/**
 * One closed-loop run: connection k sends `perConnection(k)` for the whole run (one fixed request, built once) and
 * checks every answer with `accept`.
 */
export async function checkedLoad(
  url: string,
  connections: number,
  seconds: number,
  perConnection: (k: number) => { headers: Record<string, string>; body: string },
  accept: (k: number, status: number, json: unknown) => boolean,
): Promise<CheckedFigures> {
  let refused = 0;
  const { pathname } = new URL(url);
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    // Called once per connection as autocannon opens it: that connection's own learner from then on.
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
            refused += 1;
            if (refused <= 5) console.log(`  refused (connection ${k}): ${status} ${text.slice(0, 200)}`);
          },
        },
      ]);
    },
  });
  return figures(result, refused);
}

/** Warms a checked load up, then measures it. */
export async function warmAndMeasure(
  shape: LoadShape,
  run: (seconds: number) => Promise<CheckedFigures>,
): Promise<CheckedFigures> {
  await run(shape.warmup);
  return run(shape.duration);
}

export function report(label: string, f: CheckedFigures) {
  console.log(
    `  ${label.padEnd(36)}${String(f.requests_per_sec).padStart(6)} req/s  p50 ${f.latency_ms.p50}  p90 ${f.latency_ms.p90}  p99 ${f.latency_ms.p99}  max ${f.latency_ms.max} ms` +
      `   non-2xx ${f.non_2xx}  refused ${f.refused}  errors ${f.errors}`,
  );
}

/** The bare one-query route (bench/server.ts), warmed up, then measured: the floor of any call that reads a row. */
export async function measureCheckedOneQuery(
  env: Record<string, string>,
  userId: number,
  shape: LoadShape,
): Promise<CheckedFigures> {
  const server = await startServer('one-query', { ...env, BENCH_USER_ID: String(userId) });
  try {
    return await warmAndMeasure(shape, (seconds) =>
      checkedLoad(
        `${server.url}/one-query`,
        shape.connections,
        seconds,
        () => ({ headers: clientHeaders(), body: '{}' }),
        // The row as node-postgres reads it: the bigint id is a string.
        (_k, status, json) =>
          status === 200 && String((json as { row?: { id?: unknown } } | null)?.row?.id) === String(userId),
      ),
    );
  } finally {
    await server.stop();
  }
}
