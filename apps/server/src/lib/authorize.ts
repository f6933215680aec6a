import { ROLE_RANK, STAFF_ROLES, type CallAuth, type RoleKind, type StaffRole, VISIBILITIES } from '@gre/contracts';
import type { users } from '@gre/db';
import { AppError } from './app-error.js';

export type UserRow = typeof users.$inferSelect;

/** The logged-in caller, resolved once per request by the auth gate. */
export interface Actor {
  user: UserRow;
  sessionId: number;
  deviceId: string;
  /** The request's client address, set by the gate (the audit log records it); absent outside a request. */
  ip?: string;
  /** Tier after expiry is applied: a lapsed VIP is back on their base role. */
  role: RoleKind;
  /** When the session ends unless used again: the earlier of its absolute expiry and the idle window (/debug). */
  sessionEndsAt?: Date;
}

/** The tier at `now` (deps.clock): a lapsed tier drops back to the base role. */
export function effectiveRole(user: Pick<UserRow, 'roleKind' | 'roleExpiresAt' | 'baseRoleKind'>, now: Date): RoleKind {
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

/** Admins, operators and teachers: they manage content, so they see hidden questions and every book. */
export function isStaff(actor: Actor): boolean {
  return isStaffUser(actor.user);
}

export function isStaffUser(user: Pick<UserRow, 'isAdmin' | 'isOperator' | 'isTeacher'>): boolean {
  return STAFF_ROLES.some((staff) => hasStaffRole(user, staff));
}

/** product.md: locked questions are for FreeVIP and above; ordinary (Trail) members see public ones only. */
export const LOCKED_MIN_ROLE: RoleKind = 'FreeVIP';

/**
 * Which question visibility a caller may see outside any book (product.md): hidden → staff only; public → every
 * logged-in user; locked → FreeVIP and above; underground → staff only (a book that grants it opens it to its readers).
 */
export function canSeeVisibility(actor: Actor | null, visibility: (typeof VISIBILITIES)[number]): boolean {
  if (!can(actor)) return false;
  if (isStaff(actor!)) return true;
  if (visibility === 'public') return true;
  if (visibility === 'locked') return can(actor, { minRole: LOCKED_MIN_ROLE });
  return false;
}

/** Every visibility the caller may see outside books: the filter of the big bank, search, idea and drawn exams. */
export function visibleVisibilities(actor: Actor | null): (typeof VISIBILITIES)[number][] {
  return VISIBILITIES.filter((v) => canSeeVisibility(actor, v));
}

/** The higher bank needs the `set_higher` grant on top of the book's tier (staff always pass). */
export function hasHigherAccess(actor: Actor): boolean {
  return isStaff(actor) || actor.user.higherAccess;
}

/**
 * product.md: `download` needs `can_visit_material`. Paid members (VIP and SVIP) hold it with their tier, staff hold
 * it to check the files, and the `can_visit_material` flag grants it to anyone else (a FreeVIP or a trial account an
 * operator lets in). The user DTO reports this, the material calls enforce it.
 */
export const MATERIAL_MIN_ROLE: RoleKind = 'VIP';

export function canVisitMaterials(user: UserRow, now: Date): boolean {
  if (isStaffUser(user) || user.canVisitMaterial) return true;
  return ROLE_RANK[effectiveRole(user, now)] >= ROLE_RANK[MATERIAL_MIN_ROLE];
}
