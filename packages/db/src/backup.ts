import { cpSync, createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db } from './client.js';

/**
 * A logical backup: every table of the `public` schema as JSON rows, gzip-compressed, one JSON value per line. It
 * names the last migration it was taken at, so it restores into PGlite or PostgreSQL of any version — the way from a
 * laptop to a server, and across PGlite upgrades whose data directories do not open (decision 016).
 * Job queues (schema `pgboss`) are not kept: they are rebuilt at start.
 */
export const BACKUP_FORMAT = 'gre-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Tag of the last migration applied to the database backed up. */
  schema: string;
  created_at: string;
  database: Database['kind'];
  tables: { name: string; rows: number }[];
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const readJournal = (folder = migrationsFolder): Journal =>
  JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

const ROWS_PER_BATCH = 2000;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of `public` with parents before the tables that reference them. */
async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = (
    await db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await db.execute<{ child: string; parent: string }>(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`)
  ).rows.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') }));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t) visit(e.parent);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

/** Columns that hold data: generated columns (the search bigrams) are computed again on insert and cannot be written. */
async function storedColumns(db: Db, table: string): Promise<string[]> {
  const r = await db.execute<{ name: string }>(sql`
    select a.attname as name from pg_attribute a
    where a.attrelid = ${`public.${ident(table)}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`);
  return r.rows.map((c) => c.name);
}

/** The tag of the last migration applied, by the migrator's own record (the hash of each file it ran). */
async function appliedSchema(db: Db): Promise<string> {
  const applied = await db
    .execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    .catch(() => ({ rows: [{ n: 0 }] }));
  const n = applied.rows[0]?.n ?? 0;
  const entry = readJournal().entries[n - 1];
  if (!entry)
    throw new Error(
      n === 0
        ? 'the database has no migrations applied: nothing to back up'
        : `the database has ${n} migrations, more than this build knows; back it up with the version that wrote it`,
    );
  return entry.tag;
}

/** Writes a backup of `database` to `file` (gzip). One snapshot: every table is read in one repeatable-read transaction. */
export async function backupDatabase(database: Database, file: string): Promise<BackupHeader> {
  const { db } = database;
  const schema = await appliedSchema(db);
  const tables = await tablesInLoadOrder(db);
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(file));
  const write = (line: string) =>
    new Promise<void>((resolve) => (gzip.write(`${line}\n`) ? resolve() : gzip.once('drain', resolve)));
  return db.transaction(
    async (tx) => {
      const counts: BackupHeader['tables'] = [];
      for (const name of tables)
        counts.push({
          name,
          rows: (await tx.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${ident(name)}`))).rows[0]!.n,
        });
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        schema,
        created_at: new Date().toISOString(),
        database: database.kind,
        tables: counts,
      };
      await write(JSON.stringify(header));
      for (const { name, rows } of counts) {
        const columns = (await storedColumns(tx as unknown as Db, name)).map(ident).join(', ');
        // ctid order is stable inside the snapshot, so the batches neither skip nor repeat rows.
        for (let offset = 0; offset < rows; offset += ROWS_PER_BATCH) {
          const page = `select ${columns} from ${ident(name)} order by ctid limit ${ROWS_PER_BATCH} offset ${offset}`;
          const batch = await tx.execute<{ r: string }>(sql.raw(`select row_to_json(t)::text as r from (${page}) t`));
          for (const row of batch.rows) await write(row.r);
        }
      }
      gzip.end();
      await finished(out);
      return header;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Reads the header of a backup file without loading the rest. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of lines(file)) return parseHeader(line);
  throw new Error(`${file} is empty`);
}

function parseHeader(line: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line) as BackupHeader;
  } catch {
    throw new Error('not a backup file (its first line is not JSON)');
  }
  if (header.format !== BACKUP_FORMAT) throw new Error('not a backup file of this app');
  if (header.version !== BACKUP_VERSION)
    throw new Error(`backup format version ${header.version} is not supported (this build reads ${BACKUP_VERSION})`);
  return header;
}

function lines(file: string) {
  const input = createReadStream(file).pipe(createGunzip());
  return createInterface({ input, crlfDelay: Infinity });
}

/** A copy of the migrations folder that ends at `tag`, so a database can be brought to exactly the backup's schema. */
function migrationsUpTo(tag: string): string {
  const journal = readJournal();
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0)
    throw new Error(
      `the backup was taken at migration ${tag}, which this build does not know: restore it with a newer version of the app`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'gre-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  writeFileSync(
    join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + 1) }),
  );
  return dir;
}

/**
 * Loads a backup into an empty database: migrates it to the backup's schema, loads every table in one transaction
 * (identity counters moved past the loaded ids), then applies the migrations written since. Refuses a database that
 * already holds tables, so a restore never mixes two histories.
 */
export async function restoreDatabase(database: Database, file: string): Promise<BackupHeader> {
  const { db } = database;
  const existing = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)
  ).rows[0]!.n;
  if (existing > 0)
    throw new Error(
      'the target database is not empty: restore into a new database (PostgreSQL) or an empty DATA_DIR (embedded)',
    );
  const header = await readBackupHeader(file);
  const folder = migrationsUpTo(header.schema);
  try {
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await db.transaction(async (tx) => {
    // Triggers that keep derived tables (question counts) would count the rows again; those tables are in the backup.
    for (const t of header.tables) await tx.execute(sql.raw(`alter table ${ident(t.name)} disable trigger user`));
    let first = true;
    let table: { name: string; rows: number } | undefined;
    let left = 0;
    let batch: string[] = [];
    const queue = header.tables.filter((t) => t.rows > 0);
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await insertBatch(tx, table.name, batch);
      batch = [];
    };
    for await (const line of lines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (left === 0) {
        await flush();
        table = queue.shift();
        if (!table) throw new Error('the backup holds more rows than its header lists');
        left = table.rows;
      }
      batch.push(line);
      left -= 1;
      if (batch.length >= ROWS_PER_BATCH) await flush();
    }
    await flush();
    if (left > 0 || queue.length > 0) throw new Error('the backup file is truncated');
    for (const t of header.tables) {
      await resetIdentity(tx, t.name);
      await tx.execute(sql.raw(`alter table ${ident(t.name)} enable trigger user`));
    }
  });
  await database.migrate();
  return header;
}

async function insertBatch(db: Db, table: string, rows: string[]): Promise<void> {
  const columns = sql.raw(
    Object.keys(JSON.parse(rows[0]!) as object)
      .map(ident)
      .join(', '),
  );
  const t = sql.raw(ident(table));
  await db.execute(
    sql`insert into ${t} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${t}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/** Moves each serial or identity counter of the table past the loaded ids, so new rows never clash with restored ones. */
async function resetIdentity(db: Db, table: string): Promise<void> {
  const regclass = `public.${ident(table)}`;
  const seqs = await db.execute<{ col: string; seq: string }>(sql`
    select a.attname as col, pg_get_serial_sequence(${regclass}, a.attname) as seq from pg_attribute a
    where a.attrelid = ${regclass}::regclass and a.attnum > 0 and not a.attisdropped
      and pg_get_serial_sequence(${regclass}, a.attname) is not null`);
  for (const { col, seq } of seqs.rows) {
    await db.execute(
      sql`select setval(${seq}::regclass, coalesce((select max(${sql.raw(ident(col))}) from ${sql.raw(ident(table))}), 0) + 1, false)`,
    );
  }
}
