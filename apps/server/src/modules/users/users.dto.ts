import { authorityRecordSchema, ROLE_NAMES, shanghaiDate, type User, type UserInfo } from '@gre/contracts';
import { z } from 'zod';
import { canVisitMaterials, effectiveRole, type UserRow } from '../../lib/authorize.js';

const recordsSchema = z.array(authorityRecordSchema);

/** The spec's User shape for the user themself (contact details included). */
export function toUserDto(user: UserRow, now: Date): User {
  const role = effectiveRole(user, now);
  // The expiry belongs to the tier on the row; once it lapsed the base tier shows, which does not expire.
  const expires = role === user.roleKind && user.roleExpiresAt ? shanghaiDate(user.roleExpiresAt) : null;
  const records = recordsSchema.safeParse(user.records);
  return {
    id: user.id,
    name: user.name,
    signature: user.signature,
    is_admin: user.isAdmin,
    accessibility: {
      has_crown: user.hasCrown,
      show_tailor_shelf: user.showTailorShelf,
      show_higher_collect: user.showHigherCollect,
      can_visit_material: canVisitMaterials(user, now),
    },
    data: {
      phone: user.phone,
      email: user.email,
      today_aim: user.todayAim,
      created_at: user.createdAt.toISOString(),
      exam_ets_mode: user.examEtsMode,
    },
    authority: {
      role_name: ROLE_NAMES[role],
      role_kind: role,
      expire_date: expires,
      flash_coins: user.flashCoins,
      is_freeze: user.isFreeze,
      is_operator: user.isOperator,
      is_teacher: user.isTeacher,
      records: records.success ? records.data : [],
    },
  };
}

/** What other users may see: no contact details, no entitlement history. */
export function toUserInfo(user: UserRow, now: Date): UserInfo {
  const role = effectiveRole(user, now);
  return {
    id: user.id,
    name: user.name,
    signature: user.signature,
    role_kind: role,
    role_name: ROLE_NAMES[role],
    is_teacher: user.isTeacher,
  };
}
