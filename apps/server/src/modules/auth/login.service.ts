import type { User } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize, effectiveRole, isStaffUser, type UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { Reservations } from '../../lib/reservations.js';
import type { Queryable } from '@gre/db';
import { findAccount, toUserDto, type Account } from '../users/index.js';
import { normalizeTarget } from './codes.service.js';
import { LOGIN_LIMITS, retryLater } from './limits.js';
import { verifyPassword } from '../../lib/passwords.js';
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
  const now = deps.clock.now();
  const { token } = await insertSession(db, { userId: user.id, deviceId, maxDays: deps.env.SESSION_MAX_DAYS, now });
  return { token, user: toUserDto(user, now) };
}

/**
 * While the maintenance switch is on only staff may sign in (the gate lets the `sign_in` calls through for this).
 * Said only after the password or code proved the caller, so it tells nobody else which accounts are staff.
 */
export async function assertSignInOpen(deps: Deps, user: UserRow): Promise<void> {
  if ((await deps.settings.get()).maintenance && !isStaffUser(user))
    throw new AppError('server_upgrading', 'maintenance: only staff may sign in');
}

/** Throws `user_frozen` through the one authorisation helper, for a user who has no session yet. */
export function assertNotFrozen(user: UserRow, deviceId: string, now: Date): void {
  authorize({ user, sessionId: 0, deviceId, role: effectiveRole(user, now) });
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
 * to this account before. Each attempt takes its units before the password is hashed, so a parallel burst gets
 * no more guesses than a sequential one; a right password gives them back. Unknown account and wrong password
 * answer alike, after the same work.
 */
export async function login(
  deps: Deps,
  input: { account: string; password: string; ip: string; deviceId: string },
): Promise<Session> {
  const { db } = deps.database;
  const account = toAccount(input.account);
  const keys = loginKeys(account, input.ip);
  const held = new Reservations(deps.limiter);
  const { perAccountAndIp, perIp, perAccount } = LOGIN_LIMITS;
  await held.take(keys.accountIp, perAccountAndIp, (s) =>
    retryLater('rate_limited', s, 'too many failed logins for this account from this address'),
  );
  let verified = false;
  try {
    const user = await findAccount(db, account);
    // Run the device query for unknown accounts too, so both paths do the same work.
    const known = await isKnownDevice(db, user?.id ?? 0, input.deviceId);
    if (!known) {
      await held.take(keys.ip, perIp, (s) => retryLater('rate_limited', s, 'too many failed logins from this address'));
      await held.take(keys.account, perAccount, (s) =>
        retryLater('rate_limited', s, 'too many failed logins for this account'),
      );
    }
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!ok || !user) {
      held.keep();
      // A known device is not held back by these two, but its failures still count in them.
      if (known)
        await Promise.all([
          deps.limiter.hit(keys.ip, perIp.windowSeconds),
          deps.limiter.hit(keys.account, perAccount.windowSeconds),
        ]);
      throw new AppError('wrong_credentials', 'unknown account or wrong password');
    }
    verified = true;
    await held.releaseAll();
    await deps.limiter.reset(keys.accountIp);
    // Only someone who knows the password learns that the account is frozen.
    assertNotFrozen(user, input.deviceId, deps.clock.now());
    await assertSignInOpen(deps, user);
    return await openSession(deps, db, user, input.deviceId);
  } finally {
    // Anything but a wrong password (a database error, a refusal further on) leaves the budgets as they were.
    if (!verified) await held.releaseAll();
  }
}
