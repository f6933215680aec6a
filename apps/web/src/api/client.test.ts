import { API_VERSION, HEADERS, systemCalls } from '@gre/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './client';
import { inFlight } from './in-flight';
import { STORAGE_KEYS, getDeviceId, setToken } from './storage';

function answer(status: number, body: unknown, statusText = '') {
  return vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('POSTs JSON with the version and device headers, and the bearer token when saved', async () => {
    const fetch = answer(200, { ok: true, data: { text: 'hi' }, err_data: null });
    vi.stubGlobal('fetch', fetch);
    setToken('tok_abcdefghijklmnopqrstuvwxyz');
    await expect(call(systemCalls.echo, { text: 'hi' })).resolves.toEqual({ text: 'hi' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/debug/echo');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ text: 'hi' }));
    expect(headers[HEADERS.apiVersion]).toBe(String(API_VERSION));
    expect(headers[HEADERS.authorization]).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
    expect(headers[HEADERS.deviceId]).toBe(localStorage.getItem(STORAGE_KEYS.deviceId));
  });

  it('sends no authorization header without a token', async () => {
    const fetch = answer(200, { ok: true, data: { text: '' }, err_data: null });
    vi.stubGlobal('fetch', fetch);
    await call(systemCalls.echo, { text: '' });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers[HEADERS.authorization]).toBeUndefined();
  });

  it('creates the device id once (a UUID) and keeps it', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(getDeviceId()).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(id);
  });

  it('turns an error envelope into an ApiError with kind, show, detail and status', async () => {
    vi.stubGlobal(
      'fetch',
      answer(403, { ok: false, data: null, err_data: { kind: 'day_overflow', show: '', detail: 'verbal 30/30' } }),
    );
    const err = await call(systemCalls.echo, { text: 'x' }, { subject: '填空' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 403,
      kind: 'day_overflow',
      detail: 'verbal 30/30',
      subject: '填空',
      path: '/api/debug/echo',
    });
  });

  it('a non-envelope answer keeps the status and an empty kind', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>bad gateway</html>', 'Bad Gateway'));
    await expect(call(systemCalls.echo, { text: 'x' })).rejects.toMatchObject({
      status: 502,
      statusText: 'Bad Gateway',
      kind: '',
    });
  });

  it('a network failure is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(systemCalls.echo, { text: 'x' })).rejects.toMatchObject({ status: 0, kind: '' });
  });

  it('counts requests in flight, except quiet ones', async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    const pending = call(systemCalls.echo, { text: 'x' });
    expect(inFlight.get()).toBe(1);
    release(new Response(JSON.stringify({ ok: true, data: { text: 'x' }, err_data: null })));
    await pending;
    expect(inFlight.get()).toBe(0);

    vi.stubGlobal(
      'fetch',
      answer(500, { ok: false, data: null, err_data: { kind: 'internal', show: '', detail: '' } }),
    );
    const quiet = call(systemCalls.echo, { text: 'x' }, { quiet: true });
    expect(inFlight.get()).toBe(0);
    await expect(quiet).rejects.toBeInstanceOf(ApiError);
    expect(inFlight.get()).toBe(0);
  });
});
