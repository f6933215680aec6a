// The processes of `npm run cluster` (scripts/cluster.mjs): app instances and HAProxy as children that log to files,
// are probed for readiness, stop in order and never outlive the script.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 30_000;

/** Every child still running; killed if this process exits without stop() (a crash, a bench that threw). */
const children = new Set();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * A child whose stdout and stderr go to one log file, in its own process group: Ctrl-C in the terminal reaches only
 * this script, which then stops the children in order (a SIGINT to an instance as well would be a second signal,
 * which exits at once without the drain). → { child, exitPromise (its signal or code), exited() }
 */
function spawnLogged(command, args, { cwd, env, logPath }) {
  const log = createWriteStream(logPath, { flags: 'a' });
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  // Both pipes feed one file: whichever ends first must not close it under the other (a crash's stack comes last).
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.once('close', () => log.end());
  let exited = false;
  const exitPromise = new Promise((done) =>
    child.once('exit', (code, signal) => {
      exited = true;
      children.delete(child);
      done(signal ?? code);
    }),
  );
  return { child, exitPromise, exited: () => exited };
}

/**
 * GET /readyz with a short timeout: 200 or 503 from the endpoint, 404 when this build has none (the web build's
 * fallback page answers unknown paths with HTML, which counts as none too), 0 when nothing answered.
 */
export async function probeReady(baseUrl, timeoutMs = 2000) {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    if ((res.headers.get('content-type') ?? '').includes('text/html')) return 404;
    return res.status;
  } catch {
    return 0;
  }
}

function tail(path, lines = 30) {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Ready is /readyz answering 200. A build without /readyz (404) counts as ready once it answers at all, so the script
 * works on either side of the health endpoints landing.
 */
async function waitReady(instance) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (instance.exited) throw new Error(`${instance.id} exited during start:\n${tail(instance.logPath)}`);
    const status = await probeReady(instance.url);
    if (status === 200 || status === 404) return status;
    await sleep(200);
  }
  throw new Error(`${instance.id} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail(instance.logPath)}`);
}

export function makeInstance({ id, port, env, dir, serverMain, cwd }) {
  const logPath = resolve(dir, `${id}.log`);
  const instance = {
    id,
    port,
    pid: undefined,
    url: `http://127.0.0.1:${port}`,
    logPath,
    exited: true,
    child: undefined,
    exitPromise: Promise.resolve(null),
    start() {
      const run = spawnLogged(process.execPath, ['--enable-source-maps', serverMain], {
        cwd,
        env: { ...env, PORT: String(port), INSTANCE_ID: id },
        logPath,
      });
      instance.child = run.child;
      instance.pid = run.child.pid;
      instance.exited = false;
      instance.exitPromise = run.exitPromise.then((how) => {
        instance.exited = true;
        return how;
      });
      return waitReady(instance);
    },
    async kill(signal = 'SIGTERM') {
      if (instance.exited) return instance.exitPromise;
      instance.child.kill(signal);
      // A drain that hangs must not hang the cluster's stop: past the grace period it is killed.
      const grace = setTimeout(() => instance.child.kill('SIGKILL'), STOP_GRACE_MS);
      const how = await instance.exitPromise;
      clearTimeout(grace);
      return how;
    },
    async restart() {
      if (!instance.exited) await instance.kill('SIGTERM');
      await instance.start();
    },
  };
  return instance;
}

export function startBalancer({ configPath, dir, statsPort }) {
  const logPath = resolve(dir, 'haproxy.log');
  // -db: foreground, so it is our child and dies with the cluster; -W would fork a master we would have to track.
  const run = spawnLogged('haproxy', ['-f', configPath, '-db'], { cwd: dir, env: process.env, logPath });
  return {
    child: run.child,
    pid: run.child.pid,
    statsUrl: `http://127.0.0.1:${statsPort}/stats`,
    configPath,
    logPath,
    get exited() {
      return run.exited();
    },
    exitPromise: run.exitPromise,
  };
}

export async function waitBalancer(balancer, url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (balancer.exited) throw new Error(`HAProxy exited:\n${tail(balancer.logPath)}`);
    const status = await probeReady(url);
    if (status === 200 || status === 404) return;
    await sleep(200);
  }
  throw new Error(`HAProxy did not route to a ready instance within 30 s:\n${tail(balancer.logPath)}`);
}

export async function stopAll(instances, balancer) {
  // Instances first: each stops being ready, HAProxy's check takes it out, in-flight requests finish.
  await Promise.all(instances.map((i) => i.kill('SIGTERM')));
  if (balancer && !balancer.exited) {
    balancer.child.kill('SIGTERM');
    await balancer.exitPromise;
  }
}
