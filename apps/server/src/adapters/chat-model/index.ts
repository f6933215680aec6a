import type { Env } from '../../env.js';
import { openAiChat, type ChatModel, type OpenAiChatOptions } from './openai-chat.js';

export * from './chat-error.js';
export * from './openai-chat.js';

type AssistantEnv = Pick<
  Env,
  | 'ASSISTANT_MODEL'
  | 'ASSISTANT_MODEL_URL'
  | 'ASSISTANT_MODEL_KEY'
  | 'ASSISTANT_MODEL_MODEL'
  | 'ASSISTANT_MODEL_TIMEOUT_MS'
  | 'ESSAY_JUDGE_URL'
  | 'ESSAY_JUDGE_KEY'
  | 'ESSAY_JUDGE_MODEL'
>;

/**
 * The study assistant's model (decision 030), or null: ASSISTANT_MODEL=off, or no endpoint of its own nor the essay
 * judge's. Always streamed, so the learner reads the answer as it is written; a server that ignores `stream` still
 * answers (all at once). loadEnv has already refused a URL without a model.
 */
export function assistantModelFromEnv(env: AssistantEnv, options: OpenAiChatOptions = {}): ChatModel | null {
  if (env.ASSISTANT_MODEL === 'off') return null;
  const own = env.ASSISTANT_MODEL_URL !== undefined;
  const url = own ? env.ASSISTANT_MODEL_URL : env.ESSAY_JUDGE_URL;
  const model = own ? env.ASSISTANT_MODEL_MODEL : env.ESSAY_JUDGE_MODEL;
  const key = own ? env.ASSISTANT_MODEL_KEY : env.ESSAY_JUDGE_KEY;
  if (!url) return null;
  if (!model) throw new Error('the assistant model needs ASSISTANT_MODEL_MODEL (or ESSAY_JUDGE_MODEL)');
  return openAiChat(
    { url, key: key || null, model, stream: true, timeoutMs: env.ASSISTANT_MODEL_TIMEOUT_MS },
    { purpose: 'assistant', ...options },
  );
}
