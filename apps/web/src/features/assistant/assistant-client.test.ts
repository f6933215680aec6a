import { API_VERSION, HEADERS } from '@gre/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { setToken } from '../../api/storage';
import { askStream, AssistantStreamError } from './assistant-client';
import { makeAnswer, sseEvent, sseResponse, streamedAnswer } from './test-utils/sse-stream';

afterEach(() => vi.unstubAllGlobals());

function serve(res: Response) {
  const fetch = vi.fn(async () => res);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('askStream', () => {
  it('POSTs with the usual headers and Accept: text/event-stream, streams the deltas and resolves with done', async () => {
    setToken('t'.repeat(43));
    const answer = makeAnswer('为什么 C 不对？', { text: '因为 C 与转折相反。' });
    const events = streamedAnswer(answer, ['因为 C ', '与转折相反。']).join('');
    // Cut in the middle of a multi-byte character and of an event.
    const bytes = new TextEncoder().encode(events);
    const fetch = serve(sseResponse([bytes.slice(0, 17), bytes.slice(17, 40), bytes.slice(40)]));
    const deltas: string[] = [];
    await expect(
      askStream({ message: '为什么 C 不对？', question_id: 'q-tc-001' }, (t) => deltas.push(t)),
    ).resolves.toEqual(answer);
    expect(deltas).toEqual(['因为 C ', '与转折相反。']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/assistant/ask');
    expect(headers.accept).toBe('text/event-stream');
    expect(headers[HEADERS.apiVersion]).toBe(String(API_VERSION));
    expect(headers[HEADERS.authorization]).toBe(`Bearer ${'t'.repeat(43)}`);
    expect(headers[HEADERS.deviceId]).toBeTruthy();
    expect(JSON.parse(init.body as string)).toEqual({ message: '为什么 C 不对？', question_id: 'q-tc-001' });
  });

  it('rejects a JSON refusal before the stream with an ApiError carrying the quota figures', async () => {
    const quota = {
      reason: 'assistant' as const,
      subject: null,
      role_name: '会员',
      used: 20,
      limit: 20,
      period: 'day' as const,
      renews_at: 1,
    };
    serve(
      new Response(
        JSON.stringify({ ok: false, data: null, err_data: { kind: 'day_overflow', show: '', detail: 'x', quota } }),
        {
          status: 429,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    const err = await askStream({ message: 'hi' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('day_overflow');
    expect((err as ApiError).quota).toEqual(quota);
  });

  it('rejects an error event with an AssistantStreamError holding its error data, after the deltas', async () => {
    serve(
      sseResponse([
        sseEvent('delta', { text: '先看' }),
        sseEvent('error', {
          ok: false,
          data: null,
          err_data: { kind: 'internal', show: '模型超时', detail: 'timeout' },
        }),
      ]),
    );
    const deltas: string[] = [];
    const err = await askStream({ message: 'hi' }, (t) => deltas.push(t)).catch((e: unknown) => e);
    expect(deltas).toEqual(['先看']);
    expect(err).toBeInstanceOf(AssistantStreamError);
    expect((err as AssistantStreamError).err?.show).toBe('模型超时');
  });

  it('rejects a body that ends without done, and a done that breaks the contract', async () => {
    serve(sseResponse([sseEvent('delta', { text: 'a' })]));
    await expect(askStream({ message: 'hi' }, () => {})).rejects.toBeInstanceOf(AssistantStreamError);
    serve(sseResponse([sseEvent('done', { ok: true, data: { nonsense: 1 }, err_data: null })]));
    await expect(askStream({ message: 'hi' }, () => {})).rejects.toBeInstanceOf(AssistantStreamError);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await askStream({ message: 'hi' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });
});
