import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An OpenAI Chat Completions endpoint on a loopback port, for tests. It checks requests as the real API does (the
 * path, the Bearer key, a JSON body with a known model, messages and no unknown parameter) and answers in its
 * formats: one `chat.completion`, or `chat.completion.chunk` events and `data: [DONE]`. It can be told to misbehave.
 */

/** How the fake answers a valid request. */
export type FakeBehaviour =
  /** A judgment: `content` is the reply text (default: a valid judgment), split over chunks when streamed. */
  | { kind: 'judge'; content?: string }
  /** Any other reply (the assistant's answer): `content`, split over chunks when streamed. */
  | { kind: 'chat'; content: string }
  /** The model declines: a `refusal` and no content. */
  | { kind: 'refusal'; message?: string }
  /** An OpenAI error answer. */
  | { kind: 'status'; status: number; code?: string; message?: string; retryAfter?: string }
  /** Nothing at all: no headers, the connection held open. */
  | { kind: 'hang' }
  /** Headers and the first part of the answer, then nothing (a stalled stream or body). */
  | { kind: 'stall' }
  /** 200 with a body that is not JSON (streamed: events whose data is not JSON). */
  | { kind: 'garbage' }
  /** 200 with a body of `bytes` bytes (streamed: content chunks adding up to it), unless the client stops first. */
  | { kind: 'huge'; bytes: number }
  /** The connection closed without an answer. */
  | { kind: 'drop' }
  /** Streamed: part of the reply, then the connection closes with no finish reason and no [DONE]. */
  | { kind: 'cut' }
  /** The reply ends with this finish reason. */
  | { kind: 'finish'; reason: 'length' | 'content_filter' }
  /** Streamed: an error event after the first chunk (what OpenAI sends when generation fails mid-way). */
  | { kind: 'stream_error'; message: string }
  /** Ignores `stream: true` and answers one JSON completion. */
  | { kind: 'plain' };

export interface FakeChatRequest {
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  body: Record<string, unknown> | null;
  status: number;
}

export interface FakeOpenAi {
  /** The API base to configure: http://127.0.0.1:<port>/v1. */
  baseUrl: string;
  key: string;
  model: string;
  /** The dated model name the answers report. */
  answeredModel: string;
  requests: FakeChatRequest[];
  /** Behaviours for the next requests, one each, before the default. */
  next(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  /** Back to answering every request with a valid judgment. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  key?: string;
  model?: string;
  /** Characters of reply text per stream chunk. */
  chunkChars?: number;
  /** Bytes per socket write of a stream, to split events, lines and UTF-8 characters between reads. */
  writeBytes?: number;
}

/** A valid judgment as a model would write it. */
export function judgmentText(score: number | string = 4.5): string {
  return JSON.stringify({
    score,
    comments: {
      position: '立场明确，开头即表明同意题目观点，并在结尾呼应。',
      reasoning: '论证有层次，但对反方观点的回应略显单薄，可以补充条件限定。',
      examples: '例子具体（如 "the Apollo program"），但第二个例子与论点联系不够紧密。',
      organisation: '段落安排清楚，过渡词使用恰当；结尾段可以更简洁。',
      language: '用词较丰富，句式有变化；个别主谓一致错误，如 "the data shows"。',
    },
  });
}

/** The reply text of a behaviour that answers: its own content, else a valid judgment. */
function contentOf(behaviour: FakeBehaviour): string {
  if (behaviour.kind === 'chat') return behaviour.content;
  return behaviour.kind === 'judge' && behaviour.content !== undefined ? behaviour.content : judgmentText();
}

const KNOWN_PARAMS = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'temperature',
  'top_p',
  'n',
  'max_tokens',
  'max_completion_tokens',
  'response_format',
  'seed',
  'stop',
  'user',
]);
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

const errorBody = (message: string, type: string, code: string | null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

/** The real API's refusal of a malformed request, or null when it would take it. */
function refusal(req: IncomingMessage, raw: string, key: string, model: string): [number, string] | null {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    return [404, errorBody(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null)];
  }
  const auth = req.headers.authorization;
  if (!auth) return [401, errorBody("You didn't provide an API key.", 'invalid_request_error', null)];
  if (auth !== `Bearer ${key}`) {
    return [401, errorBody('Incorrect API key provided: sk-***.', 'invalid_request_error', 'invalid_api_key')];
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return [400, errorBody('Content-Type must be application/json', 'invalid_request_error', null)];
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return [400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null)];
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return [400, errorBody('The body must be a JSON object.', 'invalid_request_error', null)];
  }
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).find((k) => !KNOWN_PARAMS.has(k));
  if (unknown)
    return [400, errorBody(`Unrecognized request argument supplied: ${unknown}`, 'invalid_request_error', null)];
  if (typeof b.model !== 'string')
    return [400, errorBody('you must provide a model parameter', 'invalid_request_error', null)];
  if (b.model !== model) {
    return [404, errorBody(`The model \`${b.model}\` does not exist.`, 'invalid_request_error', 'model_not_found')];
  }
  const messages = b.messages;
  const valid =
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((m: unknown) => {
      const msg = (m ?? {}) as Record<string, unknown>;
      return typeof msg.role === 'string' && ROLES.has(msg.role) && typeof msg.content === 'string';
    });
  if (!valid)
    return [400, errorBody("Invalid 'messages': an array of {role, content}.", 'invalid_request_error', null)];
  if (b.stream !== undefined && typeof b.stream !== 'boolean') {
    return [400, errorBody("Invalid type for 'stream': expected a boolean.", 'invalid_request_error', null)];
  }
  return null;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const key = options.key ?? `sk-test-${randomBytes(12).toString('hex')}`;
  const model = options.model ?? 'gpt-judge-mini';
  const answeredModel = `${model}-2026-01-15`;
  const chunkChars = options.chunkChars ?? 7;
  const requests: FakeChatRequest[] = [];
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'judge' };
  let serial = 0;

  const id = () => `chatcmpl-fake${++serial}`;
  const created = () => Math.floor(Date.now() / 1000);
  const completion = (content: string | null, finish: string, refused: string | null = null) =>
    JSON.stringify({
      id: id(),
      object: 'chat.completion',
      created: created(),
      model: answeredModel,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: refused }, finish_reason: finish }],
      usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 },
    });
  const chunk = (delta: Record<string, unknown>, finish: string | null, chunkId: string) =>
    `data: ${JSON.stringify({
      id: chunkId,
      object: 'chat.completion.chunk',
      created: created(),
      model: answeredModel,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;

  /** Writes, waiting for the socket when its buffer is full; false once the client has gone. */
  async function write(res: ServerResponse, text: string): Promise<boolean> {
    const bytes = Buffer.from(text, 'utf8');
    const step = options.writeBytes ?? bytes.length;
    for (let i = 0; i < bytes.length; i += step) {
      if (res.destroyed) return false;
      if (!res.write(bytes.subarray(i, i + step))) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
      if (step < bytes.length) await new Promise((resolve) => setImmediate(resolve));
    }
    return !res.destroyed;
  }

  async function answerStream(res: ServerResponse, behaviour: FakeBehaviour): Promise<void> {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    const chunkId = id();
    await write(res, chunk({ role: 'assistant', content: '' }, null, chunkId));
    if (behaviour.kind === 'garbage') {
      await write(res, 'data: <html>upstream timeout</html>\n\n');
      return void res.end();
    }
    if (behaviour.kind === 'huge') {
      for (let sent = 0; sent < behaviour.bytes; sent += 1024) {
        if (!(await write(res, chunk({ content: 'x'.repeat(900) }, null, chunkId)))) return;
      }
      return void res.end();
    }
    if (behaviour.kind === 'refusal') {
      await write(res, chunk({ refusal: behaviour.message ?? "I'm sorry, I can't help with that." }, null, chunkId));
      await write(res, chunk({}, 'stop', chunkId));
      await write(res, 'data: [DONE]\n\n');
      return void res.end();
    }
    const content = contentOf(behaviour);
    const pieces = content.match(new RegExp(`[\\s\\S]{1,${chunkChars}}`, 'gu')) ?? [];
    for (const [i, piece] of pieces.entries()) {
      if (i === 1 && behaviour.kind === 'stall') return; // headers and a start, then silence
      if (i === 1 && behaviour.kind === 'stream_error') {
        await write(res, `data: ${errorBody(behaviour.message, 'server_error', null)}\n\n`);
        return void res.end();
      }
      if (i === Math.floor(pieces.length / 2) && behaviour.kind === 'cut') return void res.end();
      if (!(await write(res, chunk({ content: piece }, null, chunkId)))) return;
    }
    const finish = behaviour.kind === 'finish' ? behaviour.reason : 'stop';
    await write(res, chunk({}, finish, chunkId));
    await write(res, 'data: [DONE]\n\n');
    res.end();
  }

  async function answerWhole(res: ServerResponse, behaviour: FakeBehaviour): Promise<void> {
    if (behaviour.kind === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end('<html><body>502 Bad Gateway</body></html>');
    }
    if (behaviour.kind === 'huge') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      await write(res, `{"id":"${id()}","object":"chat.completion","choices":[{"message":{"content":"`);
      for (let sent = 0; sent < behaviour.bytes; sent += 16 * 1024) {
        if (!(await write(res, 'x'.repeat(16 * 1024)))) return;
      }
      return void res.end('"}}]}');
    }
    if (behaviour.kind === 'refusal') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(completion(null, 'stop', behaviour.message ?? "I'm sorry, I can't help with that."));
    }
    const content = contentOf(behaviour);
    const body = completion(content, behaviour.kind === 'finish' ? behaviour.reason : 'stop');
    if (behaviour.kind === 'stall') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(body.slice(0, 40));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const raw = Buffer.concat(parts).toString('utf8');
    const refused = refusal(req, raw, key, model);
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // Refused above.
    }
    const b = refused ? null : (queue.shift() ?? fallback);
    const status = refused ? refused[0] : b?.kind === 'status' ? b.status : 200;
    const log = { authorization: req.headers.authorization, accept: req.headers.accept };
    requests.push({ path: req.url ?? '', ...log, body, status });
    if (!b) {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      return void res.end(refused![1]);
    }
    if (b.kind === 'hang') return;
    if (b.kind === 'drop') return void req.socket.destroy();
    if (b.kind === 'status') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (b.retryAfter) headers['Retry-After'] = b.retryAfter;
      res.writeHead(b.status, headers);
      const type = b.status === 429 ? 'requests' : b.status >= 500 ? 'server_error' : 'invalid_request_error';
      return void res.end(errorBody(b.message ?? `HTTP ${b.status}`, type, b.code ?? null));
    }
    if (body?.stream === true && b.kind !== 'plain') return answerStream(res, b);
    return answerWhole(res, b);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    key,
    model,
    answeredModel,
    requests,
    next: (...behaviours) => void queue.push(...behaviours),
    setDefault: (behaviour) => void (fallback = behaviour),
    reset: () => {
      queue.length = 0;
      fallback = { kind: 'judge' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging and stalled answers hold their sockets: end them, or close waits for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
