import type { IncomingHttpHeaders } from 'node:http';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Env } from '../../env.js';
import { CONTENT_DIR } from '../content-import/index.js';
import { ifRangeHolds, singleRange } from './media.http.js';

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

/** send sets the range headers and Last-Modified; type, caching and the (strong) ETag are set here. */
const SEND_OPTIONS = {
  acceptRanges: true,
  cacheControl: false,
  contentType: false,
  etag: false,
  lastModified: true,
  dotfiles: 'allow',
  index: false,
} as const;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * @fastify/send's answer for the file at `path`: 200 whole, 206 for a single range, 416 past its end, HEAD without a
 * body, 404 when absent — streamed, so a file is never held in memory. The Range it sees is decided here, once the
 * file's size and date are known (`onFile`): normalised by `singleRange` and dropped when If-Range fails.
 */
export async function openMediaFile(
  method: string,
  headers: IncomingHttpHeaders,
  path: string,
): Promise<send.SendResult & { etag?: string }> {
  // send reads only `method` and `headers` (its types say Readable, after the IncomingMessage it was written for);
  // giving it no conditional headers keeps 304 and 412 out, as they always were. It URI-decodes the path it is given
  // (written for request URLs), hence encodeURI on a path already checked by fileInside.
  const request = { method, headers: {} as Record<string, string> };
  let etag: string | undefined;
  const result = await send(request as unknown as Readable, encodeURI(path), {
    ...SEND_OPTIONS,
    onFile: (_file, st) => {
      etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      const range = singleRange(one(headers.range), st.size);
      if (range !== undefined && ifRangeHolds(one(headers['if-range']), etag, st.mtime)) request.headers.range = range;
    },
  });
  return { ...result, etag };
}

/** Sends one media file (see openMediaFile) with the row's type and name; a missing file is `not_found`. */
export async function sendMediaFile(req: FastifyRequest, reply: FastifyReply, file: MediaFile): Promise<FastifyReply> {
  const { statusCode, headers, stream, type, etag } = await openMediaFile(req.method, req.headers, file.path);
  const unsatisfiable = type === 'error' && statusCode === 416;
  if (type !== 'file' && !unsatisfiable) {
    stream.destroy();
    req.log.warn({ path: file.path, status: statusCode }, 'media file missing');
    throw new AppError('not_found', 'media file missing on this server');
  }
  void reply.headers({
    'content-type': file.mime,
    'content-disposition': file.disposition,
    'cache-control': `private, max-age=${file.maxAgeSeconds}`,
    'x-content-type-options': 'nosniff',
    ...(etag ? { etag } : {}),
  });
  if (unsatisfiable) {
    // send's 416 carries an HTML page and its own CSP; the answer is the size in Content-Range and no body.
    stream.destroy();
    return reply
      .code(416)
      .header('content-range', headers['Content-Range'])
      .header('content-type', 'text/plain; charset=utf-8')
      .send('');
  }
  void reply.code(statusCode).headers(headers);
  if (req.method === 'HEAD') {
    stream.destroy();
    return reply.send();
  }
  return reply.send(stream);
}
