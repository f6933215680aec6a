import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_VERSION, HEADERS, userCalls, systemCalls } from '@gre/contracts';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts bench/server.ts in a child process and waits for its `READY <port>` line. */
export function startServer(
  mode: 'hello' | 'one-query' | 'app',
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  // BENCH_CPU_PROF=DIR: a V8 CPU profile of every app server a benchmark starts, written to DIR when it stops.
  const profile =
    process.env.BENCH_CPU_PROF && mode === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, ...nodeArgs, '--import', 'tsx', resolve(here, 'server.ts'), mode],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((ok, fail) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const m = /READY (\d+)/.exec(buffered);
      if (!m) return;
      child.stdout.off('data', onData);
      // Keep draining so a chatty server never blocks on a full pipe.
      child.stdout.resume();
      ok({
        url: `http://127.0.0.1:${m[1]}`,
        child,
        stop: () => stopChild(child),
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${mode} server exited with code ${code} before it was ready`)));
  });
}

/** The headers the web client sends on every call. */
export function clientHeaders(token?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    [HEADERS.apiVersion]: String(API_VERSION),
    [HEADERS.deviceId]: 'bench-device',
    ...(token ? { [HEADERS.authorization]: `Bearer ${token}` } : {}),
  };
}

/** One call to a running app; throws with the error kind when the envelope is not ok. */
export async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: clientHeaders(token), body: JSON.stringify(body) });
  const json = (await res.json()) as { ok: boolean; data: T; err_data: { kind: string; detail: string } | null };
  if (!json.ok) throw new Error(`${path}: ${json.err_data?.kind} ${json.err_data?.detail}`);
  return json.data;
}

/** The figures every results file records of one autocannon run. */
export function figures(r: autocannon.Result) {
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non_2xx: r.non2xx,
  };
}
export type Figures = ReturnType<typeof figures>;

/** The floor of a write benchmark, in the same run: the bare one-query route, warmed up, then measured. */
export async function measureOneQuery(
  env: Record<string, string>,
  userId: number,
  load: { connections: number; warmup: number; duration: number },
): Promise<Figures> {
  const server = await startServer('one-query', { ...env, BENCH_USER_ID: String(userId) });
  try {
    const run = (duration: number) =>
      autocannon({
        url: `${server.url}/one-query`,
        method: 'POST',
        body: '{}',
        headers: clientHeaders(),
        connections: load.connections,
        duration,
      });
    await run(load.warmup);
    return figures(await run(load.duration));
  } finally {
    await server.stop();
  }
}

/** Registers a fresh user through the public API (code read from /api/debug/info, as a developer would). */
export async function registerUser(base: string): Promise<{ token: string; userId: number }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await call(base, userCalls.emailSendCode.path, { email, purpose: 'register' });
  const info = await call<{ recent_codes: { target: string; code: string }[] }>(base, systemCalls.debugInfo.path, {});
  const code = info.recent_codes.find((c) => c.target === email)?.code;
  if (!code) throw new Error(`no code for ${email} in /api/debug/info`);
  const session = await call<{ token: string; user: { id: number } }>(base, userCalls.register.path, {
    account: email,
    code,
    password: 'bench-password-1',
  });
  return { token: session.token, userId: session.user.id };
}

/** Stops a server process: SIGTERM, then SIGKILL if it has not gone after 15 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** The note every load benchmark's results file carries about the machine it ran on. */
export const SHARED_MACHINE_NOTE =
  'shared machine: the load generator, the app and PostgreSQL share these cores with anything else running; the one-query route in the same run is the yardstick';

/** The machine block of a results file: cores, CPU, Node and the load average around the run. */
export function machineFacts(loadBefore: number[], loadAfter: number[], note = SHARED_MACHINE_NOTE) {
  return {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? '?',
    node: process.version,
    load_average_before: loadBefore,
    load_average_after: loadAfter,
    note,
  };
}
