import type { Queryable, Tx } from '@gre/db';
import type { UserRow } from '../../lib/authorize.js';
import {
  findUserByAccount,
  findUserById,
  insertUser,
  revokeUserSessions,
  updateUser,
  type Account,
  type NewUser,
} from './users.repository.js';
import { recordFirstPeriod, type NewEntitlement } from '../membership/index.js';

// The account records auth works on (register, login, new password): auth owns codes and single sessions, this
// module the users and their tier periods, so auth reaches them through these and never the other way round.

export type { Account };

/** Days a new account holds the Trail tier. */
export const TRIAL_DAYS = 7;

/** The user a normalised phone or email belongs to; null when it has no account. */
export function findAccount(db: Queryable, account: Account): Promise<UserRow | null> {
  return findUserByAccount(db, account);
}

/**
 * A new user with their first tier period, `users.records` rewritten to match, read back whole; inside the caller's
 * transaction, so a refused step leaves no account. A taken phone or email raises a unique violation.
 */
export async function createAccount(
  tx: Tx,
  values: NewUser,
  firstPeriod: Omit<NewEntitlement, 'userId'>,
): Promise<UserRow> {
  const created = await insertUser(tx, values);
  await recordFirstPeriod(tx, created.id, firstPeriod);
  return (await findUserById(tx, created.id))!;
}

/** Stores a new password hash; null when the id does not exist. */
export function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<UserRow | null> {
  return updateUser(db, userId, { passwordHash });
}

/** Ends every live session of a user at `now`, optionally keeping one (the one that made the change). */
export function endUserSessions(db: Queryable, userId: number, now: Date, keepSessionId?: number): Promise<void> {
  return revokeUserSessions(db, userId, now, keepSessionId);
}
