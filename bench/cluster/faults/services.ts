// The machine's PostgreSQL and Redis, stopped and started the way common operations do (the commands of the bench
// README). Every stop is paired with a start in a finally, and `ensure…` starts a service that is down at the end of
// any run, whatever happened: other work on this machine depends on both.
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const sh = (cmd: string) => execSync(cmd, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
const pgVersion = () => readdirSync('/etc/postgresql')[0]!;

export const PG_STOP = () => `pg_ctlcluster --skip-systemctl-redirect ${pgVersion()} main stop`;
export const PG_START = () => `pg_ctlcluster --skip-systemctl-redirect ${pgVersion()} main start`;
export const REDIS_STOP = 'redis-cli shutdown nosave';
export const REDIS_START =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log';

export function postgresUp(): boolean {
  try {
    sh('pg_isready -h 127.0.0.1 -p 5432 -q');
    return true;
  } catch {
    return false;
  }
}

export function redisUp(): boolean {
  try {
    return sh('redis-cli -h 127.0.0.1 -p 6379 ping') === 'PONG';
  } catch {
    return false;
  }
}

/** Services this process stopped and has not started again: started synchronously if the process exits first. */
const stopped = new Set<'postgres' | 'redis'>();
process.on('exit', () => {
  // Only synchronous work runs here: a crash of the benchmark must not leave the machine without its services.
  if (stopped.has('postgres') && !postgresUp()) {
    try {
      sh(PG_START());
    } catch {
      // Reported by the next run's ensurePostgres.
    }
  }
  if (stopped.has('redis') && !redisUp()) {
    try {
      sh(REDIS_START);
    } catch {
      // Reported by the next run's ensureRedis.
    }
  }
});

export function run(cmd: string) {
  if (cmd === PG_STOP()) stopped.add('postgres');
  if (cmd === REDIS_STOP) stopped.add('redis');
  const out = sh(cmd);
  if (cmd === PG_START()) stopped.delete('postgres');
  if (cmd === REDIS_START) stopped.delete('redis');
  return out;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitFor(up: () => boolean, what: string) {
  for (let i = 0; i < 60; i++) {
    if (up()) return;
    await sleep(500);
  }
  throw new Error(`${what} did not come back within 30 s`);
}

export async function ensurePostgres() {
  if (postgresUp()) return;
  console.log('  PostgreSQL is down: starting it');
  try {
    run(PG_START());
  } catch (e) {
    // "already running" while it is still starting: wait for it below.
    console.log(`  ${String((e as Error).message).split('\n')[0]}`);
  }
  await waitFor(postgresUp, 'PostgreSQL');
}

export async function ensureRedis() {
  if (redisUp()) return;
  console.log('  Redis is down: starting it');
  run(REDIS_START);
  await waitFor(redisUp, 'Redis');
}
