import { CODE_RULES, type CodePurpose } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { Reservations } from '../../lib/reservations.js';
import { codeMatches, hashCode, judgeAttempt, newCode, resendWait } from './code-rules.js';
import {
  countFailedAttempt,
  deleteCode,
  insertCode,
  lastSentAt,
  latestCodeForUpdate,
  lockTarget,
  markConsumed,
} from './codes.repository.js';
import { CODE_SEND_LIMITS, retryLater } from './limits.js';
import { codeMail, codeSms } from './messages.js';

export type CodeChannel = 'sms' | 'email';

/** Emails compare case-insensitively; phones are already digits only (contract). */
export function normalizeTarget(target: string): string {
  return target.includes('@') ? target.trim().toLowerCase() : target.trim();
}

export interface SendCodeInput {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  ip: string;
}

/**
 * Sends a fresh code. Whether an account exists is never consulted, so sending reveals nothing;
 * register refuses an existing account only after the code proved the sender owns the target.
 */
export async function sendCode(deps: Deps, input: SendCodeInput): Promise<{ resend_after: number }> {
  // During maintenance codes still go out so staff can reset a password; nobody can register.
  if (input.purpose === 'register' && (await deps.settings.get()).maintenance)
    throw new AppError('server_upgrading', 'maintenance: registration is closed');
  const target = normalizeTarget(input.target);
  // Units are taken before the code is made and given back when none was sent, so parallel requests share the budget.
  const held = new Reservations(deps.limiter);
  await held.take(`code:ip:${input.ip}`, CODE_SEND_LIMITS.perIp, (s) =>
    retryLater('rate_limited', s, 'too many codes from this address'),
  );

  const code = newCode();
  const now = deps.clock.now();
  let row: { id: number };
  try {
    row = await withUnitOfWork(deps, async ({ tx }) => {
      await lockTarget(tx, target);
      const wait = resendWait(await lastSentAt(tx, target), now, deps.env.CODE_RESEND_SECONDS);
      if (wait > 0) throw retryLater('code_too_frequent', wait, `wait ${wait} s before asking for another code`);
      await held.take(`code:target:${target}`, CODE_SEND_LIMITS.perTarget, (s) =>
        retryLater('rate_limited', s, 'too many codes to this target'),
      );
      return insertCode(tx, {
        target,
        purpose: input.purpose,
        codeHash: hashCode(target, input.purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_RULES.validSeconds * 1000),
        senderIp: input.ip,
      });
    });
  } catch (err) {
    await held.releaseAll();
    throw err;
  }

  const message = input.channel === 'sms' ? codeSms(code, input.purpose) : codeMail(code, input.purpose);
  try {
    const sender = input.channel === 'sms' ? deps.sms : deps.mailer;
    await sender.send({ to: target, ...message, code: { value: code, purpose: input.purpose } });
  } catch (err) {
    // A code that never arrived must not hold the target for the resend interval, nor count against the budgets.
    await deleteCode(deps.database.db, row.id);
    await held.releaseAll();
    throw err;
  }
  held.keep();
  return { resend_after: deps.env.CODE_RESEND_SECONDS };
}

/**
 * Checks and uses up a code: only the newest code for the target and purpose counts, once, within
 * 10 minutes and 5 tries. Throws `code_invalid` otherwise. Other modules call this for `op_check`.
 */
export async function consumeCode(deps: Deps, target: string, purpose: CodePurpose, code: string): Promise<void> {
  const normalized = normalizeTarget(target);
  const now = deps.clock.now();
  const verdict = await withUnitOfWork(deps, async ({ tx }) => {
    const row = await latestCodeForUpdate(tx, normalized, purpose);
    const matches = row ? codeMatches(row.codeHash, normalized, purpose, code) : false;
    const result = judgeAttempt(row, matches, now);
    if (row && result === 'wrong') await countFailedAttempt(tx, row.id);
    if (row && result === 'accept') await markConsumed(tx, row.id);
    return result;
  });
  if (verdict === 'dead') throw new AppError('code_invalid', 'no live code: never sent, expired, used or out of tries');
  if (verdict === 'wrong') throw new AppError('code_invalid', 'wrong code');
}
