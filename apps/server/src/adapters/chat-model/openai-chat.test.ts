import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { startFakeOpenAi } from './fake-openai.js';
import { assistantModelFromEnv, ChatModelError, openAiChat, type OpenAiChatConfig } from './index.js';

// The shared Chat Completions client as the assistant uses it: text deltas as they arrive, refusals, the configured
// model from the environment. Its faults (HTTP errors, timeouts, garbage, sizes) are the essay judge's fault tests.

const fake = await startFakeOpenAi({ model: 'gpt-chat-mini', chunkChars: 4, writeBytes: 5 });
afterAll(() => fake.close());
afterEach(() => fake.reset());

const chat = (config: Partial<OpenAiChatConfig> = {}) =>
  openAiChat({ url: fake.baseUrl, key: fake.key, model: fake.model, stream: true, timeoutMs: 5_000, ...config });
const MESSAGES = [
  { role: 'system' as const, content: '你是助教。' },
  { role: 'user' as const, content: '{"学员消息":"你好"}' },
];
const TEXT = '这是一段中文回答，带 English 和 emoji 🙂，分成很多小块发来。';

async function failure(promise: Promise<unknown>): Promise<ChatModelError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChatModelError);
  return err as ChatModelError;
}

describe('complete', () => {
  it('streamed: hands each piece to onDelta in order, whatever the chunking, and returns the whole', async () => {
    fake.next({ kind: 'chat', content: TEXT });
    const pieces: string[] = [];
    const result = await chat().complete(MESSAGES, { onDelta: (t) => pieces.push(t) });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(TEXT);
    expect(result).toEqual({ content: TEXT, model: fake.answeredModel });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: fake.model, stream: true, messages: MESSAGES });
  });

  it('not streamed (or a server that ignores stream): the whole text as one delta', async () => {
    for (const [config, behaviour] of [
      [{ stream: false }, { kind: 'chat', content: TEXT }],
      [{}, { kind: 'plain' }],
    ] as const) {
      fake.next(behaviour);
      const pieces: string[] = [];
      const result = await chat(config).complete(MESSAGES, { onDelta: (t) => pieces.push(t) });
      expect(pieces).toEqual([result.content]);
    }
  });

  it.each([true, false])('a refusal is refused, not retryable (stream: %s)', async (stream) => {
    fake.next({ kind: 'refusal', message: 'I cannot help with that.' });
    const err = await failure(chat({ stream }).complete(MESSAGES));
    expect(err).toMatchObject({ kind: 'refused', retryable: false });
    expect(err.message).toContain('I cannot help with that.');
  });

  it('the caller’s abort mid-stream stops it as aborted', async () => {
    fake.next({ kind: 'stall' });
    const controller = new AbortController();
    const promise = chat().complete(MESSAGES, { signal: controller.signal, onDelta: () => controller.abort() });
    expect(await failure(promise)).toMatchObject({ kind: 'aborted' });
  });
});

describe('assistantModelFromEnv', () => {
  const essay = { ESSAY_JUDGE_URL: 'http://127.0.0.1:9/v1', ESSAY_JUDGE_MODEL: 'judge-model' };

  it('none without an endpoint of its own or the essay judge’s', () => {
    expect(assistantModelFromEnv(loadEnv({}))).toBeNull();
    expect(assistantModelFromEnv(loadEnv({ ASSISTANT_MODEL_URL: '' }))).toBeNull();
  });

  it('falls back to the essay judge’s endpoint; its own wins; ASSISTANT_MODEL=off turns both off', () => {
    expect(assistantModelFromEnv(loadEnv(essay))?.model).toBe('judge-model');
    const own = { ...essay, ASSISTANT_MODEL_URL: fake.baseUrl, ASSISTANT_MODEL_MODEL: 'own-model' };
    expect(assistantModelFromEnv(loadEnv(own))?.model).toBe('own-model');
    expect(assistantModelFromEnv(loadEnv({ ...own, ASSISTANT_MODEL: 'off' }))).toBeNull();
    expect(assistantModelFromEnv(loadEnv({ ...essay, ASSISTANT_MODEL: 'off' }))).toBeNull();
  });

  it('refuses at load a URL without a model, a key or model without a URL, a timeout out of range', () => {
    expect(() => loadEnv({ ASSISTANT_MODEL_URL: fake.baseUrl })).toThrow(/ASSISTANT_MODEL_MODEL/);
    expect(() => loadEnv({ ASSISTANT_MODEL_MODEL: 'x' })).toThrow(/ASSISTANT_MODEL_URL/);
    expect(() => loadEnv({ ASSISTANT_MODEL_KEY: 'sk-x', ...essay })).toThrow(/ASSISTANT_MODEL_URL/);
    expect(() => loadEnv({ ASSISTANT_MODEL_URL: 'ftp://x/v1', ASSISTANT_MODEL_MODEL: 'x' })).toThrow();
    expect(() => loadEnv({ ASSISTANT_MODEL_TIMEOUT_MS: '10' })).toThrow(/ASSISTANT_MODEL_TIMEOUT_MS/);
    expect(loadEnv({}).ASSISTANT_MODEL_TIMEOUT_MS).toBe(30_000);
  });

  it('the configured model answers through its endpoint with its key', async () => {
    const env = loadEnv({
      ASSISTANT_MODEL_URL: fake.baseUrl,
      ASSISTANT_MODEL_KEY: fake.key,
      ASSISTANT_MODEL_MODEL: fake.model,
    });
    fake.next({ kind: 'chat', content: TEXT });
    expect((await assistantModelFromEnv(env)!.complete(MESSAGES)).content).toBe(TEXT);
    expect(fake.requests.at(-1)!).toMatchObject({ authorization: `Bearer ${fake.key}`, accept: 'text/event-stream' });
  });
});
