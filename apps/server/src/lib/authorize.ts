import { ROLE_RANK, type CallAuth, type RoleKind, type StaffRole } from '@gre/contracts';
import type { users } from '@gre/db';
import { AppError } from './app-error.js';

export type UserRow = typeof users.$inferSelect;

/** The logged-in caller, resolved once per request by the auth gate. */
export interface Actor {
  user: UserRow;
  sessionId: number;
  deviceId: string;
  /** Tier after expiry is applied: a lapsed VIP is back on their base role. */
  role: RoleKind;
}

export function effectiveRole(user: Pick<UserRow, 'roleKind' | 'roleExpiresAt' | 'baseRoleKind'>, now = new Date()): RoleKind {
  if (user.roleExpiresAt && user.roleExpiresAt.getTime() <= now.getTime()) return user.baseRoleKind as RoleKind;
  return user.roleKind as RoleKind;
}

export function hasStaffRole(user: Pick<UserRow, 'isAdmin' | 'isOperator' | 'isTeacher'>, staff: StaffRole): boolean {
  if (user.isAdmin) return true;
  return staff === 'operator' ? user.isOperator : staff === 'teacher' ? user.isTeacher : false;
}

export interface Requirement {
  /** Lowest tier allowed; a lower tier gets `limit` (the upgrade dialog). */
  minRole?: RoleKind;
  /** Staff flag needed; admins hold every staff flag. */
  staff?: StaffRole;
}

/**
 * The one authorisation check every module uses. Throws the kind the client's catalogue expects:
 * no actor → unauthorized, frozen → user_frozen, missing staff flag → forbidden, low tier → limit.
 */
export function authorize(actor: Actor | null, req: Requirement = {}): Actor {
  if (!actor) throw new AppError('unauthorized', 'login required');
  if (actor.user.isFreeze) throw new AppError('user_frozen', 'account is frozen');
  if (req.staff && !hasStaffRole(actor.user, req.staff)) throw new AppError('forbidden', `${req.staff} only`);
  if (req.minRole && ROLE_RANK[actor.role] < ROLE_RANK[req.minRole]) {
    throw new AppError('limit', `needs ${req.minRole}`);
  }
  return actor;
}

/** Non-throwing form for list filtering and UI flags. */
export function can(actor: Actor | null, req: Requirement = {}): boolean {
  try {
    authorize(actor, req);
    return true;
  } catch {
    return false;
  }
}

export function requirementFor(auth: CallAuth): Requirement | null {
  if (auth === 'public') return null;
  if (auth === 'user') return {};
  return { staff: auth };
}
