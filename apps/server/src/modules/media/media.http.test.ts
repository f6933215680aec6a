import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openMediaFile } from './media.files.js';
import { contentDisposition, downloadName, ifRangeHolds } from './media.http.js';
import { checkLink, signedPath } from './media.signing.js';

const filesDir = mkdtempSync(join(tmpdir(), 'gre-range-test-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

type RangeDecision = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** What a request with this Range header gets for a file of `size` bytes (@fastify/send behind singleRange), as a decision. */
async function decideRange(header: string | undefined, size: number): Promise<RangeDecision> {
  const path = join(filesDir, `${size}.bin`);
  if (!existsSync(path)) writeFileSync(path, Buffer.alloc(size));
  const { statusCode, headers, stream } = await openMediaFile(
    'HEAD',
    header === undefined ? {} : { range: header },
    path,
  );
  stream.destroy();
  if (statusCode === 416) return { kind: 'unsatisfiable' };
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers['Content-Range'] ?? '');
  if (statusCode !== 206 || !range) return { kind: 'full' };
  return { kind: 'partial', start: Number(range[1]), end: Number(range[2]) };
}

describe('Range header → decision', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['Bytes = 5 - 9', { kind: 'partial', start: 5, end: 9 }],
  ])('%s → 206', async (header, expected) => expect(await decideRange(header, size)).toEqual(expected));

  it.each([['bytes=1000-'], ['bytes=1000-1001'], ['bytes=-0'], ['bytes=5000-6000']])('%s → 416', async (header) => {
    expect(await decideRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    [undefined],
    ['bytes=0-1,5-6'],
    ['bytes=9-3'],
    ['items=0-5'],
    ['bytes=-'],
    ['bytes=a-b'],
    ['bytes=0x10-'],
    [`bytes=0-${'9'.repeat(300)}`],
  ])('%s → the whole file', async (header) => expect(await decideRange(header, size)).toEqual({ kind: 'full' }));

  it('an empty file has no satisfiable range', async () => {
    expect(await decideRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(await decideRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('a partial answer always lies inside the file and is never empty', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), async (size, a, b) => {
        const r = await decideRange(`bytes=${a ?? ''}-${b ?? ''}`, size);
        if (r.kind !== 'partial') return true;
        return r.start >= 0 && r.start <= r.end && r.end < size;
      }),
    );
  });
});

describe('ifRangeHolds', () => {
  const modified = new Date('2026-03-01T08:00:00.000Z');
  it('holds without If-Range, for the same strong ETag or the same date', () => {
    expect(ifRangeHolds(undefined, '"a-1"', modified)).toBe(true);
    expect(ifRangeHolds('"a-1"', '"a-1"', modified)).toBe(true);
    expect(ifRangeHolds(modified.toUTCString(), '"a-1"', modified)).toBe(true);
  });
  it('fails for another ETag, a weak one, another date or junk', () => {
    expect(ifRangeHolds('"a-2"', '"a-1"', modified)).toBe(false);
    expect(ifRangeHolds('W/"a-1"', '"a-1"', modified)).toBe(false);
    expect(ifRangeHolds(new Date('2026-03-02T08:00:00Z').toUTCString(), '"a-1"', modified)).toBe(false);
    expect(ifRangeHolds('yesterday', '"a-1"', modified)).toBe(false);
  });
});

describe('file names', () => {
  it('keeps the Chinese title and the extension, without characters file systems refuse', () => {
    expect(downloadName('数学公式：速查 / 总结', 'formulas.pdf')).toBe('数学公式：速查 总结.pdf');
    expect(downloadName('a"b<c>?', 'x.webm')).toBe('a b c.webm');
    expect(downloadName('///', 'x.pdf')).toBe('download.pdf');
  });
  it('encodes the UTF-8 name per RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition('attachment', "数学 (A)'s*.pdf", 'm-x.pdf')).toBe(
      `attachment; filename="m-x.pdf"; filename*=UTF-8''%E6%95%B0%E5%AD%A6%20%28A%29%27s%2A.pdf`,
    );
    expect(contentDisposition('inline', 'v.webm', 'v"\\é.webm')).toBe(
      `inline; filename="v___.webm"; filename*=UTF-8''v.webm`,
    );
  });
});

describe('signed links', () => {
  const key = 'k'.repeat(43);
  const parse = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
  it('verifies its own signature until the expiry, and nothing else', () => {
    const { exp, sig } = parse(signedPath(key, 'material', 'm-a', 2000));
    expect(checkLink(key, 'material', 'm-a', exp, sig, 1999)).toBe('ok');
    expect(checkLink(key, 'material', 'm-a', exp, sig, 2000)).toBe('ok');
    expect(checkLink(key, 'material', 'm-a', exp, sig, 2001)).toBe('expired');
    expect(checkLink(key, 'video', 'm-a', exp, sig, 1999)).toBe('bad_signature');
    expect(checkLink(key, 'material', 'm-b', exp, sig, 1999)).toBe('bad_signature');
    expect(checkLink(key, 'material', 'm-a', '2001', sig, 1999)).toBe('bad_signature');
    expect(checkLink('j'.repeat(43), 'material', 'm-a', exp, sig, 1999)).toBe('bad_signature');
    expect(checkLink(key, 'material', 'm-a', exp, `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`, 1999)).toBe(
      'bad_signature',
    );
  });
  it('refuses missing, repeated or malformed parameters', () => {
    const { exp, sig } = parse(signedPath(key, 'video', 'v-a', 2000));
    expect(checkLink(key, 'video', 'v-a', undefined, sig, 0)).toBe('bad_signature');
    expect(checkLink(key, 'video', 'v-a', exp, [sig, sig], 0)).toBe('bad_signature');
    expect(checkLink(key, 'video', 'v-a', '-1', sig, 0)).toBe('bad_signature');
    expect(checkLink(key, 'video', 'v-a', exp, 'short', 0)).toBe('bad_signature');
  });
});
