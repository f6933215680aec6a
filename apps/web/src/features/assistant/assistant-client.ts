import { assistantCalls, type AskResponse, type CallRequest, type ErrData } from '@gre/contracts';
import { ApiError, callHeaders } from '../../api/client';
import { createSseParser, type SseEvent } from './sse';

export type AskRequest = CallRequest<typeof assistantCalls.ask>;

/**
 * The reply broke after the stream had begun: the server's `error` event (with its error data), a body that ended
 * without `done`, or a connection that dropped. The panel shows it in place with 重试; nothing goes to the catalogue.
 */
export class AssistantStreamError extends Error {
  constructor(
    readonly err: ErrData | null,
    message: string,
  ) {
    super(message);
    this.name = 'AssistantStreamError';
  }
}

const path = assistantCalls.ask.path;

function envelopeError(status: number, statusText: string, payload: unknown): ApiError {
  const e =
    typeof payload === 'object' && payload !== null && 'err_data' in payload
      ? (payload.err_data as ErrData | null)
      : null;
  if (!e) return new ApiError(status, statusText, '', '', `not an API response from ${path}`, path);
  return new ApiError(status, statusText, e.kind, e.show, e.detail, path, null, e.quota ?? null);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One event's meaning: text to add, the finished answer, or the failure. */
function readEvent(ev: SseEvent, onDelta: (text: string) => void): AskResponse | null {
  const payload = parseJson(ev.data);
  if (ev.event === 'delta') {
    if (typeof payload === 'object' && payload !== null && 'text' in payload && typeof payload.text === 'string')
      onDelta(payload.text);
    return null;
  }
  if (ev.event === 'done') {
    const env = assistantCalls.ask.response.safeParse(
      typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : null,
    );
    if (env.success) return env.data;
    throw new AssistantStreamError(null, 'malformed done event');
  }
  if (ev.event === 'error') {
    const err =
      typeof payload === 'object' && payload !== null && 'err_data' in payload
        ? (payload.err_data as ErrData | null)
        : null;
    throw new AssistantStreamError(err, err?.detail || 'error event');
  }
  return null;
}

/**
 * `ask` as a stream (issue 18): POSTs with the usual headers and `Accept: text/event-stream`, calls `onDelta` with
 * each piece of the reply as it is written and resolves with the `done` event's AskResponse. A refusal answered as
 * plain JSON before anything was written (quota, rate limit, bad input) rejects with an ApiError for the error
 * catalogue; a stream that breaks rejects with an AssistantStreamError.
 */
export async function askStream(
  body: AskRequest,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AskResponse> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { ...callHeaders(), accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, '', '', '', err instanceof Error ? err.message : String(err), path);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const payload = parseJson(await res.text().catch(() => ''));
    if (res.ok && typeof payload === 'object' && payload !== null && 'ok' in payload && payload.ok === true) {
      const data = assistantCalls.ask.response.safeParse('data' in payload ? payload.data : null);
      if (data.success) return data.data;
    }
    throw envelopeError(res.status, res.statusText, payload);
  }
  const parser = createSseParser();
  const reader = res.body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw new AssistantStreamError(null, err instanceof Error ? err.message : String(err));
      }
      const events = chunk.done ? parser.end() : parser.push(chunk.value);
      for (const ev of events) {
        const done = readEvent(ev, onDelta);
        if (done) return done;
      }
      if (chunk.done) throw new AssistantStreamError(null, 'the stream ended before its done event');
    }
  } finally {
    reader.releaseLock();
  }
}
