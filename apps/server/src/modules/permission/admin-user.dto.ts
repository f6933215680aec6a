import { ROLE_NAMES, type AdminUser, type RoleKind } from '@gre/contracts';
import { canVisitMaterials, effectiveRole, type UserRow } from '../../lib/authorize.js';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/** A user as the admin console shows them: every right, and the tier in force at `now`. */
export function toAdminUser(user: UserRow, now: Date): AdminUser {
  const role = effectiveRole(user, now);
  // The expiry belongs to the tier on the row; a lapsed tier has fallen back to the base tier, which does not end.
  const expires = role === user.roleKind && user.roleExpiresAt ? stamp(user.roleExpiresAt) : null;
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    role_kind: role,
    role_name: ROLE_NAMES[role],
    base_role_kind: user.baseRoleKind as RoleKind,
    expire_stamp: expires,
    is_admin: user.isAdmin,
    is_operator: user.isOperator,
    is_teacher: user.isTeacher,
    is_freeze: user.isFreeze,
    flash_coins: user.flashCoins,
    higher_access: user.higherAccess,
    has_crown: user.hasCrown,
    material_access: canVisitMaterials(user, now),
    show_tailor_shelf: user.showTailorShelf,
    custom_tailor_uses: user.customTailorUses,
    created_stamp: stamp(user.createdAt),
  };
}

/** What an audit row keeps of a user before and after a change: the rights, tier and coins, no contact details. */
export function auditView(user: UserRow): Record<string, unknown> {
  return {
    role_kind: user.roleKind,
    role_expires_at: user.roleExpiresAt,
    base_role_kind: user.baseRoleKind,
    flash_coins: user.flashCoins,
    higher_access: user.higherAccess,
    show_higher_collect: user.showHigherCollect,
    has_crown: user.hasCrown,
    can_visit_material: user.canVisitMaterial,
    show_tailor_shelf: user.showTailorShelf,
    custom_tailor_uses: user.customTailorUses,
  };
}
