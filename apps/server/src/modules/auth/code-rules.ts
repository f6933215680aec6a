import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_RULES } from '@gre/contracts';

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_RULES.digits)
    .toString()
    .padStart(CODE_RULES.digits, '0');
}

function digest(salt: string, target: string, purpose: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${purpose}:${target}:${code}`).digest();
}

/**
 * `salt.sha256hex`; target and purpose are part of the hash, so a stored row only ever opens the
 * target and purpose it was sent for.
 */
export function hashCode(target: string, purpose: string, code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}.${digest(salt, target, purpose, code).toString('hex')}`;
}

/** Constant-time comparison against a stored `salt.hash`; a malformed stored value never matches. */
export function codeMatches(stored: string, target: string, purpose: string, code: string): boolean {
  const [salt, hex] = stored.split('.');
  if (!salt || !hex || hex.length !== 64) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), digest(salt, target, purpose, code));
}

/** The state of the latest code sent to a target for a purpose, as the rules need it. */
export interface CodeState {
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/**
 * `dead`: nothing to check against (never sent, used, expired, or out of tries) — the attempt is not counted.
 * `wrong`: a live code and the guess is not it — counts one try. `accept`: a live code and the right guess.
 */
export type CodeVerdict = 'dead' | 'wrong' | 'accept';

/** The verification-code rules in one place: valid 10 minutes, used once, at most 5 tries. */
export function judgeAttempt(state: CodeState | null, matches: boolean, now: Date): CodeVerdict {
  if (!state || state.consumedAt) return 'dead';
  if (state.expiresAt.getTime() <= now.getTime()) return 'dead';
  if (state.attempts >= CODE_RULES.maxTries) return 'dead';
  return matches ? 'accept' : 'wrong';
}

/** Seconds still to wait before another code may go to a target last sent one at `lastSentAt`. */
export function resendWait(
  lastSentAt: Date | null,
  now: Date,
  resendSeconds: number = CODE_RULES.resendSeconds,
): number {
  if (!lastSentAt) return 0;
  const waitMs = lastSentAt.getTime() + resendSeconds * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
