/**
 * Why a chat completion failed. `retryable`: the same request may succeed later (timeout, network, 5xx, 429 rate
 * limit, a malformed or oversized reply from a model that answers differently each time, the caller's own abort); how
 * many tries is the caller's call. Not retryable: the endpoint refused us (bad key, no quota, 4xx, content filter).
 */
export type ChatModelErrorKind =
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

const RETRYABLE: Record<ChatModelErrorKind, boolean> = {
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

export class ChatModelError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: ChatModelErrorKind,
    message: string,
    /** The HTTP status when the endpoint answered with an error; ms to wait when it said (429 Retry-After). */
    readonly detail: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ChatModelError';
    this.retryable = RETRYABLE[kind];
  }
}
