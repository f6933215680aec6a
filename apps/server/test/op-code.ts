import { CODE_RULES } from '@gre/contracts';
import type { UserRow } from '../src/lib/authorize.js';
import type { Deps } from '../src/lib/deps.js';
import { hashCode, newCode } from '../src/modules/auth/code-rules.js';
import { insertCode } from '../src/modules/auth/codes.repository.js';
import { normalizeTarget } from '../src/modules/auth/codes.service.js';

/**
 * A live confirmation code (`op_check`) for the user, written as /api/user/send_op_check_code writes one but without
 * the minute between sends, so a test can make several money-changing calls in a row. Returns the plain code.
 */
export async function issueOpCode(
  deps: Pick<Deps, 'database' | 'clock'>,
  user: Pick<UserRow, 'phone' | 'email'>,
): Promise<string> {
  const target = normalizeTarget(user.phone ?? user.email ?? '');
  if (!target) throw new Error('the user has neither phone nor email');
  const code = newCode();
  const now = deps.clock.now();
  await insertCode(deps.database.db, {
    target,
    purpose: 'op_check',
    codeHash: hashCode(target, 'op_check', code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_RULES.validSeconds * 1000),
  });
  return code;
}
