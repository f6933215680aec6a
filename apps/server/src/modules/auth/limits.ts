import { AppError } from '../../lib/app-error.js';
import type { Budget } from '../../lib/reservations.js';

/** Sending codes costs money and can harass a phone owner: capped per target and per sender IP. */
export const CODE_SEND_LIMITS = {
  perTarget: { max: 10, windowSeconds: 3600 },
  perIp: { max: 30, windowSeconds: 3600 },
} satisfies Record<string, Budget>;

/**
 * Failed-login budgets (docs/decisions/003-login-throttling.md). The per-account budget is never applied
 * to a device that has logged in to that account before, so a distant attacker cannot lock its owner out.
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: { max: 5, windowSeconds: 900 },
  perIp: { max: 50, windowSeconds: 900 },
  perAccount: { max: 20, windowSeconds: 900 },
} satisfies Record<string, Budget>;

/** An AppError that also sets `Retry-After` (the envelope plugin reads `retryAfter`). */
export function retryLater(kind: 'rate_limited' | 'code_too_frequent', seconds: number, detail: string): AppError {
  return Object.assign(new AppError(kind, detail), { retryAfter: Math.max(1, Math.ceil(seconds)) });
}
