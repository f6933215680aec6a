import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { judgmentText, type FakeBehaviour } from './fake-openai.js';
import { ESSAY, judgeError, PROMPT, useFakeOpenAi } from './openai-judge.test-kit.js';

// The endpoint misbehaving: each failure a typed EssayJudgeError, retryable or not, and never a wait past the limit.

const { fake, judge } = await useFakeOpenAi();
const input = { essay: ESSAY, prompt: PROMPT };

/** Runs `promise`, returning its error and how long it took. */
async function timed(promise: Promise<unknown>) {
  const started = Date.now();
  const err = await judgeError(promise);
  return { err, ms: Date.now() - started };
}

describe('HTTP errors', () => {
  const cases: [string, FakeBehaviour, { kind: string; retryable: boolean; status: number }][] = [
    ['500', { kind: 'status', status: 500 }, { kind: 'server', retryable: true, status: 500 }],
    ['503 overloaded', { kind: 'status', status: 503 }, { kind: 'server', retryable: true, status: 503 }],
    ['408', { kind: 'status', status: 408 }, { kind: 'server', retryable: true, status: 408 }],
    [
      '429 rate limit',
      { kind: 'status', status: 429, code: 'rate_limit_exceeded' },
      { kind: 'rate_limited', retryable: true, status: 429 },
    ],
    [
      '429 out of quota',
      { kind: 'status', status: 429, code: 'insufficient_quota' },
      { kind: 'quota', retryable: false, status: 429 },
    ],
    ['403', { kind: 'status', status: 403 }, { kind: 'auth', retryable: false, status: 403 }],
    [
      '400 (context too long)',
      { kind: 'status', status: 400, code: 'context_length_exceeded', message: 'maximum context length' },
      { kind: 'refused', retryable: false, status: 400 },
    ],
  ];

  it.each(cases)('%s', async (_, behaviour, expected) => {
    fake.next(behaviour);
    const err = await judgeError(judge().judge(input));
    expect({ kind: err.kind, retryable: err.retryable, status: err.detail.status }).toEqual(expected);
    expect(err.message).toContain(`HTTP ${expected.status}`);
  });

  it("429's Retry-After, as seconds or a date, tells the pipeline how long to wait", async () => {
    fake.next({ kind: 'status', status: 429, retryAfter: '20' });
    expect((await judgeError(judge().judge(input))).detail.retryAfterMs).toBe(20_000);
    fake.next({ kind: 'status', status: 429, retryAfter: new Date(Date.now() + 60_000).toUTCString() });
    const wait = (await judgeError(judge().judge(input))).detail.retryAfterMs!;
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('a wrong key and an unknown model are refused by the endpoint, not retried, the key never in the message', async () => {
    const wrongKey = await judgeError(judge({ key: 'sk-wrong-secret' }).judge(input));
    expect(wrongKey).toMatchObject({ kind: 'auth', retryable: false });
    expect(wrongKey.message).toContain('invalid_api_key');
    expect(wrongKey.message).not.toContain('sk-wrong-secret');
    const unknown = await judgeError(judge({ model: 'gpt-nonexistent' }).judge(input));
    expect(unknown).toMatchObject({ kind: 'refused', retryable: false, detail: { status: 404 } });
    expect(unknown.message).toContain('model_not_found');
  });

  it('a wrong path answers 404 and is refused', async () => {
    const err = await judgeError(judge({ url: fake.baseUrl.replace(/\/v1$/, '/v2') }).judge(input));
    expect(err).toMatchObject({ kind: 'refused', retryable: false, detail: { status: 404 } });
  });
});

describe('the network', () => {
  it('a refused connection and a dropped one are network errors, retryable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await judgeError(judge({ url: `http://127.0.0.1:${port}/v1` }).judge(input));
    expect(refused).toMatchObject({ kind: 'network', retryable: true });
    expect(refused.message).toMatch(/ECONNREFUSED/);

    fake.next({ kind: 'drop' });
    expect(await judgeError(judge().judge(input))).toMatchObject({ kind: 'network', retryable: true });
  });
});

describe.each([true, false])('timeouts and hangs (stream: %s)', (stream) => {
  it('an endpoint that never answers times out at the configured limit', async () => {
    fake.next({ kind: 'hang' });
    const { err, ms } = await timed(judge({ stream, timeoutMs: 300 }).judge(input));
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2_000);
  });

  it('an answer that starts and then stalls is given up, not waited on for ever', async () => {
    fake.next({ kind: 'stall' });
    const { err, ms } = await timed(judge({ stream, timeoutMs: 2_000 }, { idleTimeoutMs: 200 }).judge(input));
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    // A stream is given up on its silence; a plain answer has no heartbeat, so only on the whole limit.
    if (stream) {
      expect(err.message).toMatch(/sent nothing for 200 ms/);
      expect(ms).toBeLessThan(1_500);
    } else {
      expect(ms).toBeGreaterThanOrEqual(1_990);
    }
  });

  it("the caller's signal cancels a judgment under way, and one already cancelled sends nothing", async () => {
    fake.next({ kind: 'hang' });
    const { err, ms } = await timed(judge({ stream }).judge(input, AbortSignal.timeout(150)));
    expect(err).toMatchObject({ kind: 'aborted', retryable: true });
    expect(ms).toBeLessThan(2_000);

    const before = fake.requests.length;
    const controller = new AbortController();
    controller.abort();
    expect((await judgeError(judge({ stream }).judge(input, controller.signal))).kind).toBe('aborted');
    expect(fake.requests.length).toBe(before);
  });
});

describe.each([true, false])('garbage and oversized answers (stream: %s)', (stream) => {
  it('a body that is not JSON is malformed, retryable', async () => {
    fake.next({ kind: 'garbage' });
    const err = await judgeError(judge({ stream }).judge(input));
    expect(err).toMatchObject({ kind: 'malformed', retryable: true });
    expect(err.message).toMatch(/not JSON/);
  });

  it('a huge body is cut off at the byte limit without reading it all', async () => {
    fake.next({ kind: 'huge', bytes: 50 * 1024 * 1024 });
    const { err, ms } = await timed(
      judge({ stream }, { maxReplyBytes: 256 * 1024, maxContentChars: 10 * 1024 * 1024 }).judge(input),
    );
    expect(err).toMatchObject({ kind: 'too_large', retryable: true });
    expect(err.message).toContain(`${256 * 1024} bytes`);
    expect(ms).toBeLessThan(5_000);
  });

  it('a reply text past the character limit is too large even inside the byte limit', async () => {
    fake.next({ kind: 'judge', content: '分'.repeat(5_000) });
    const err = await judgeError(judge({ stream }, { maxContentChars: 4_000 }).judge(input));
    expect(err).toMatchObject({ kind: 'too_large', retryable: true });
  });

  it('a reply cut at the token limit is malformed; one withheld by a content filter is refused', async () => {
    fake.next({ kind: 'finish', reason: 'length' }, { kind: 'finish', reason: 'content_filter' });
    expect(await judgeError(judge({ stream }).judge(input))).toMatchObject({ kind: 'malformed', retryable: true });
    expect(await judgeError(judge({ stream }).judge(input))).toMatchObject({ kind: 'refused', retryable: false });
  });
});

describe('a stream that breaks', () => {
  it('closing before its end is a network error; an error event mid-way is a server error; both retryable', async () => {
    fake.next({ kind: 'cut' }, { kind: 'stream_error', message: 'The server had an error while processing' });
    expect(await judgeError(judge().judge(input))).toMatchObject({ kind: 'network', retryable: true });
    const err = await judgeError(judge().judge(input));
    expect(err).toMatchObject({ kind: 'server', retryable: true });
    expect(err.message).toContain('The server had an error');
  });

  it('after every kind of failure the next judgment succeeds on the same judge', async () => {
    const j = judge({ timeoutMs: 400 });
    const failures: FakeBehaviour[] = [
      { kind: 'hang' },
      { kind: 'stall' },
      { kind: 'drop' },
      { kind: 'garbage' },
      { kind: 'huge', bytes: 4 * 1024 * 1024 },
      { kind: 'status', status: 500 },
    ];
    for (const failure of failures) {
      fake.next(failure, { kind: 'judge', content: judgmentText(3) });
      await judgeError(j.judge(input));
      expect((await j.judge(input)).score).toBe(3);
    }
  });
});
