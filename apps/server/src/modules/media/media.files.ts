import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Env } from '../../env.js';
import { CONTENT_DIR } from '../content-import/seed.js';
import { decideRange, ifRangeHolds } from './media.http.js';

/** The shipped manifest; its files live in the media folder. */
export const MEDIA_MANIFEST = join(CONTENT_DIR, 'media', 'media.json');

/** `MEDIA_DIR` (relative to the working directory) or the repository's content/media/files. */
export function mediaDir(env: Pick<Env, 'MEDIA_DIR'>): string {
  return env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : join(CONTENT_DIR, 'media', 'files');
}

/**
 * The file a row names, inside the media folder. Rows come from the validated manifest (plain names), so this only
 * guards against a hand-edited row: anything resolving outside the folder is `not_found`.
 */
export function fileInside(dir: string, file: string): string {
  const root = resolve(dir);
  const path = resolve(root, file);
  if (!path.startsWith(root + sep)) throw new AppError('not_found', 'media file outside the media folder');
  return path;
}

export interface MediaFile {
  path: string;
  mime: string;
  disposition: string;
  /** How long the browser may keep what it got (the signed address expires anyway). */
  maxAgeSeconds: number;
}

/**
 * Sends one file from disk: 200 whole, 206 for a single range, 416 past its end; HEAD gets the same headers and no
 * body. Streams with createReadStream(start, end), so a file is never held in memory.
 */
export async function sendMediaFile(req: FastifyRequest, reply: FastifyReply, file: MediaFile): Promise<FastifyReply> {
  const st = await stat(file.path).catch(() => null);
  if (!st?.isFile()) {
    req.log.warn({ path: file.path }, 'media file missing');
    throw new AppError('not_found', 'media file missing on this server');
  }
  const size = st.size;
  const etag = `"${size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  void reply.headers({
    'accept-ranges': 'bytes',
    'content-type': file.mime,
    'content-disposition': file.disposition,
    'cache-control': `private, max-age=${file.maxAgeSeconds}`,
    'x-content-type-options': 'nosniff',
    etag,
    'last-modified': st.mtime.toUTCString(),
  });
  const rangeHeader = typeof req.headers.range === 'string' ? req.headers.range : undefined;
  const ifRange = typeof req.headers['if-range'] === 'string' ? req.headers['if-range'] : undefined;
  const range = ifRangeHolds(ifRange, etag, st.mtime) ? decideRange(rangeHeader, size) : { kind: 'full' as const };

  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).header('content-type', 'text/plain; charset=utf-8').send('');
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'partial') void reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  void reply.header('content-length', String(size === 0 ? 0 : end - start + 1));
  if (req.method === 'HEAD' || size === 0) return reply.send();
  return reply.send(createReadStream(file.path, { start, end }));
}
