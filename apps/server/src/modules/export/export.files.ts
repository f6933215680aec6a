import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EXPORT_FILE_NAME, type ExportKind } from '@gre/contracts';
import type { Env } from '../../env.js';

/** `${DATA_DIR}/exports`, beside the embedded database and the uploads. */
export const exportsDir = (env: Pick<Env, 'DATA_DIR'>): string => join(resolve(env.DATA_DIR), 'exports');

const NAME_PART: Record<ExportKind, string> = { pdf: 'questions', csv: 'questions', anki: 'anki', json: 'account' };
const EXTENSION: Record<ExportKind, string> = { pdf: 'pdf', csv: 'csv', anki: 'txt', json: 'json' };

export const MIME: Record<ExportKind, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  anki: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** `gre-questions-20261127-12.pdf`: the day (Shanghai) it was asked for and the export's id, ASCII throughout. */
export function exportFileName(kind: ExportKind, id: number, createdAt: Date): string {
  const day = new Date(createdAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const name = `gre-${NAME_PART[kind]}-${day}-${id}.${EXTENSION[kind]}`;
  if (!EXPORT_FILE_NAME.test(name)) throw new Error(`export file name ${name} does not fit EXPORT_FILE_NAME`);
  return name;
}

/**
 * Writes the file whole or not at all: into a temporary name first, renamed into place, so a job killed half way
 * (and tried again) never leaves a half file under the name the row will point at.
 */
export async function saveExportFile(dir: string, name: string, bytes: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, bytes);
    await rename(temp, join(dir, name));
  } finally {
    await rm(temp, { force: true });
  }
}

export async function openExportFile(
  dir: string,
  name: string,
): Promise<{ size: number; stream: () => ReadStream } | null> {
  const path = join(dir, name);
  const found = await stat(path).catch(() => null);
  if (!found?.isFile()) return null;
  return { size: found.size, stream: () => createReadStream(path) };
}

/**
 * Removes the named files, and every other file no row names any more that is older than an hour (the leftovers of a
 * job killed between writing and recording): what the hourly cleanup does to the folder.
 */
export async function removeExportFiles(
  dir: string,
  names: readonly (string | null)[],
  kept: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  let removed = 0;
  for (const name of names) {
    if (name && !kept.has(name)) {
      await rm(join(dir, name), { force: true });
      removed += 1;
    }
  }
  const present = await readdir(dir).catch(() => [] as string[]);
  for (const name of present) {
    if (kept.has(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtime.getTime() > 3600_000) {
      await rm(join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}
