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
}

export async function openDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
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
