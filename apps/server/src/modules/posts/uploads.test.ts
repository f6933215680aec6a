import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES, postCalls } from '@gre/contracts';
import { uploads } from '@gre/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussant,
  GIF_1X1,
  jpegHead,
  pngImage,
  postsTestApp,
  publicTopics,
  WEBP_1X1,
  type PostsTestApp,
} from './posts.fixtures.js';
import { UPLOAD_LIMITS } from './uploads.service.js';

// upload/image and GET /uploads/images/:file: the type is what the bytes are, the file is kept by its hash under
// DATA_DIR, and it is served as that type and nothing else.

let t: PostsTestApp;
beforeAll(async () => {
  t = await postsTestApp();
});
afterAll(() => t.close());

const imagesDir = () => join(t.dataDir, 'uploads', 'images');
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('upload/image', () => {
  it('stores PNG, JPEG, GIF and WebP by their bytes, whatever their name, and serves each as its type', async () => {
    const me = await discussant(t);
    const cases = [
      [pngImage(12, 7), 'photo.gif', 'image/png', 'png', 12, 7],
      [jpegHead(640, 480), 'x.png', 'image/jpeg', 'jpg', 640, 480],
      [GIF_1X1, 'a.webp', 'image/gif', 'gif', 1, 1],
      [WEBP_1X1, 'b.jpg', 'image/webp', 'webp', 1, 1],
    ] as const;
    for (const [bytes, name, type, ext, width, height] of cases) {
      const res = await me.upload(bytes, name);
      expect(res.err, name).toBeNull();
      expect(res.data).toMatchObject({ type, bytes: bytes.length, width, height });
      expect(res.data.url).toMatch(new RegExp(`^/uploads/images/[a-f0-9]{64}\\.${ext}$`));
      const file = join(imagesDir(), res.data.url.split('/').pop()!);
      expect(readFileSync(file).equals(bytes)).toBe(true);

      const served = await get(res.data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['content-security-policy']).toContain("default-src 'self'");
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const head = await get(res.data.url, {}, 'HEAD');
      expect([head.statusCode, head.headers['content-type'], head.payload]).toEqual([200, type, '']);
      const again = await get(res.data.url, { 'if-none-match': served.headers.etag as string });
      expect(again.statusCode).toBe(304);
    }
    // The same bytes again: one file, one row, the same address.
    const first = await me.upload(pngImage(12, 7));
    const second = await (await discussant(t)).upload(pngImage(12, 7));
    expect(second.data.url).toBe(first.data.url);
    expect(readdirSync(imagesDir()).filter((f) => f.endsWith('.png'))).toHaveLength(1);
    const rows = await t.deps.database.db.select().from(uploads);
    expect(rows.filter((r) => r.type === 'image/png')).toHaveLength(1);
    expect(rows.find((r) => r.type === 'image/png')).toMatchObject({ userId: me.id, width: 12, height: 7 });
  });

  it('refuses what is not an image with unsupported_media_type, and stores nothing', async () => {
    const me = await discussant(t);
    const before = existsSync(imagesDir()) ? readdirSync(imagesDir()).length : 0;
    const fakes = [
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.svg'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.png'],
      ['<html><body><script>alert(document.cookie)</script></body></html>', 'page.png'],
      ['hello, I am text in a .png', 'text.png'],
      ['%PDF-1.7\n1 0 obj', 'doc.jpg'],
      ['BM6\0\0\0\0\0\0\0', 'bitmap.png'],
    ];
    for (const [text, name] of fakes) {
      const res = await me.upload(Buffer.from(text!), name);
      expect(res.status, name).toBe(415);
      expect(res.err?.kind).toBe('unsupported_media_type');
    }
    const after = existsSync(imagesDir()) ? readdirSync(imagesDir()).length : 0;
    expect(after).toBe(before);
    expect((await me.upload('not base64 at all!')).err?.kind).toBe('invalid_input');
  });

  it('refuses an image over IMAGE_MAX_BYTES with payload_too_large', async () => {
    const me = await discussant(t);
    const big = Buffer.concat([pngImage(2, 2), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await me.upload(big.subarray(0, IMAGE_MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.err?.kind).toBe('payload_too_large');
    // Far past the limit the body itself is too large.
    const huge = await me.upload(Buffer.alloc(3 * IMAGE_MAX_BYTES, 1));
    expect(huge.status).toBe(413);
    // Exactly at the limit is taken.
    const edge = await me.upload(big.subarray(0, IMAGE_MAX_BYTES));
    expect(edge.err).toBeNull();
  });

  it('is rate limited per learner and needs a login', async () => {
    const me = await discussant(t);
    const results = [];
    for (let i = 0; i < UPLOAD_LIMITS.perMinute.max + 1; i++) results.push(await me.upload(pngImage(1, i + 1)));
    expect(results.slice(0, -1).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)!.err?.kind).toBe('rate_limited');
    const anon = await t.call(postCalls.uploadImage, { name: 'a.png', data: pngImage(1, 1).toString('base64') });
    expect(anon.status).toBe(401);
  });

  it('an uploaded image can go into a comment', async () => {
    const me = await discussant(t);
    const [topic] = await publicTopics(t.deps.database.db, 1);
    const { url } = (await me.upload(pngImage(3, 3))).data;
    const res = await me.comment(topic!, `<p>看图</p><img src="${url}" alt="草稿" onerror="alert(1)">`);
    expect(res.data.content).toBe(`<p>看图</p><img src="${url}" alt="草稿" />`);
    // An image alone is a comment too.
    expect((await me.comment(topic!, `<img src="${url}">`)).err).toBeNull();
  });
});

describe('GET /uploads/images/:file', () => {
  it('answers 404 for any name that is not a stored image, never the SPA', async () => {
    const missing = `/uploads/images/${'0'.repeat(64)}.png`;
    for (const url of [
      missing,
      `/uploads/images/${'A'.repeat(64)}.png`,
      `/uploads/images/${'a'.repeat(64)}.svg`,
      `/uploads/images/${'a'.repeat(63)}.png`,
      '/uploads/images/..%2f..%2fpackage.json',
      '/uploads/images/%2e%2e%2fetc%2fpasswd',
      '/uploads/images/',
      '/uploads/other/file.png',
      '/uploads/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject({ method: 'POST', url: missing })).statusCode).toBe(404);
  });
});
