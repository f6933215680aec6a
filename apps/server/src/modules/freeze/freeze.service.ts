import { userCalls } from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit } from '../../lib/audit.js';
import { authorize, type Actor, type UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { staffChange } from '../../lib/staff-change.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { setFreezeFlag, toUserInfo } from '../users/index.js';

// The admin's freeze lives outside the users module: it needs the confirmation code, which the auth module checks,
// and auth itself stands on users.

const FREEZE_ACTION = actionOf(userCalls.freeze.path);

/**
 * Freezes or unfreezes a user, with its audit row, in the caller's unit of work when there is one. Freezing ends every
 * session of the user in the same transaction, so the next call with an old token is refused.
 */
export async function freezeUser(
  deps: Deps,
  actor: Actor,
  input: { userId: number; freeze: boolean; reason: string },
): Promise<UserRow> {
  const { userId, freeze, reason } = input;
  if (userId === actor.user.id) throw new AppError('forbidden', 'an admin cannot freeze or unfreeze themselves');
  return withUnitOfWork(deps, async (uow) => {
    const changed = await setFreezeFlag(uow.tx, userId, freeze, deps.clock.now());
    if (!changed) throw new AppError('not_found', `no user ${userId}`, '用户不存在');
    await recordAudit(uow, actor, {
      action: FREEZE_ACTION,
      targetKind: 'user',
      targetId: userId,
      before: { is_freeze: changed.before.isFreeze },
      after: { is_freeze: changed.after.isFreeze, reason },
    });
    return changed.after;
  });
}

/** `/api/user/freeze`: admin only, with a confirmation code; refusals are audited too. */
export async function setFrozen(deps: Deps, actor: Actor, body: z.output<typeof userCalls.freeze.request>) {
  authorize(actor, { staff: 'admin' });
  const input = { userId: body.user_id, freeze: body.freeze, reason: body.reason.trim() };
  const change = {
    action: FREEZE_ACTION,
    target: { targetKind: 'user' as const, targetId: body.user_id, after: { is_freeze: body.freeze } },
    opCode: body.op_code,
    auditRefusals: true,
  };
  const row = await staffChange(deps, actor, change, async (uow) => ({
    result: await freezeUser(uow.deps, actor, input),
    audits: [],
  }));
  return { ...toUserInfo(row, deps.clock.now()), is_freeze: row.isFreeze };
}
