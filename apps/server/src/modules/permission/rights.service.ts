import type { permissionCalls } from '@gre/contracts';
import { priceTable, type AdminUser, type CallRequest } from '@gre/contracts';
import type { Tx } from '@gre/db';
import { AppError } from '../../lib/app-error.js';
import { staffChange } from '../../lib/staff-change.js';
import type { Actor, UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { addFlashCoins, grantTier, removeTier, takeFlashCoins } from '../membership/index.js';
import { changeTailorUses } from '../tailor/index.js';
import { auditView, toAdminUser } from './admin-user.dto.js';
import { lockUserRow, setRights, userById, type RightsPatch } from './permission.repository.js';

type Req<K extends keyof typeof permissionCalls> = CallRequest<(typeof permissionCalls)[K]>;

/**
 * One change to one user: the confirmation code used up, the user locked, the change made, and the audit row with the
 * user's rights before and after — one transaction; a refusal (wrong code, unknown user, a rule) is audited instead.
 */
function changeUser(
  deps: Deps,
  actor: Actor,
  action: string,
  target: { user_id: number; op_code: string },
  change: (tx: Tx, user: UserRow, now: Date, unit: Deps) => Promise<unknown>,
): Promise<AdminUser> {
  const now = deps.clock.now();
  return staffChange(
    deps,
    actor,
    {
      action: `permission/${action}`,
      target: { targetKind: 'user', targetId: target.user_id },
      opCode: target.op_code,
      auditRefusals: true,
    },
    async ({ tx, deps: unit }) => {
      const before = await lockUserRow(tx, target.user_id);
      if (!before) throw new AppError('not_found', `no user ${target.user_id}`, '用户不存在');
      await change(tx, before, now, unit);
      const after = (await userById(tx, target.user_id))!;
      return {
        result: toAdminUser(after, now),
        audits: [{ targetKind: 'user', targetId: after.id, before: auditView(before), after: auditView(after) }],
      };
    },
  );
}

const patchRights = (patch: RightsPatch) => (tx: Tx, user: UserRow) => setRights(tx, user.id, patch);

/**
 * `set_high`: the crown. product.md lists four rights a learner may hold beyond their tier; `higher_access` and
 * `show_higher_collect` belong to the higher bank (`set_higher`), `show_tailor_shelf` to the tailor shelf
 * (`assign_common_tailor_use`). What is left is `has_crown` with `can_visit_material`: the crown marks a learner lifted
 * above their tier, and what it lifts is the one tier-bound right no other call grants — the study materials.
 */
export function setHigh(deps: Deps, actor: Actor, body: Req<'setHigh'>) {
  return changeUser(deps, actor, 'set_high', body, patchRights({ hasCrown: body.on, canVisitMaterial: body.on }));
}

/** `set_higher`: the higher bank and its personal pages go together; one without the other is a dead end. */
export function setHigher(deps: Deps, actor: Actor, body: Req<'setHigher'>) {
  return changeUser(
    deps,
    actor,
    'set_higher',
    body,
    patchRights({ higherAccess: body.on, showHigherCollect: body.on }),
  );
}

export function assignCommonTailorUse(deps: Deps, actor: Actor, body: Req<'assignCommonTailorUse'>) {
  return changeUser(deps, actor, 'assign_common_tailor_use', body, patchRights({ showTailorShelf: body.on }));
}

export function assignCustomTailorUse(deps: Deps, actor: Actor, body: Req<'assignCustomTailorUse'>) {
  return changeUser(deps, actor, 'assign_custom_tailor_use', body, (tx, user) =>
    changeTailorUses(tx, user.id, body.delta),
  );
}

export function manualGrantVip(deps: Deps, actor: Actor, body: Req<'manualGrantVip'>) {
  return changeUser(deps, actor, 'manual_grant_vip', body, async (tx, user, now, unit) => {
    // Through the unit: on PGlite's one connection a read outside the transaction would wait for it forever.
    const prices = priceTable(await unit.settings.override('prices'));
    try {
      await grantTier(tx, user.id, { tier: body.tier, days: body.days, source: 'manual', now, prices });
    } catch (e) {
      if (e instanceof AppError && e.kind === 'buy_role_exist')
        throw new AppError('buy_role_exist', e.detail, `该用户持有更高等级的会员，不能授予 ${body.tier}`);
      throw e;
    }
  });
}

export function removeVip(deps: Deps, actor: Actor, body: Req<'removeVip'>) {
  return changeUser(deps, actor, 'remove_vip', body, (tx, user, now) => removeTier(tx, user.id, now));
}

/** Coins go up through `addFlashCoins` and down through `takeFlashCoins`, whose conditional update never passes zero. */
export function manualChangeFlashCoin(deps: Deps, actor: Actor, body: Req<'manualChangeFlashCoin'>) {
  return changeUser(deps, actor, 'manual_change_flash_coin', body, async (tx, user) => {
    if (body.delta > 0) return addFlashCoins(tx, user.id, body.delta);
    try {
      return await takeFlashCoins(tx, user.id, -body.delta);
    } catch (e) {
      // flash_coin_short opens the learner's purchase dialog; to an admin it is a plain conflict with the figures.
      if (e instanceof AppError && e.kind === 'flash_coin_short')
        throw new AppError(
          'conflict',
          e.detail,
          `该用户只有 ${user.flashCoins} 个闪卡额度，不能减少 ${-body.delta} 个`,
        );
      throw e;
    }
  });
}
