import { openAiChat, type OpenAiChatConfig, type OpenAiChatOptions } from '../chat-model/index.js';
import type { ModelJudge, ModelJudgment } from './model-judge.js';
import { judgeMessages } from './prompt.js';
import { parseJudgeReply } from './reply.js';

export { chatCompletionsUrl } from '../chat-model/index.js';

/** The essay judge's endpoint: the shared Chat Completions client's. */
export type OpenAiJudgeConfig = OpenAiChatConfig;
export type OpenAiJudgeOptions = OpenAiChatOptions;

/**
 * The model judge over Chat Completions: the shared client (one request per judgment, no retries of its own — the
 * pipeline's job retries with backoff) asked with the judge's two messages, its reply read as a judgment. Each
 * failure an EssayJudgeError.
 */
export function openAiJudge(config: OpenAiJudgeConfig, options: OpenAiJudgeOptions = {}): ModelJudge {
  const chat = openAiChat(config, { purpose: 'essay-judge', ...options });
  async function judge(input: { essay: string; prompt: string }, signal?: AbortSignal): Promise<ModelJudgment> {
    const completion = await chat.complete(judgeMessages(input), signal ? { signal } : {});
    return { ...parseJudgeReply(completion.content), model: completion.model };
  }
  return { model: config.model, judge };
}
