import { z } from 'zod';
import { ChatModelError } from './chat-error.js';
import { readCompletion, readCompletionStream, readLimited, type ReadLimits } from './openai-wire.js';

/** An OpenAI-compatible Chat Completions endpoint (OpenAI, Azure's compatible path, vLLM, Ollama, DeepSeek, …). */
export interface OpenAiChatConfig {
  /** The API base, e.g. https://api.openai.com/v1; `/chat/completions` is appended unless it is there already. */
  url: string;
  /** Sent as `Authorization: Bearer …`; null for a local server that asks for none. */
  key: string | null;
  model: string;
  /** Ask for server-sent events (stream: true) rather than one JSON answer. */
  stream: boolean;
  /** The whole completion, from sending to the last byte. */
  timeoutMs: number;
}

export interface OpenAiChatOptions extends Partial<ReadLimits> {
  fetch?: typeof fetch;
  /** A stream that sends nothing for this long is given up (default: half the timeout). */
  idleTimeoutMs?: number;
  /** Who asks, in the User-Agent (the endpoint's logs tell the essay judge from the assistant). */
  purpose?: string;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ChatCompletion {
  content: string;
  /** The model that answered, as the endpoint names it (often a dated version of the configured one). */
  model: string;
}

export interface CompleteOptions {
  signal?: AbortSignal;
  /** Each piece of the reply's text as it arrives; the whole text at once when the endpoint does not stream. */
  onDelta?: (text: string) => void;
}

/** A language model behind Chat Completions; every failure a ChatModelError. */
export interface ChatModel {
  /** The configured model name, for logs and provenance. */
  readonly model: string;
  complete(messages: ChatMessage[], options?: CompleteOptions): Promise<ChatCompletion>;
}

/** Bytes of an error answer read for its message. */
const ERROR_BODY_BYTES = 16 * 1024;

export function chatCompletionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const errorBodySchema = z.object({
  error: z.object({
    message: z.string().optional().catch(undefined),
    code: z.string().nullable().optional().catch(undefined),
    type: z.string().optional().catch(undefined),
  }),
});

/** The OpenAI error body's message and code, or the start of whatever else came (a proxy's HTML page, say). */
function errorOf(body: string): { message: string; code: string } {
  let value: unknown = null;
  try {
    value = JSON.parse(body);
  } catch {
    // Not JSON: reported by its first characters below.
  }
  const parsed = errorBodySchema.safeParse(value);
  if (!parsed.success) return { message: body.slice(0, 200), code: '' };
  const { message, code, type } = parsed.data.error;
  return { message: (message ?? '').slice(0, 300), code: code ?? type ?? '' };
}

/**
 * The error for an HTTP error answer, as OpenAI's own clients retry: 408, 409, 429 and 5xx may pass later; 401 and
 * 403 are the key; a 429 for exhausted quota (`insufficient_quota`) is not a rate limit and will not pass by waiting.
 */
async function httpError(res: Response): Promise<ChatModelError> {
  const body = await readLimited(res, ERROR_BODY_BYTES, true).catch(() => '');
  const { message, code } = errorOf(body);
  const text = `The model endpoint answered HTTP ${res.status}${code ? ` ${code}` : ''}: ${message}`;
  const detail = { status: res.status };
  if (res.status === 401 || res.status === 403) return new ChatModelError('auth', text, detail);
  if (res.status === 429) {
    if (code === 'insufficient_quota') return new ChatModelError('quota', text, detail);
    const wait = retryAfterMs(res.headers);
    return new ChatModelError('rate_limited', text, wait === undefined ? detail : { ...detail, retryAfterMs: wait });
  }
  if (res.status >= 500 || res.status === 408 || res.status === 409) return new ChatModelError('server', text, detail);
  return new ChatModelError('refused', text, detail);
}

/**
 * A client of Chat Completions. One request per completion, no retries of its own (the caller decides); each failure
 * a ChatModelError. Sends the model, the messages and `stream` — no other parameter, so servers that refuse unknown
 * ones (and reasoning models that refuse `temperature`) take it.
 */
export function openAiChat(config: OpenAiChatConfig, options: OpenAiChatOptions = {}): ChatModel {
  const doFetch = options.fetch ?? fetch;
  const endpoint = chatCompletionsUrl(config.url);
  const limits: ReadLimits = {
    maxReplyBytes: options.maxReplyBytes ?? 1024 * 1024,
    maxContentChars: options.maxContentChars ?? 64 * 1024,
  };
  const idleMs = Math.min(options.idleTimeoutMs ?? config.timeoutMs / 2, config.timeoutMs);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: config.stream ? 'text/event-stream' : 'application/json',
    'User-Agent': `gre-prep-server (${options.purpose ?? 'chat'}; Node.js ${process.version})`,
    ...(config.key ? { Authorization: `Bearer ${config.key}` } : {}),
  };

  async function complete(messages: ChatMessage[], call: CompleteOptions = {}): Promise<ChatCompletion> {
    const { signal, onDelta } = call;
    if (signal?.aborted) throw new ChatModelError('aborted', 'The request was cancelled before it started');
    const controller = new AbortController();
    // What stopped the request, set by the timers and the caller's signal (an object: set inside closures).
    const stopped: { why: 'timeout' | 'idle' | 'caller' | null } = { why: null };
    const stop = (reason: 'timeout' | 'idle' | 'caller') => {
      if (stopped.why) return;
      stopped.why = reason;
      controller.abort();
    };
    // Node times a timer from the event loop's cached time, which lags the wall clock after a long tick (a loaded
    // machine): re-armed until the wall clock says so, the limit is never cut short.
    const deadline = Date.now() + config.timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        const left = deadline - Date.now();
        if (left > 0) arm(left);
        else stop('timeout');
      }, ms);
    };
    arm(config.timeoutMs);
    let idle: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stop('idle'), idleMs);
    };
    const onCallerAbort = () => stop('caller');
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const body = JSON.stringify({ model: config.model, messages, stream: config.stream });
      const res = await doFetch(endpoint, { method: 'POST', headers, body, signal: controller.signal });
      if (!res.ok) throw await httpError(res);
      // A server that ignores `stream` answers plain JSON: read what it sent, not what was asked for.
      const streamed = (res.headers.get('content-type') ?? '').includes('text/event-stream');
      if (streamed) alive();
      const completion = streamed
        ? await readCompletionStream(res, limits, alive, onDelta)
        : await readCompletion(res, limits);
      if (!streamed && completion.content) onDelta?.(completion.content);
      return { content: completion.content, model: completion.model ?? config.model };
    } catch (err) {
      // An abort surfaces as whatever the read was doing; what stopped it is in `stopped`.
      const { why } = stopped;
      if (why === 'timeout') {
        throw new ChatModelError('timeout', `The model gave no complete answer within ${config.timeoutMs} ms`);
      }
      if (why === 'idle') throw new ChatModelError('timeout', `The model's stream sent nothing for ${idleMs} ms`);
      if (why === 'caller') throw new ChatModelError('aborted', 'The request was cancelled');
      if (err instanceof ChatModelError) throw err;
      throw new ChatModelError('network', `The model endpoint could not be reached: ${describe(err)}`);
    } finally {
      clearTimeout(timer);
      clearTimeout(idle);
      signal?.removeEventListener('abort', onCallerAbort);
      // Releases the connection of an answer not read to its end (an error, an oversized body).
      controller.abort();
    }
  }

  return { model: config.model, complete };
}

/** fetch's "fetch failed" says nothing; its cause says ECONNREFUSED, "other side closed", … */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
