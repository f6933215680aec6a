import { ERROR_KINDS, MAX_BODY_BYTES, systemCalls } from '@gre/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badString } from './body-guard.js';
import { CRASH_MESSAGE, registerTestCalls, testCalls } from '../../test/test-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: (app) => registerTestCalls(app) });
});
afterAll(() => t.close());

/** A raw request, so tests can send what the typed `call` helper never would. */
async function raw(opts: {
  url?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  headers?: Record<string, string>;
  payload?: string | Buffer;
}) {
  const res = await t.app.inject({
    method: opts.method ?? 'POST',
    url: opts.url ?? systemCalls.echo.path,
    headers: opts.headers ?? { 'content-type': 'application/json' },
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
  const body = res.json<{
    ok: boolean;
    data: unknown;
    err_data: { kind: string; show: string; detail: string } | null;
  }>();
  return { status: res.statusCode, body, text: res.body };
}

/** Every failure answers the envelope with a known kind whose status is the one sent. */
function expectEnvelope(r: Awaited<ReturnType<typeof raw>>, kind: keyof typeof ERROR_KINDS) {
  expect(r.body).toMatchObject({ ok: false, data: null, err_data: { kind } });
  expect(r.status).toBe(ERROR_KINDS[kind]);
  expect(typeof r.body.err_data?.show).toBe('string');
  expect(typeof r.body.err_data?.detail).toBe('string');
}

describe('body size and type', () => {
  it('refuses a body over 1 MB with payload_too_large (413)', async () => {
    const payload = JSON.stringify({ text: 'a'.repeat(MAX_BODY_BYTES) });
    expectEnvelope(await raw({ payload }), 'payload_too_large');
  });

  it('accepts a body just under the limit as far as the schema', async () => {
    const payload = JSON.stringify({ text: 'a'.repeat(MAX_BODY_BYTES - 100) });
    expectEnvelope(await raw({ payload }), 'invalid_input');
  });

  it('refuses non-JSON content types with unsupported_media_type (415)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/html',
    ]) {
      const r = await raw({ headers: { 'content-type': type }, payload: '{"text":"a"}' });
      expectEnvelope(r, 'unsupported_media_type');
    }
  });

  it('refuses a body sent with no content type', async () => {
    expectEnvelope(await raw({ headers: {}, payload: '{"text":"a"}' }), 'unsupported_media_type');
  });

  it('accepts application/json with a charset', async () => {
    const r = await raw({ headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"text":"好"}' });
    expect(r.body).toEqual({ ok: true, data: { text: '好' }, err_data: null });
  });

  it('reads an absent body as {} so empty-request calls work from curl', async () => {
    const r = await raw({ url: systemCalls.debugInfo.path, headers: {} });
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
  });
});

describe('malformed and hostile JSON', () => {
  it('answers malformed_json (400) for text that is not JSON', async () => {
    for (const payload of ['{"text":', '{text:"a"}', "{'text':'a'}", '{"text":"a",}', 'undefined', '\u0000', '']) {
      expectEnvelope(await raw({ payload }), 'malformed_json');
    }
  });

  it('answers malformed_json for JSON that is not an object', async () => {
    for (const payload of ['null', '[]', '[{"text":"a"}]', '42', '"text"', 'true']) {
      expectEnvelope(await raw({ payload }), 'malformed_json');
    }
  });

  it('refuses __proto__ and constructor.prototype keys with a 400', async () => {
    for (const payload of [
      '{"text":"a","__proto__":{"isAdmin":true}}',
      '{"text":"a","constructor":{"prototype":{"isAdmin":true}}}',
      '{"text":"a","nested":{"__proto__":{"x":1}}}',
    ]) {
      const r = await raw({ payload });
      expect(r.status, payload).toBe(400);
      expect(r.body.err_data?.kind).toBe('malformed_json');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses strings with NUL, other control characters or lone surrogates with invalid_input', async () => {
    for (const text of ['a\u0000b', '\u0001', 'bell\u0007', 'del\u007f', '\ud800', 'x\udc00y']) {
      const r = await t.call(systemCalls.echo, { text });
      expect(r.status, JSON.stringify(text)).toBe(400);
      expect(r.err?.kind).toBe('invalid_input');
    }
  });

  it('refuses bad characters in keys too', async () => {
    expectEnvelope(await raw({ payload: '{"text":"a","k\\u0000":1}' }), 'invalid_input');
  });

  it('refuses deeply nested bodies without overflowing the stack', async () => {
    const depth = 100_000;
    const payload = `{"text":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expectEnvelope(await raw({ payload }), 'invalid_input');
    const objects = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    expectEnvelope(await raw({ payload: objects }), 'invalid_input');
  });

  it('round-trips any well-formed text a person can type (tabs, newlines, CJK, emoji, RTL)', async () => {
    const typed = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom('行\t列\r\n', '👩‍👩‍👧‍👦🇨🇳', 'עברית مرحبا', 'e\u0301', '\u200b\u200d\ufeff', '\u{1F600}'),
    );
    await fc.assert(
      fc.asyncProperty(typed, async (text) => {
        fc.pre(text.length <= 100 && badString(text) === null);
        const r = await t.call(systemCalls.echo, { text });
        expect(r).toMatchObject({ status: 200, data: { text } });
      }),
      { numRuns: 60 },
    );
  });
});

describe('routing', () => {
  it('answers GET on /api with an envelope (405)', async () => {
    for (const url of ['/api/x', systemCalls.echo.path]) {
      expectEnvelope(await raw({ method: 'GET', url, headers: {} }), 'method_not_allowed');
    }
    for (const method of ['PUT', 'DELETE', 'OPTIONS'] as const) {
      expectEnvelope(await raw({ method, headers: {} }), 'method_not_allowed');
    }
  });

  it('answers not_found for an unknown POST path', async () => {
    for (const url of ['/api/nope', '/api/user/nope', '/api/debug/echo/', '/API/debug/echo', '/nope']) {
      expectEnvelope(await raw({ url, payload: '{}' }), 'not_found');
    }
  });

  it('answers a URL that does not decode with an envelope', async () => {
    expectEnvelope(await raw({ url: '/api/%zz', payload: '{}' }), 'not_found');
  });
});

describe('server errors', () => {
  it('answers a thrown plain Error with kind internal (500) and leaks nothing', async () => {
    const r = await raw({ url: testCalls.crash.path, payload: '{}' });
    expectEnvelope(r, 'internal');
    expect(r.text).not.toContain('hunter2');
    expect(r.text).not.toContain(CRASH_MESSAGE);
    expect(r.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules|stack/);
    expect(r.body.err_data).toEqual({ kind: 'internal', show: '', detail: 'internal error' });
  });

  it('keeps serving after a crash', async () => {
    await raw({ url: testCalls.crash.path, payload: '{}' });
    expect((await t.call(systemCalls.echo, { text: 'ok' })).status).toBe(200);
  });
});
