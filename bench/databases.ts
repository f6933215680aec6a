import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type DbKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: DbKind;
  /** Environment for the server children: which database they open. */
  env: Record<string, string>;
  /** Where it lives, for the results file (no credentials). */
  describe: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server the bench creates its database on; the machine's local one by default. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database for one run; the app server migrates it on start like `npm start` does. */
export async function freshDatabase(kind: DbKind): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'gre-bench-'));
    return {
      kind,
      env: { DATABASE_URL: '', DATA_DIR: dir },
      describe: 'PGlite (in-process WASM), fresh data dir',
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `gre_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  return {
    kind,
    env: { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '10' },
    describe: `PostgreSQL ${version} on ${url.host}, fresh database, pool of 10`,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
