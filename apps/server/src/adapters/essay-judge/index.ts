import type { Env } from '../../env.js';
import type { ModelJudge } from './model-judge.js';
import { openAiJudge, type OpenAiJudgeOptions } from './openai-judge.js';

export * from './model-judge.js';
export { chatCompletionsUrl, openAiJudge, type OpenAiJudgeConfig, type OpenAiJudgeOptions } from './openai-judge.js';

type JudgeEnv = Pick<
  Env,
  'ESSAY_JUDGE_URL' | 'ESSAY_JUDGE_KEY' | 'ESSAY_JUDGE_MODEL' | 'ESSAY_JUDGE_STREAM' | 'ESSAY_JUDGE_TIMEOUT_MS'
>;

/**
 * The configured model judge, or null when ESSAY_JUDGE_URL is unset (the built-in judge then scores alone). loadEnv
 * has already refused a URL without a model.
 */
export function modelJudgeFromEnv(env: JudgeEnv, options: OpenAiJudgeOptions = {}): ModelJudge | null {
  if (!env.ESSAY_JUDGE_URL) return null;
  if (!env.ESSAY_JUDGE_MODEL) throw new Error('the model judge (ESSAY_JUDGE_URL) needs ESSAY_JUDGE_MODEL');
  return openAiJudge(
    {
      url: env.ESSAY_JUDGE_URL,
      key: env.ESSAY_JUDGE_KEY || null,
      model: env.ESSAY_JUDGE_MODEL,
      stream: env.ESSAY_JUDGE_STREAM === 'on',
      timeoutMs: env.ESSAY_JUDGE_TIMEOUT_MS,
    },
    options,
  );
}
