import { encodeExtended } from 'content-disposition';

/**
 * The parts of serving a media file that stay ours around @fastify/send (decision 020): which Range header it sees,
 * the If-Range check against our strong ETag, and the file name a browser saves under.
 */

/** Longer Range headers are not a single range anyone sends; they are answered in full. */
const RANGE_HEADER_MAX = 200;
const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * The Range header to hand @fastify/send for a file of `size` bytes, or undefined to serve the whole file. send turns
 * it into the 206 (end clamped to the file) or the 416; this keeps the rules where send reads RFC 9110 differently: the
 * unit is case-insensitive and spaces are tolerated; anything malformed (other units, `b < a`, `0x10-`, junk) is
 * ignored, which RFC 9110 allows, where send answers 416 or reads `0x10` as 0; a suffix longer than the file is the
 * whole file (206, §14.1.3), which send refuses. A multi-range request (`bytes=0-1,5-6`) is answered whole (200), as send does too: browsers and download
 * tools only send single ranges, and it spares us multipart/byteranges.
 */
export function singleRange(header: string | undefined, size: number): string | undefined {
  if (header === undefined || header.length > RANGE_HEADER_MAX) return undefined;
  const m = SINGLE.exec(header.replace(/\s+/g, ''));
  if (!m) return undefined;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return undefined;
  if (a !== '' && b !== '' && Number(b) < Number(a)) return undefined;
  if (a === '' && Number(b) >= size) return 'bytes=0-';
  return `bytes=${a}-${b}`;
}

/**
 * RFC 9110 §13.1.5: a Range only applies while the file is still the one the client started from. `If-Range` holds a
 * strong entity tag or the Last-Modified date; any mismatch means "send me the whole new file". Ours, not send's: send
 * makes only weak tags and matches If-Range by substring, and a weak tag must never satisfy If-Range.
 */
export function ifRangeHolds(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/** Characters no file system takes in a name; they and control characters become spaces, keeping the title readable. */
const UNSAFE_IN_NAME = new Set([...'\\/:*?"<>|']);
const safeChar = (c: string) => (UNSAFE_IN_NAME.has(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c);

/** The name a browser saves the file under: the Chinese title with the file's extension. */
export function downloadName(title: string, file: string): string {
  const ext = file.slice(file.lastIndexOf('.'));
  const base = [...title].map(safeChar).join('').replace(/\s+/g, ' ').trim() || 'download';
  return `${base}${ext}`;
}

/**
 * `Content-Disposition` with the UTF-8 name in `filename*` (RFC 6266 §4.3; the library's RFC 5987/8187 encoding) and an
 * ASCII `filename` for clients that predate it. Assembled here because the library's formatter writes a token-like
 * fallback bare (`filename=m-x.pdf`) — valid, but not the quoted header clients have had so far (decision 020).
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=${encodeExtended(name)}`;
}
