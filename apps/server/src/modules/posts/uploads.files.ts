import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Env } from '../../env.js';

/** The only names an uploaded image has: its SHA-256 and the extension its bytes showed. */
export const IMAGE_FILE = /^[a-f0-9]{64}\.(png|jpg|gif|webp)$/;

export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** `${DATA_DIR}/uploads/images`, beside the embedded database. */
export const imagesDir = (env: Pick<Env, 'DATA_DIR'>): string => join(resolve(env.DATA_DIR), 'uploads', 'images');

/**
 * Writes the image once under its content name: a temporary file renamed into place, so a reader never sees half a
 * file and two uploads of the same bytes leave one whole copy.
 */
export async function saveImage(dir: string, name: string, bytes: Buffer): Promise<void> {
  const path = join(dir, name);
  if (
    await stat(path).then(
      (s) => s.size === bytes.length,
      () => false,
    )
  )
    return;
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The stored image `name` (already checked against IMAGE_FILE), or null when it is not there. */
export async function openImage(dir: string, name: string): Promise<{ size: number; stream: () => ReadStream } | null> {
  const path = join(dir, name);
  const found = await stat(path).catch(() => null);
  if (!found?.isFile()) return null;
  return { size: found.size, stream: () => createReadStream(path) };
}
