import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { checkDataDir, markDataDir } from './data-dir-version.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers expose the same query API; typed once as the node-postgres flavour. */
export type Db = NodePgDatabase<Schema>;
/** A transaction handle, so repository functions compose inside one `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: every repository function takes either. */
export type Queryable = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (tests dump and clone it); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The pool on PostgreSQL (benchmarks query it bare); null on PGlite. */
  pool: pg.Pool | null;
  /** Applies the migrations of `folder` (default: this build's) not yet applied. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL pool; absent uses PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /**
   * Called after every statement with its duration and SQL text (never its parameters), whichever caller sent it —
   * drizzle, prepared raw queries, pg-boss — so the server can log and count the slow ones.
   */
  onQuery?: ((ms: number, sql: string) => void) | undefined;
  /**
   * An idle pooled connection that breaks (the server restarted) emits 'error' on the pool; unhandled, that would end
   * the process. The pool drops the client and opens a new one on the next checkout.
   */
  onPoolError?: ((err: Error) => void) | undefined;
}

type QueryFn = (...args: unknown[]) => unknown;

function sqlText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** Times a node-postgres client's `query` in both its callback and promise forms; streams (submittables) pass as-is. */
function timePgClient(client: pg.PoolClient, onQuery: (ms: number, sql: string) => void) {
  const original = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const config = args[0] as { submit?: unknown } | string;
    if (typeof config === 'object' && config !== null && typeof config.submit === 'function') return original(...args);
    const start = performance.now();
    const done = () => onQuery(performance.now() - start, sqlText(config));
    const cbAt = args.findIndex((a, i) => i > 0 && typeof a === 'function');
    if (cbAt > 0) {
      const cb = args[cbAt] as QueryFn;
      args[cbAt] = (...res: unknown[]) => {
        done();
        return cb(...res);
      };
      return original(...args);
    }
    return (original(...args) as Promise<unknown>).finally(done);
  };
}

/** A hook that throws must not fail the statement it timed. */
function safeHook(hook: DatabaseOptions['onQuery']) {
  if (!hook) return undefined;
  return (ms: number, sql: string) => {
    try {
      hook(ms, sql);
    } catch {
      // Timing is best effort.
    }
  };
}

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'>;

/** Times PGlite's `query` and `exec` on the instance or on a transaction's handle. */
function timePglite<T extends PgliteQueryable>(target: T, onQuery: (ms: number, sql: string) => void): T {
  for (const name of ['query', 'exec'] as const) {
    const original = (target[name] as QueryFn).bind(target);
    (target as unknown as Record<string, QueryFn>)[name] = (...args: unknown[]) => {
      const start = performance.now();
      return (original(...args) as Promise<unknown>).finally(() =>
        onQuery(performance.now() - start, sqlText(args[0])),
      );
    };
  }
  return target;
}

export async function openDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const onPoolError = opts.onPoolError ?? ((err: Error) => console.warn(`[db] connection lost: ${err.message}`));
    pool.on('error', onPoolError);
    // pg-pool listens for errors only on idle clients: a server restart that reaches a client while it is checked out
    // between two statements would emit 'error' with no listener and end the process.
    pool.on('connect', (client) => client.on('error', onPoolError));
    const onQuery = safeHook(opts.onQuery);
    if (onQuery) pool.on('connect', (client) => timePgClient(client, onQuery));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pglite: null,
      pool,
      migrate: (folder = migrationsFolder) => migratePg(db, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  let client: PGlite;
  try {
    if (opts.dataDir) await checkDataDir(opts.dataDir);
    client = await PGlite.create({
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  if (opts.dataDir) markDataDir(opts.dataDir);
  const onQuery = safeHook(opts.onQuery);
  if (onQuery) {
    timePglite(client, onQuery);
    // A transaction's statements go through a handle of their own, not the instance's `query`.
    const transaction = client.transaction.bind(client);
    client.transaction = (work) => transaction((tx) => work(timePglite(tx, onQuery)));
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    pool: null,
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
