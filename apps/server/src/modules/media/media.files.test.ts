import { mediaCalls, type Envelope } from '@gre/contracts';
import { materials } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { mediaFixture, VIDEO_BYTES, type MediaFixture } from './media.fixtures.js';
import { seedMedia } from './media.seed.js';
import { signedPath } from './media.signing.js';

const SECRET = 's'.repeat(48);
const VIDEO_LAST = VIDEO_BYTES - 1;
let t: TestApp;
let fx: MediaFixture;
let vip: string;

beforeAll(async () => {
  fx = mediaFixture();
  // The key comes from the environment here, so the tests can sign addresses (an expired one) themselves.
  t = await createTestApp({ MEDIA_DIR: fx.dir, MEDIA_SIGNING_SECRET: SECRET });
  await seedMedia(t.deps, { manifest: fx.manifestPath, warn: () => {} });
  vip = (await userWithToken(t.deps.database.db, { roleKind: 'VIP' })).token;
});
afterAll(async () => {
  await t.close();
  fx.cleanup();
});

const materialUrl = async (id = 'm-formulas') =>
  (await t.call(mediaCalls.materialLink, { id }, { token: vip })).data.url;
const videoUrl = async (id = 'v-explain') =>
  (await t.call(mediaCalls.videoGet, { id }, { token: vip })).data.stream.url;
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });
const nowS = () => Math.floor(Date.now() / 1000);

describe('GET /media/material/:id', () => {
  it('sends the whole PDF as an attachment named by its Chinese title', async () => {
    const res = await get(await materialUrl());
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fx.pdf)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(fx.pdf.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="m-formulas.pdf"; filename*=UTF-8''${encodeURIComponent('数学公式：速查 总结.pdf')}`,
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await get(await materialUrl(), {}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(fx.pdf.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
    const ranged = await get(await materialUrl(), { range: 'bytes=10-19' }, 'HEAD');
    expect([ranged.statusCode, ranged.headers['content-range'], ranged.headers['content-length']]).toEqual([
      206,
      `bytes 10-19/${fx.pdf.length}`,
      '10',
    ]);
  });
});

describe('ranges (GET /media/video/:id)', () => {
  const size = () => fx.video.length;
  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-50999', 1000, 50999],
    ['bytes=100000-', 100000, VIDEO_LAST],
    ['bytes=-500', VIDEO_LAST - 499, VIDEO_LAST],
    ['bytes=120000-999999', 120000, VIDEO_LAST],
  ])('%s → 206 with exactly those bytes', async (range, start, end) => {
    const res = await get(await videoUrl(), { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size()}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="v-explain\.webm"; filename\*=UTF-8''/);
    expect(res.rawPayload.equals(fx.video.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 with the size past the end', async () => {
    for (const range of [`bytes=${VIDEO_BYTES}-`, 'bytes=999999-1000000', 'bytes=-0']) {
      const res = await get(await videoUrl(), { range });
      expect([res.statusCode, res.headers['content-range']], range).toEqual([416, `bytes */${size()}`]);
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('answers a multi-range or malformed Range with the whole file (200)', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3', 'lines=1-2']) {
      const res = await get(await videoUrl(), { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(fx.video)).toBe(true);
    }
  });

  it('honours If-Range: the range for the current ETag, the whole file for an old one', async () => {
    const url = await videoUrl();
    const { etag } = (await get(url, {}, 'HEAD')).headers;
    expect((await get(url, { range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': '"0-0"' })).statusCode).toBe(200);
  });
});

describe('signatures and ids', () => {
  it('refuses a tampered or foreign signature with a clear 403', async () => {
    const url = await materialUrl();
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const flipped = url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    for (const bad of [
      flipped,
      url.replace(/exp=\d+/, `exp=${nowS() + 9999}`),
      url.replace('m-formulas', 'm-gone'),
      url.replace('/material/', '/video/'),
      url.split('?')[0]!,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({
        ok: false,
        err_data: { kind: 'forbidden', detail: 'media link signature invalid', show: '链接无效，请回到页面重新打开' },
      });
    }
  });

  it('refuses an expired address', async () => {
    const res = await get(signedPath(SECRET, 'material', 'm-formulas', nowS() - 1));
    expect(res.statusCode).toBe(403);
    expect(res.json<Envelope<unknown>>().err_data).toMatchObject({ kind: 'forbidden', detail: 'media link expired' });
    expect((await get(signedPath(SECRET, 'material', 'm-formulas', nowS() + 60))).statusCode).toBe(200);
  });

  it('reaches only rows of the database: ids that are paths never sign, never resolve', async () => {
    for (const id of ['..%2Fsecret.txt', '..', '%2e%2e%2fmedia.json', 'm-formulas%00', 'M-FORMULAS']) {
      const res = await get(`/media/material/${id}?exp=${nowS() + 60}&sig=${'a'.repeat(43)}`);
      // '..' is resolved by the router before any route matches: the not-found envelope, never a file.
      expect(res.statusCode, id).toBe(id === '..' ? 404 : 403);
      expect(res.json<Envelope<unknown>>().ok).toBe(false);
    }
    // Even a correctly signed address for an id that is not a material id is refused before any lookup.
    expect((await get(signedPath(SECRET, 'material', '../secret.txt', nowS() + 60))).statusCode).toBe(403);
    // A valid id with no row, and a row whose file is absent, are 404.
    expect((await get(signedPath(SECRET, 'material', 'm-none', nowS() + 60))).statusCode).toBe(404);
    expect((await get(signedPath(SECRET, 'material', 'm-gone', nowS() + 60))).statusCode).toBe(404);
  });

  it('never serves a file outside the media folder, even when a row is edited to point there', async () => {
    const db = t.deps.database.db;
    await db.update(materials).set({ file: '../secret.txt' }).where(eq(materials.id, 'm-gone'));
    const res = await get(signedPath(SECRET, 'material', 'm-gone', nowS() + 60));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('not media');
  });

  it('is not caught by the SPA fallback or the API routing', async () => {
    const res = await get('/media/material/m-formulas');
    expect(res.json()).toMatchObject({ err_data: { kind: 'forbidden' } });
    expect((await t.app.inject({ method: 'POST', url: await materialUrl() })).statusCode).toBe(404);
  });
});
