// The cluster and the single instance the load runs against, from scripts/cluster.mjs (`npm run cluster`), with the
// types this folder reads; and the benchmark's own databases (gre_bench_c_*), created fresh and dropped at the end.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot } from '../targets.js';
import { POSTGRES_ADMIN_URL } from '../databases.js';

export interface Instance {
  id: string;
  port: number;
  pid: number | undefined;
  url: string;
  logPath: string;
  exited: boolean;
  kill(signal?: NodeJS.Signals): Promise<unknown>;
  restart(): Promise<void>;
}

export interface Target {
  url: string;
  databaseUrl: string;
  instances: Instance[];
  balancer: { pid: number; statsUrl: string; configPath: string } | null;
  stop(): Promise<void>;
}

interface StartOptions {
  port: number;
  databaseUrl: string;
  redisUrl?: string;
  fresh?: boolean;
  env?: Record<string, string>;
  quiet?: boolean;
}

interface ClusterScript {
  startCluster(o: StartOptions & { instances: number }): Promise<Target>;
  startSingle(o: StartOptions): Promise<Target>;
}

const script = () => import(pathToFileURL(resolve(repoRoot, 'scripts/cluster.mjs')).href) as Promise<ClusterScript>;

export async function startCluster(o: StartOptions & { instances: number }) {
  return (await script()).startCluster(o);
}

export async function startSingle(o: StartOptions) {
  return (await script()).startSingle(o);
}

/** A database of this benchmark's own on the local PostgreSQL (the cluster script drops and recreates it fresh). */
export function benchDatabaseUrl(name: string) {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/gre_bench_c_${name}`;
  return url.toString();
}

export async function dropBenchDatabase(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.startsWith('gre_bench_c_')) throw new Error(`not this benchmark's database: ${name}`);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export const loadAverage = () => loadavg().map((n) => Number(n.toFixed(2)));

/** Whether a process is still alive (signal 0 only checks). */
export function alive(pid: number | undefined) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Command-line options: `--name value` pairs, numbers. */
export function numberOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a number ≥ 0`);
  return n;
}

/** The environment every bench instance gets: quiet logs; what the run sets beyond the defaults is said in results. */
export const BENCH_INSTANCE_ENV = { LOG_LEVEL: 'warn', SEED_DEMO: 'false' };

/** The balancer's view of each instance (HAProxy's CSV stats: status, sessions, retries, redispatches). */
export async function balancerView(statsUrl: string) {
  try {
    const text = await (await fetch(`${statsUrl};csv`)).text();
    const [header, ...rows] = text.replace(/^# /, '').trim().split('\n');
    const cols = header!.split(',');
    const pick = (row: string) => Object.fromEntries(cols.map((c, i) => [c, row.split(',')[i]]));
    return rows
      .map(pick)
      .filter((r) => r.svname !== 'FRONTEND')
      .map((r) => ({
        proxy: r.pxname,
        server: r.svname,
        status: r.status,
        total_sessions: Number(r.stot),
        connection_errors: Number(r.econ || 0),
        response_errors: Number(r.eresp || 0),
        retries: Number(r.wretr || 0),
        redispatches: Number(r.wredis || 0),
        downtime_s: Number(r.downtime || 0),
      }));
  } catch (e) {
    return `stats not read: ${(e as Error).message}`;
  }
}

/** One Prometheus series summed over the lines whose labels pass `keep`: each instance's own account of the run. */
function seriesSum(text: string, name: string, keep: (line: string) => boolean = () => true) {
  return text
    .split('\n')
    .filter((l) => l.startsWith(name) && (l[name.length] === '{' || l[name.length] === ' ') && keep(l))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/**
 * What each instance says of the run at its end, from its own /metrics (loopback callers may read it): how the
 * balancer spread the requests, its 5xx, slow statements, database outages, limiter fallbacks, connections waiting
 * for the pool, the worst event-loop delay since start (the first scrape) and resident memory — so a slow p99 can be
 * told apart as CPU (loop lag), database (slow statements, pool waits) or the balancer.
 */
export async function instanceMetrics(instances: Instance[]) {
  return Promise.all(
    instances.map(async (i) => {
      try {
        const text = await (await fetch(`${i.url}/metrics`)).text();
        const sum = (name: string, keep?: (line: string) => boolean) => seriesSum(text, name, keep);
        return {
          id: i.id,
          requests: sum('gre_http_requests_total'),
          server_errors: sum('gre_http_requests_total', (l) => l.includes('code="5xx"')),
          slow_queries: sum('gre_db_slow_queries_total'),
          db_unavailable: sum('gre_db_unavailable_errors_total'),
          limiter_fallbacks: sum('gre_rate_limiter_fallbacks_total'),
          pool_waiting_at_end: sum('gre_db_pool_connections', (l) => l.includes('state="waiting"')),
          event_loop_lag_max_ms: Math.round(
            sum('gre_event_loop_lag_seconds', (l) => l.includes('quantile="max"')) * 1000,
          ),
          resident_mb: Math.round(sum('gre_process_resident_memory_bytes') / 1048576),
        };
      } catch (e) {
        return { id: i.id, error: (e as Error).message };
      }
    }),
  );
}
