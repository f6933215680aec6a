import type { User } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize, effectiveRole, type UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { toUserDto } from '../users/users.dto.js';
import { findUserByAccount, type Account, type Queryable } from '../users/users.repository.js';
import { normalizeTarget } from './codes.service.js';
import { LOGIN_LIMITS, retryLater } from './limits.js';
import { verifyPassword } from './passwords.js';
import { insertSession, isKnownDevice } from './sessions.repository.js';

/** Phone or email as stored: the contract already told them apart by shape. */
export function toAccount(raw: string): Account {
  const value = normalizeTarget(raw);
  return { kind: value.includes('@') ? 'email' : 'phone', value };
}

export interface Session {
  token: string;
  user: User;
}

/** A new session for a user who just proved who they are; the device id is kept for "known device" checks. */
export async function openSession(deps: Deps, db: Queryable, user: UserRow, deviceId: string): Promise<Session> {
  const { token } = await insertSession(db, { userId: user.id, deviceId, maxDays: deps.env.SESSION_MAX_DAYS });
  return { token, user: toUserDto(user) };
}

/** Throws `user_frozen` through the one authorisation helper, for a user who has no session yet. */
export function assertNotFrozen(user: UserRow, deviceId: string): void {
  authorize({ user, sessionId: 0, deviceId, role: effectiveRole(user) });
}

function loginKeys(account: Account, ip: string) {
  return {
    accountIp: `login:acct-ip:${account.value}|${ip}`,
    ip: `login:ip:${ip}`,
    account: `login:acct:${account.value}`,
  };
}

/** Clears the failure counters that would slow the account's owner down (after a reset by code). */
export async function clearLoginFailures(deps: Deps, account: Account, ip: string): Promise<void> {
  const keys = loginKeys(account, ip);
  await Promise.all([deps.limiter.reset(keys.accountIp), deps.limiter.reset(keys.account)]);
}

/**
 * Password login with throttling that cannot lock the owner out (decision 003): failures count per
 * (account, IP), per IP and per account; the last two are not applied to a device that has logged in
 * to this account before. Unknown account and wrong password answer alike, after the same work.
 */
export async function login(
  deps: Deps,
  input: { account: string; password: string; ip: string; deviceId: string },
): Promise<Session> {
  const { db } = deps.database;
  const account = toAccount(input.account);
  const keys = loginKeys(account, input.ip);
  const user = await findUserByAccount(db, account);
  // Run the device query for unknown accounts too, so both paths do the same work.
  const known = await isKnownDevice(db, user?.id ?? 0, input.deviceId);
  const [accountIp, ip, acct] = await Promise.all([
    deps.limiter.peek(keys.accountIp),
    deps.limiter.peek(keys.ip),
    deps.limiter.peek(keys.account),
  ]);
  if (accountIp >= LOGIN_LIMITS.perAccountAndIp.max) {
    throw retryLater('rate_limited', LOGIN_LIMITS.perAccountAndIp.windowSeconds, 'too many failed logins for this account from this address');
  }
  if (!known && ip >= LOGIN_LIMITS.perIp.max) {
    throw retryLater('rate_limited', LOGIN_LIMITS.perIp.windowSeconds, 'too many failed logins from this address');
  }
  if (!known && acct >= LOGIN_LIMITS.perAccount.max) {
    throw retryLater('rate_limited', LOGIN_LIMITS.perAccount.windowSeconds, 'too many failed logins for this account');
  }

  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!ok || !user) {
    await Promise.all([
      deps.limiter.hit(keys.accountIp, LOGIN_LIMITS.perAccountAndIp.windowSeconds),
      deps.limiter.hit(keys.ip, LOGIN_LIMITS.perIp.windowSeconds),
      deps.limiter.hit(keys.account, LOGIN_LIMITS.perAccount.windowSeconds),
    ]);
    throw new AppError('wrong_credentials', 'unknown account or wrong password');
  }
  // Only someone who knows the password learns that the account is frozen.
  assertNotFrozen(user, input.deviceId);
  await deps.limiter.reset(keys.accountIp);
  return openSession(deps, db, user, input.deviceId);
}
