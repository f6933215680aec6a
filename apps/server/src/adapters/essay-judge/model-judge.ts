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
 * Why a judgment failed. `retryable`: the same request may succeed later (timeout, network, 5xx, 429 rate limit, a
 * malformed or oversized reply from a model that answers differently each time, the caller's own abort); how many
 * tries is the pipeline's call. Not retryable: the endpoint refused us (bad key, no quota, 4xx, content filter).
 */
export type EssayJudgeErrorKind =
  | 'timeout'
  | 'network'
  | 'server'
  | 'rate_limited'
  | 'malformed'
  | 'too_large'
  | 'aborted'
  | 'auth'
  | 'quota'
  | 'refused';

const RETRYABLE: Record<EssayJudgeErrorKind, boolean> = {
  timeout: true,
  network: true,
  server: true,
  rate_limited: true,
  malformed: true,
  too_large: true,
  aborted: true,
  auth: false,
  quota: false,
  refused: false,
};

export class EssayJudgeError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: EssayJudgeErrorKind,
    message: string,
    /** The HTTP status when the endpoint answered with an error; ms to wait when it said (429 Retry-After). */
    readonly detail: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'EssayJudgeError';
    this.retryable = RETRYABLE[kind];
  }
}
