/**
 * The HTTP pieces of serving a media file (RFC 9110 §14 ranges, RFC 6266 / 5987 file names), pure so each rule has a
 * unit test of its own.
 */

export type RangeDecision =
  /** Serve the whole file (no Range, one we ignore, or a multi-range request: see below). */
  | { kind: 'full' }
  /** Inclusive byte offsets, already clamped to the file. */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

/** Longer Range headers are not a single range anyone sends; they are answered in full. */
const RANGE_HEADER_MAX = 200;
const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/i;

/**
 * What to answer a `Range` header with, for a file of `size` bytes. One range — `a-b`, `a-` or the suffix `-n` — gets
 * 206 (the end clamped to the file); a range starting past the end, or a zero-length suffix, gets 416. A multi-range
 * request (`bytes=0-1,5-6`) is answered with the whole file (200): RFC 9110 lets a server ignore Range, browsers and
 * download tools only send single ranges, and it spares us multipart/byteranges. Anything malformed (other units,
 * `b < a`, junk) is ignored the same way, as the RFC asks.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined || header.length > RANGE_HEADER_MAX) return { kind: 'full' };
  const m = SINGLE.exec(header.replace(/\s+/g, ''));
  if (!m) return { kind: 'full' };
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return { kind: 'full' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: b === '' ? size - 1 : Math.min(Number(b), size - 1) };
}

/**
 * RFC 9110 §13.1.5: a Range only applies while the file is still the one the client started from. `If-Range` holds a
 * strong entity tag or the Last-Modified date; any mismatch means "send me the whole new file".
 */
export function ifRangeHolds(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/** Characters RFC 5987 `attr-char` allows unencoded; encodeURIComponent also leaves `'()*` alone, which it does not. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
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
 * `Content-Disposition` with the UTF-8 name in `filename*` (RFC 6266 §4.3, RFC 5987) and an ASCII `filename` for
 * clients that predate it.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
