import { AppError } from './app-error.js';
import { recordRefusal, type AuditEntry } from './audit.js';
import type { Actor } from './authorize.js';
import type { Deps } from './deps.js';
import { inUnit } from './unit-of-work.js';
import { consumeCode } from '../modules/auth/index.js';

/**
 * Checks and uses up the actor's confirmation code (`/api/user/send_op_check_code`, sent to their own phone, else
 * e-mail) before a money- or role-changing change: wrong, expired, reused or another user's code → `code_invalid`.
 *
 * It runs in its own transaction, before the change's unit: a wrong try must stay counted (five tries per code) even
 * though the refused call rolls everything else back, and a used code stays used whatever the change then does.
 * Given `refusal`, a refused code is also written to the audit log as that entry, outcome `refused`.
 */
export async function requireOpCheck(deps: Deps, actor: Actor, code: string, refusal?: AuditEntry): Promise<void> {
  if (inUnit(deps)) throw new Error('requireOpCheck runs before the unit of work of the change, not inside it');
  try {
    const target = actor.user.phone ?? actor.user.email;
    if (!target) throw new AppError('code_invalid', 'the account has neither phone nor email to receive a code');
    await consumeCode(deps, target, 'op_check', code);
  } catch (error) {
    if (refusal && error instanceof AppError) await recordRefusal(deps, actor, refusal, error.kind);
    throw error;
  }
}
