import { z } from 'zod';
import { ChatModelError } from './chat-error.js';
import { SseDecoder } from './sse.js';

/*
 * The Chat Completions answer, read within limits: a whole `chat.completion` object, or a stream of
 * `chat.completion.chunk` events ending in `data: [DONE]`. Only the reply's text and the model's name are kept.
 */

export interface ReadLimits {
  /** Bytes of the HTTP body, event-stream framing included. */
  maxReplyBytes: number;
  /** Characters of the model's reply text. */
  maxContentChars: number;
}

export interface Completion {
  content: string;
  /** The `model` the endpoint reported; null when it reported none. */
  model: string | null;
}

const modelName = z.string().min(1).max(200).optional().catch(undefined);

const completionSchema = z.object({
  model: modelName,
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

const chunkSchema = z.object({
  model: modelName,
  choices: z
    .array(
      z.object({
        delta: z
          .object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() })
          .optional(),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .optional(),
});

/** An `{"error": {...}}` object, which some servers send with 200 or as a stream event. */
const errorSchema = z.object({ error: z.object({ message: z.string().optional() }).passthrough() });

const tooLarge = (what: string, limit: number) =>
  new ChatModelError('too_large', `The model's answer is larger than ${limit} ${what}`);

/** The body's chunks until it ends; too_large past `maxBytes`, or a short read when `truncate`. */
async function* bodyChunks(res: Response, maxBytes: number, truncate: boolean): AsyncGenerator<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) throw tooLarge('bytes', maxBytes);
  if (!res.body) return;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) {
        if (!truncate) throw tooLarge('bytes', maxBytes);
        yield value.subarray(0, value.byteLength - (total - maxBytes));
        return;
      }
      yield value;
    }
  } finally {
    // Stops the transfer when reading ends early; after the end it does nothing.
    await reader.cancel().catch(() => undefined);
  }
}

/** The body as text, at most `maxBytes`; past that too_large, or cut there when `truncate` (error pages). */
export async function readLimited(res: Response, maxBytes: number, truncate = false): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of bodyChunks(res, maxBytes, truncate)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** A finish other than `stop`: cut at the token limit (malformed, a retry may be shorter) or filtered (refused). */
function checkFinish(reason: string | null | undefined): void {
  if (reason === 'length') throw new ChatModelError('malformed', "The model's reply was cut off at its token limit");
  if (reason === 'content_filter') {
    throw new ChatModelError('refused', "The endpoint's content filter withheld the model's reply");
  }
}

function upstreamError(value: unknown): ChatModelError | null {
  const parsed = errorSchema.safeParse(value);
  if (!parsed.success) return null;
  const message = (parsed.data.error.message ?? '').slice(0, 300);
  return new ChatModelError('server', `The model endpoint reported an error: ${message}`);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ChatModelError(
      'malformed',
      `The model endpoint's ${what} is not JSON: ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
}

/** A non-streamed answer: one `chat.completion`. */
export async function readCompletion(res: Response, limits: ReadLimits): Promise<Completion> {
  const data = parseJson(await readLimited(res, limits.maxReplyBytes), 'answer');
  const parsed = completionSchema.safeParse(data);
  if (!parsed.success) {
    throw upstreamError(data) ?? new ChatModelError('malformed', 'The answer is not a chat completion');
  }
  const choice = parsed.data.choices[0]!;
  checkFinish(choice.finish_reason);
  const content = choice.message.content;
  if (typeof content !== 'string') {
    const refusal = choice.message.refusal;
    if (refusal) throw new ChatModelError('refused', `The model refused: ${refusal.slice(0, 200)}`);
    throw new ChatModelError('malformed', 'The chat completion has no content');
  }
  if (content.length > limits.maxContentChars) throw tooLarge('characters', limits.maxContentChars);
  return { content, model: parsed.data.model ?? null };
}

/**
 * A streamed answer: the deltas' content joined, until `data: [DONE]`. `alive` is called on every chunk (the idle
 * timer), `onDelta` with each piece of text as it arrives (within the size limit). A stream that closes before [DONE]
 * and before a finish reason lost its end: network, retryable.
 */
export async function readCompletionStream(
  res: Response,
  limits: ReadLimits,
  alive: () => void,
  onDelta?: (text: string) => void,
): Promise<Completion> {
  const sse = new SseDecoder();
  const parts: string[] = [];
  let chars = 0;
  let model: string | null = null;
  let finish: string | null = null;
  let refusal = '';
  let done = false;

  const take = (data: string) => {
    if (done) return;
    if (data.trim() === '[DONE]') {
      done = true;
      return;
    }
    const value = parseJson(data, 'stream event');
    const parsed = chunkSchema.safeParse(value);
    if (!parsed.success) throw upstreamError(value) ?? new ChatModelError('malformed', 'A stream event is not a chunk');
    const failure = upstreamError(value);
    if (failure) throw failure;
    model ??= parsed.data.model ?? null;
    for (const choice of parsed.data.choices ?? []) {
      const piece = choice.delta?.content ?? '';
      chars += piece.length;
      if (chars > limits.maxContentChars) throw tooLarge('characters', limits.maxContentChars);
      if (piece) {
        parts.push(piece);
        onDelta?.(piece);
      }
      refusal += choice.delta?.refusal ?? '';
      finish = choice.finish_reason ?? finish;
    }
  };

  for await (const chunk of bodyChunks(res, limits.maxReplyBytes, false)) {
    alive();
    for (const data of sse.push(chunk)) take(data);
    if (done) break;
  }
  if (!done) for (const data of sse.end()) take(data);
  if (!done && finish === null) {
    throw new ChatModelError('network', 'The model stream closed before it finished');
  }
  checkFinish(finish);
  if (parts.length === 0 && refusal) throw new ChatModelError('refused', `The model refused: ${refusal.slice(0, 200)}`);
  return { content: parts.join(''), model };
}
