import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_VERSION, HEADERS, MAX_BODY_BYTES, mediaCalls, systemCalls } from '@gre/contracts';
import helmet from '@fastify/helmet';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../test/actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { mediaFixture, type MediaFixture } from '../../test/fixtures.js';
import { seedMedia } from '../modules/media/index.js';
import { CONTENT_SECURITY_POLICY, HELMET_OPTIONS, SECURITY_HEADERS } from './security-headers.js';

let t: TestApp;
let dist: string;
let media: MediaFixture;
let vip: string;

beforeAll(async () => {
  // A tiny web build, the shape Vite writes: index.html and hashed assets.
  dist = mkdtempSync(join(tmpdir(), 'gre-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};\n');
  media = mediaFixture();
  t = await createTestApp({ WEB_DIST: dist, MEDIA_DIR: media.dir });
  await seedMedia(t.deps, { manifest: media.manifestPath, warn: () => {} });
  vip = (await userWithToken(t.deps.database.db, { roleKind: 'VIP' })).token;
});
afterAll(async () => {
  await t.close();
  media.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const json = {
  'content-type': 'application/json',
  [HEADERS.apiVersion]: String(API_VERSION),
  [HEADERS.deviceId]: 'test-device',
};

/** Every security header, exactly as the plugin's table has it, and no HSTS over plain http. */
function expectSecured(res: LightMyRequestResponse, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(res.headers[name], `${name} on ${what}`).toBe(value);
  expect(res.headers['strict-transport-security'], `HSTS on ${what}`).toBeUndefined();
}

describe('the policy', () => {
  it('is exactly what helmet writes with the same options', async () => {
    const bare = Fastify();
    await bare.register(helmet, HELMET_OPTIONS);
    bare.get('/', async () => 'ok');
    const res = await bare.inject({ method: 'GET', url: '/' });
    await bare.close();
    const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    expect(Object.fromEntries(Object.entries(res.headers).filter(([name]) => !transport.has(name)))).toEqual(
      SECURITY_HEADERS,
    );
  });

  it('is strict where it matters: scripts only from our origin, nothing inline or eval, no framing, no plugins', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|upgrade-insecure-requests|https:|\*/);
  });
});

describe('security headers on every response', () => {
  it('the SPA: /, a client route (index.html fallback) and a static asset', async () => {
    for (const url of ['/', '/exam/12', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecured(res, url);
    }
  });

  it('an API success', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: systemCalls.echo.path,
      headers: json,
      payload: JSON.stringify({ text: 'hi' }),
    });
    expect(res.json()).toMatchObject({ ok: true });
    expectSecured(res, 'echo');
    // The table is all helmet sends: the framework-error path, which copies it, misses nothing.
    // x-request-id is the observability plugin's, not a security header.
    const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'x-request-id']);
    expect(
      Object.keys(res.headers)
        .filter((h) => !transport.has(h))
        .sort(),
    ).toEqual(Object.keys(SECURITY_HEADERS).sort());
  });

  it.each([
    ['401 unauthorized', { method: 'POST', url: '/api/user/get', headers: json, payload: '{}' }, 401],
    ['404 unknown call', { method: 'POST', url: '/api/no/such_call', headers: json, payload: '{}' }, 404],
    ['405 GET on a call', { method: 'GET', url: systemCalls.echo.path }, 405],
    [
      '415 not JSON',
      { method: 'POST', url: systemCalls.echo.path, headers: { ...json, 'content-type': 'text/plain' }, payload: 'hi' },
      415,
    ],
    [
      '413 too large',
      {
        method: 'POST',
        url: systemCalls.echo.path,
        headers: json,
        payload: JSON.stringify({ text: 'a'.repeat(MAX_BODY_BYTES) }),
      },
      413,
    ],
    ['400 malformed JSON', { method: 'POST', url: systemCalls.echo.path, headers: json, payload: '{"text":' }, 400],
    ['404 URL that does not decode (answered before routing)', { method: 'GET', url: '/api/%E0%A4%A' }, 404],
  ] as const)('an API error envelope: %s', async (_name, req, status) => {
    const res = await t.app.inject(req);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ ok: false });
    expectSecured(res, req.url);
  });

  it('the OpenAPI viewer, under the same policy (Swagger UI runs no inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    expectSecured(res, '/api/docs');
  });

  it('a material download and a video range still work, with the headers', async () => {
    const material = (await t.call(mediaCalls.materialLink, { id: 'm-formulas' }, { token: vip })).data.url;
    const pdf = await t.app.inject({ method: 'GET', url: material });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdf.rawPayload.equals(media.pdf)).toBe(true);
    expectSecured(pdf, 'material');

    const video = (await t.call(mediaCalls.videoGet, { id: 'v-explain' }, { token: vip })).data.stream.url;
    const part = await t.app.inject({ method: 'GET', url: video, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${media.video.length}`);
    expect(part.rawPayload.equals(media.video.subarray(100, 200))).toBe(true);
    expectSecured(part, 'video range');
  });
});
