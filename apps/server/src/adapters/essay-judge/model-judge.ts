import type { EssayDimension } from '@gre/contracts';

/** What a judge reads: the learner's essay and the Issue prompt it answers. Nothing else leaves the server. */
export interface JudgeInput {
  essay: string;
  prompt: string;
}

export interface ModelJudgment {
  /** 0–6 in half points. */
  score: number;
  /** One Chinese comment per ETS Issue dimension, in ESSAY_DIMENSIONS order. */
  comments: { dimension: EssayDimension; text: string }[];
  /** The model that answered, as the endpoint names it (often a dated version of the configured one). */
  model: string;
}

/** A second opinion on an essay from a language model; EssayJudgeError when it cannot give one. */
export interface ModelJudge {
  /** The configured model name, for logs and the result's provenance. */
  readonly model: string;
  judge(input: JudgeInput, signal?: AbortSignal): Promise<ModelJudgment>;
}

/**
 * Why a judgment failed: the shared chat client's error (retryable or not, by kind); the pipeline's job decides how
 * many tries.
 */
export {
  ChatModelError as EssayJudgeError,
  type ChatModelErrorKind as EssayJudgeErrorKind,
} from '../chat-model/index.js';
