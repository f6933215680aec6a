import type { Tx } from '@gre/db';
import type { User, UserInfo } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor, UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { toUserDto, toUserInfo } from './users.dto.js';
import { findUserById, findUsersByIds, listUserSessions, revokeUserSessions, updateUser } from './users.repository.js';

// C0/C1 controls (newlines included: these are one-line fields) and the bidi overrides used to spoof text direction.
const CONTROL_CHARS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Strips control characters and trims. Markup is kept as typed: it is stored and served as text
 * and the web renders it as text, never as HTML.
 */
export function cleanText(text: string): string {
  return text.replace(CONTROL_CHARS, '').trim();
}

/** Public info of one user; `not_found` for an unknown id. */
export async function getInfo(deps: Deps, userId: number): Promise<UserInfo> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw new AppError('not_found', `no user ${userId}`);
  return toUserInfo(user, deps.clock.now());
}

/** Public info for up to 100 ids (contract bound), in the order asked; unknown ids are left out. */
export async function getInfos(deps: Deps, ids: number[]): Promise<{ users: UserInfo[] }> {
  const unique = [...new Set(ids)];
  const byId = new Map((await findUsersByIds(deps.database.db, unique)).map((u) => [u.id, u]));
  const now = deps.clock.now();
  return { users: unique.flatMap((id) => (byId.has(id) ? [toUserInfo(byId.get(id)!, now)] : [])) };
}

/** The caller's own record and live sessions, the current one marked, so they can spot a device they do not know. */
export async function getProfile(deps: Deps, actor: Actor) {
  const now = deps.clock.now();
  const rows = await listUserSessions(deps.database.db, actor.user.id, deps.env.SESSION_IDLE_DAYS, now);
  return {
    user: toUserDto(actor.user, now),
    sessions: rows.map((s) => ({
      device_id: s.deviceId,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === actor.sessionId,
    })),
  };
}

/** Stores the signature cleaned of control characters (length bounded by the contract, LIMITS.signature). */
export async function updateSignature(deps: Deps, actor: Actor, signature: string): Promise<User> {
  const row = await updateUser(deps.database.db, actor.user.id, { signature: cleanText(signature) });
  return toUserDto(row!, deps.clock.now());
}

/** The daily question aim, bounded by the contract to LIMITS.todayAim. */
export async function updateTodayAim(deps: Deps, actor: Actor, aim: number): Promise<User> {
  const row = await updateUser(deps.database.db, actor.user.id, { todayAim: aim });
  return toUserDto(row!, deps.clock.now());
}

/** Whether mock exams show the real test's English screen; practice exams are in Chinese either way. */
export async function updateExamEtsMode(deps: Deps, actor: Actor, etsMode: boolean): Promise<User> {
  const row = await updateUser(deps.database.db, actor.user.id, { examEtsMode: etsMode });
  return toUserDto(row!, deps.clock.now());
}

/**
 * Sets a user's freeze flag in the caller's transaction (the admin's freeze, modules/freeze). Freezing ends every
 * session of the user with it, so the next call with an old token is refused; unfreezing brings none back. Null for an
 * unknown id.
 */
export async function setFreezeFlag(
  tx: Tx,
  userId: number,
  freeze: boolean,
  now: Date,
): Promise<{ before: UserRow; after: UserRow } | null> {
  const before = await findUserById(tx, userId);
  if (!before) return null;
  const after = (await updateUser(tx, userId, { isFreeze: freeze }))!;
  if (freeze) await revokeUserSessions(tx, userId, now);
  return { before, after };
}

/**
 * Freezes an account the system caught abusing something (ten invalid discount codes in a day), inside the caller's
 * transaction; its sessions end with it, as an admin's freeze does.
 */
export async function freezeAccount(tx: Tx, userId: number, now: Date): Promise<void> {
  await updateUser(tx, userId, { isFreeze: true });
  await revokeUserSessions(tx, userId, now);
}

/** The user as `/api/user/get` shows them now, read afresh (after a grant changed their tier or coins). */
export async function currentUser(deps: Pick<Deps, 'database' | 'clock'>, userId: number): Promise<User> {
  const row = await findUserById(deps.database.db, userId);
  if (!row) throw new AppError('not_found', `no user ${userId}`);
  return toUserDto(row, deps.clock.now());
}
