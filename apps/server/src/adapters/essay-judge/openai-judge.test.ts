import { ESSAY_DIMENSIONS } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { judgmentText, startFakeOpenAi } from './fake-openai.js';
import { chatCompletionsUrl, modelJudgeFromEnv } from './index.js';
import { ESSAY, judgeError, PROMPT, useFakeOpenAi } from './openai-judge.test-kit.js';
import { MAX_ESSAY_CHARS, SYSTEM_PROMPT } from './prompt.js';

// Failures of the endpoint (HTTP errors, timeouts, hangs, garbage, huge answers) are in openai-judge.faults.test.ts.

const { fake, judge } = await useFakeOpenAi();

describe.each([true, false])('a judgment against the fake endpoint (stream: %s)', (stream) => {
  it('reads the score, one Chinese comment per dimension in rubric order, and the model that answered', async () => {
    const result = await judge({ stream }).judge({ essay: ESSAY, prompt: PROMPT });
    expect(result.score).toBe(4.5);
    expect(result.comments.map((c) => c.dimension)).toEqual([...ESSAY_DIMENSIONS]);
    expect(result.comments[0]!.text).toBe('立场明确，开头即表明同意题目观点，并在结尾呼应。');
    expect(result.comments[2]!.text).toContain('"the Apollo program"');
    expect(result.model).toBe(fake.answeredModel);
  });

  it('sends the Bearer key, the model, our instructions and the prompt and essay as data — nothing else', async () => {
    await judge({ stream }).judge({ essay: ESSAY, prompt: PROMPT });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${fake.key}`, status: 200 });
    expect(request.accept).toBe(stream ? 'text/event-stream' : 'application/json');
    expect(Object.keys(request.body!).sort()).toEqual(['messages', 'model', 'stream']);
    expect(request.body).toMatchObject({ model: fake.model, stream });
    const messages = request.body!.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toBe(SYSTEM_PROMPT);
    // The essay's "ignore all previous instructions" travels inside a JSON string, never as a message of its own.
    expect(JSON.parse(messages[1]!.content)).toEqual({ prompt: PROMPT, essay: ESSAY });
  });

  it('takes a reply in a ```json fence, after prose, after a <think> block, with a score as text', async () => {
    const replies = [
      '```json\n' + judgmentText(5) + '\n```',
      '好的，以下是评分结果：\n' + judgmentText(3.5) + '\n希望对你有帮助。',
      '<think>The essay takes a position { but } ...</think>\n' + judgmentText('2.5'),
    ];
    fake.next(...replies.map((content) => ({ kind: 'judge' as const, content })));
    const j = judge({ stream });
    const scores = [];
    for (const _ of replies) scores.push((await j.judge({ essay: ESSAY, prompt: PROMPT })).score);
    expect(scores).toEqual([5, 3.5, 2.5]);
  });

  it('refuses a score off the scale, a missing dimension or English comments as malformed (retryable)', async () => {
    const valid = JSON.parse(judgmentText()) as { score: unknown; comments: Record<string, string> };
    const english = { ...valid.comments, language: 'Good vocabulary.' };
    const { examples: _dropped, ...fourComments } = valid.comments;
    const replies: [string, RegExp][] = [
      [JSON.stringify({ ...valid, score: 7 }), /score 7 is not 0–6/],
      [JSON.stringify({ ...valid, score: '5.3' }), /score "5.3"/],
      [JSON.stringify({ ...valid, score: 5.3 }), /score 5.3/],
      [JSON.stringify({ comments: valid.comments }), /no score/],
      [JSON.stringify({ score: 4 }), /no comments/],
      [JSON.stringify({ ...valid, comments: fourComments }), /no comment on examples/],
      [JSON.stringify({ ...valid, comments: english }), /language is not in Chinese/],
      ['I would give this essay a 4.', /is not JSON/],
    ];
    fake.next(...replies.map(([content]) => ({ kind: 'judge' as const, content })));
    const j = judge({ stream });
    for (const [, message] of replies) {
      const err = await judgeError(j.judge({ essay: ESSAY, prompt: PROMPT }));
      expect(err).toMatchObject({ kind: 'malformed', retryable: true });
      expect(err.message).toMatch(message);
    }
  });

  it('sends at most MAX_ESSAY_CHARS of a 100,000-character essay and says it was cut', async () => {
    const essay = 'word '.repeat(20_000);
    await judge({ stream }).judge({ essay, prompt: PROMPT });
    const sent = JSON.parse((fake.requests.at(-1)!.body!.messages as { content: string }[])[1]!.content) as {
      essay: string;
      truncated?: boolean;
    };
    expect(sent.essay).toBe(essay.slice(0, MAX_ESSAY_CHARS));
    expect(sent.truncated).toBe(true);
  });
});

describe('the stream', () => {
  it('is read whatever the chunking: events, lines and Chinese characters split across writes', async () => {
    const split = await startFakeOpenAi({ writeBytes: 5, chunkChars: 3 });
    try {
      const j = judge({ url: split.baseUrl, key: split.key, model: split.model });
      const result = await j.judge({ essay: ESSAY, prompt: PROMPT });
      expect(result.comments.map((c) => c.text).join('')).toBe(
        Object.values((JSON.parse(judgmentText()) as { comments: object }).comments).join(''),
      );
    } finally {
      await split.close();
    }
  });

  it('is read as one JSON answer when the server ignores stream: true', async () => {
    fake.next({ kind: 'plain' });
    expect((await judge().judge({ essay: ESSAY, prompt: PROMPT })).score).toBe(4.5);
  });
});

describe('configuration', () => {
  it('appends /chat/completions to the API base unless it is there', () => {
    expect(chatCompletionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:11434/v1/')).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(chatCompletionsUrl('https://x.example/v1/chat/completions')).toBe('https://x.example/v1/chat/completions');
  });

  it('has no model judge without ESSAY_JUDGE_URL (or with it empty)', () => {
    expect(modelJudgeFromEnv(loadEnv({}))).toBeNull();
    expect(modelJudgeFromEnv(loadEnv({ ESSAY_JUDGE_URL: '' }))).toBeNull();
  });

  it('judges through the configured endpoint, streaming by default, within the configured time', async () => {
    const source = { ESSAY_JUDGE_URL: fake.baseUrl, ESSAY_JUDGE_KEY: fake.key, ESSAY_JUDGE_MODEL: fake.model };
    const env = loadEnv(source);
    expect(env).toMatchObject({ ESSAY_JUDGE_STREAM: 'on', ESSAY_JUDGE_TIMEOUT_MS: 60_000 });
    const modelJudge = modelJudgeFromEnv(env)!;
    expect(modelJudge.model).toBe(fake.model);
    expect((await modelJudge.judge({ essay: ESSAY, prompt: PROMPT })).score).toBe(4.5);
    expect(fake.requests.at(-1)!.body!.stream).toBe(true);

    const plain = loadEnv({ ...source, ESSAY_JUDGE_STREAM: 'off', ESSAY_JUDGE_TIMEOUT_MS: '1000' });
    fake.next({ kind: 'hang' });
    const started = Date.now();
    expect((await judgeError(modelJudgeFromEnv(plain)!.judge({ essay: ESSAY, prompt: PROMPT }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(fake.requests.at(-1)!.body!.stream).toBe(false);
  });

  it('sends no Authorization without a key (a local server)', async () => {
    const open = loadEnv({ ESSAY_JUDGE_URL: fake.baseUrl, ESSAY_JUDGE_MODEL: fake.model });
    const err = await judgeError(modelJudgeFromEnv(open)!.judge({ essay: ESSAY, prompt: PROMPT }));
    expect(err).toMatchObject({ kind: 'auth', retryable: false });
    expect(fake.requests.at(-1)!.authorization).toBeUndefined();
  });

  it('refuses at start a URL without a model, a key or model without a URL, a non-HTTP URL, a silly timeout', () => {
    const url = 'https://api.example.com/v1';
    expect(() => loadEnv({ ESSAY_JUDGE_URL: url })).toThrow(/ESSAY_JUDGE_MODEL/);
    expect(() => loadEnv({ ESSAY_JUDGE_MODEL: 'gpt-4o-mini' })).toThrow(/need ESSAY_JUDGE_URL/);
    expect(() => loadEnv({ ESSAY_JUDGE_KEY: 'sk-x' })).toThrow(/need ESSAY_JUDGE_URL/);
    expect(() => loadEnv({ ESSAY_JUDGE_URL: 'ftp://api.example.com', ESSAY_JUDGE_MODEL: 'm' })).toThrow(
      /ESSAY_JUDGE_URL/,
    );
    expect(() => loadEnv({ ESSAY_JUDGE_URL: 'not a url', ESSAY_JUDGE_MODEL: 'm' })).toThrow(/ESSAY_JUDGE_URL/);
    expect(() => loadEnv({ ESSAY_JUDGE_URL: url, ESSAY_JUDGE_MODEL: 'm', ESSAY_JUDGE_TIMEOUT_MS: '10' })).toThrow(
      /ESSAY_JUDGE_TIMEOUT_MS/,
    );
    expect(() => loadEnv({ ESSAY_JUDGE_URL: url, ESSAY_JUDGE_MODEL: 'm', ESSAY_JUDGE_STREAM: 'yes' })).toThrow(
      /ESSAY_JUDGE_STREAM/,
    );
  });
});
