import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Written beside PostgreSQL's own PG_VERSION: which PGlite last opened the directory. */
const MARK = 'gre-store.json';

interface StoreMark {
  pglite: string;
  pg: string;
}

/** The installed PGlite's version, read from its package.json (not in its exports map). */
export function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/** The PostgreSQL major version this PGlite runs, asked of an in-memory instance (only after an upgrade). */
async function bundledMajor(): Promise<string> {
  const probe = await PGlite.create();
  try {
    const r = await probe.query<{ v: string }>("select current_setting('server_version_num') as v");
    return String(Math.floor(Number(r.rows[0]!.v) / 10_000));
  } finally {
    await probe.close();
  }
}

export class IncompatibleDataDir extends Error {}

/**
 * Refuses, before PGlite touches it, a data directory written by a PostgreSQL major this PGlite cannot read — PGlite
 * would crash or start afresh. Same PGlite as last time: nothing to ask.
 */
export async function checkDataDir(dataDir: string): Promise<void> {
  const versionFile = join(dataDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const current = pgliteVersion();
  const onDisk = readFileSync(versionFile, 'utf8').trim();
  const mark = readMark(dataDir);
  if (mark.pglite === current && mark.pg === onDisk) return;
  const bundled = await bundledMajor();
  if (bundled === onDisk) return;
  throw new IncompatibleDataDir(
    `The embedded database in ${dataDir} was written by PostgreSQL ${onDisk}${mark.pglite ? ` (PGlite ${mark.pglite})` : ''}; ` +
      `this version runs PostgreSQL ${bundled} (PGlite ${current}) and cannot open it. Nothing was changed. ` +
      'To carry the data over: with the version of the app that wrote it, run `npm run backup -- <file>`; ' +
      'then, with this version and an empty DATA_DIR, run `npm run restore -- <file>`.',
  );
}

function readMark(dataDir: string): Partial<StoreMark> {
  try {
    return JSON.parse(readFileSync(join(dataDir, MARK), 'utf8')) as Partial<StoreMark>;
  } catch {
    return {};
  }
}

/** Records which PGlite opened the directory, so the next start with the same one skips the check. */
export function markDataDir(dataDir: string): void {
  const pg = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  writeFileSync(join(dataDir, MARK), JSON.stringify({ pglite: pgliteVersion(), pg } satisfies StoreMark));
}
