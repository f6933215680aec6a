import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { judgmentText } from '../../apps/server/src/adapters/essay-judge/fake-openai';

/**
 * The essay model judge for this journey: an OpenAI-compatible Chat Completions endpoint on loopback that answers a
 * valid judgment (Chinese comments on the five dimensions, the given score) only after `delayMs`. The app server asks
 * it beside the built-in judge, so an essay stays 评分中 long enough for the learner to see it, and its comments show
 * as 模型评阅. Non-streamed (ESSAY_JUDGE_STREAM=off); the protocol's own checks are the adapter's tests' business.
 */
export async function startSlowJudge(opts: { delayMs: number; score: number }) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-e2e',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'e2e-judge',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: judgmentText(opts.score) },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      }, opts.delayMs);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      ESSAY_JUDGE_URL: `http://127.0.0.1:${port}/v1`,
      ESSAY_JUDGE_MODEL: 'e2e-judge',
      ESSAY_JUDGE_STREAM: 'off',
      ESSAY_JUDGE_TIMEOUT_MS: String(opts.delayMs + 30_000),
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
