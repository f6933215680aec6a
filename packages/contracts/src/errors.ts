/**
 * Every `err_data.kind` the server can answer, with its HTTP status.
 * The first block is the spec's error catalogue (§8); the rest are the 4xx kinds of the API conventions.
 */
export const ERROR_KINDS = {
  server_upgrading: 503,
  api_version_low: 426,
  token_expired: 401,
  limit: 403,
  role_overflow: 403,
  day_overflow: 403,
  buy_role_exist: 409,
  sim_no_perm: 403,
  /** An ordinary member opened a locked question: the "only public questions" dialog. */
  public_only: 403,
  /** A book locked until its unlock date: `detail` is exactly that instant (ISO 8601), `show` the day in Chinese. */
  book_locked: 403,

  /** Missing, malformed or revoked token on a protected call. */
  unauthorized: 401,
  /** Body fails the call's schema: wrong types, unknown fields, strings or arrays over their bound. */
  invalid_input: 400,
  /** Body is not JSON or not an object. */
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  forbidden: 403,
  /** The account is frozen by an admin. */
  user_frozen: 403,
  not_found: 404,
  conflict: 409,
  /** Register: the phone or email already has an account. */
  account_exists: 409,
  /** Login: unknown account or wrong password (deliberately the same kind for both). */
  wrong_credentials: 401,
  /** Verification code wrong, expired, used up or never sent. */
  code_invalid: 400,
  /** A code was sent to this target less than the minimum interval ago. */
  code_too_frequent: 429,
  rate_limited: 429,
  /** Exams: the section's time ran out; the change was not taken (an auto-commit exam submitted the section). */
  exam_time_up: 409,
  /** Exams: the exam or the section is already submitted; nothing more can change it. */
  exam_finished: 409,
  /** Exams: the change was made against an older revision (a replayed call or another device): reload the exam. */
  stale_revision: 409,
  /** Payments: the discount code is unknown, withdrawn, outside its window or used up (show: 优惠码不可用). */
  discount_invalid: 409,
  /** Payments: the gateway cannot be reached right now; nothing was charged, try again. */
  pay_unavailable: 503,
  /** Flash cards: too few flash coins for the deck; the client opens the flash-quota purchase. */
  flash_coin_short: 402,
  /** The question editor: a publish failed the content check; `detail` lists the problems. */
  content_invalid: 422,
  method_not_allowed: 405,
  internal: 500,
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;
export const errorKinds = Object.keys(ERROR_KINDS) as ErrorKind[];
