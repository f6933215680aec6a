import { LIMITS } from '@gre/contracts';
import { randomInt } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { cleanText } from '../users/users.service.js';
import { findUserByAccount, findUserById, insertEntitlement, insertUser, isUniqueViolation, syncRecords, updateUser, type Account } from '../users/users.repository.js';
import { consumeCode, maskTarget, sendCode } from './codes.service.js';
import { TRIAL_DAYS } from './limits.js';
import { assertNotFrozen, assertSignInOpen, clearLoginFailures, openSession, toAccount, type Session } from './login.service.js';
import { hashPassword } from './passwords.js';
import { revokeSession, revokeUserSessions } from './sessions.repository.js';

/** '学员' and the last four digits of the phone (or four random digits for an email account). */
export function defaultName(account: Account): string {
  const digits = account.kind === 'phone' ? account.value.slice(-4) : randomInt(0, 10_000).toString().padStart(4, '0');
  return `学员${digits}`;
}

export interface RegisterInput {
  account: string;
  code: string;
  password: string;
  name?: string | undefined;
  deviceId: string;
}

/**
 * Creates a Trail account for `TRIAL_DAYS` and logs it in. The code is checked first, so only the
 * owner of the phone or email ever learns that it already has an account (`account_exists`).
 */
export async function register(deps: Deps, input: RegisterInput): Promise<Session> {
  const account = toAccount(input.account);
  await consumeCode(deps, account.value, 'register', input.code);
  if (await findUserByAccount(deps.database.db, account)) throw new AppError('account_exists', 'this phone or email already has an account');
  const passwordHash = await hashPassword(input.password);
  const name = cleanText(input.name ?? '').slice(0, LIMITS.name) || defaultName(account);
  const startsAt = new Date();
  const endsAt = new Date(startsAt.getTime() + TRIAL_DAYS * 86_400_000);
  try {
    return await deps.database.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name,
        passwordHash,
        phone: account.kind === 'phone' ? account.value : null,
        email: account.kind === 'email' ? account.value : null,
        roleKind: 'Trail',
        baseRoleKind: 'Trail',
        roleExpiresAt: endsAt,
      });
      await insertEntitlement(tx, { userId: created.id, roleKind: 'Trail', source: 'trial', startsAt, endsAt });
      await syncRecords(tx, created.id);
      const user = (await findUserById(tx, created.id))!;
      return openSession(deps, tx, user, input.deviceId);
    });
  } catch (err) {
    // Two registrations racing for one target: the unique index decides, the loser gets a clear kind.
    if (isUniqueViolation(err)) throw new AppError('account_exists', 'this phone or email already has an account');
    throw err;
  }
}

/** New password by code: every session of the user ends, then a new one is opened for this device. */
export async function resetPassword(
  deps: Deps,
  input: { account: string; code: string; password: string; deviceId: string; ip: string },
): Promise<Session> {
  const account = toAccount(input.account);
  await consumeCode(deps, account.value, 'reset_password', input.code);
  const user = await findUserByAccount(deps.database.db, account);
  // Safe to say: the code just proved the caller owns this phone or email.
  if (!user) throw new AppError('not_found', 'no account uses this phone or email');
  assertNotFrozen(user, input.deviceId);
  await assertSignInOpen(deps, user);
  const passwordHash = await hashPassword(input.password);
  const session = await deps.database.db.transaction(async (tx) => {
    const updated = (await updateUser(tx, user.id, { passwordHash }))!;
    await revokeUserSessions(tx, user.id);
    return openSession(deps, tx, updated, input.deviceId);
  });
  await clearLoginFailures(deps, account, input.ip);
  return session;
}

/** A code for a sensitive operation, to the user's own phone (else email); check it with `consumeCode(…, 'op_check', …)`. */
export async function sendOpCheckCode(deps: Deps, actor: Actor, ip: string): Promise<{ resend_after: number; target: string }> {
  const { phone, email } = actor.user;
  const target = phone ?? email;
  if (!target) throw new AppError('not_found', 'the account has neither phone nor email');
  const sent = await sendCode(deps, { channel: phone ? 'sms' : 'email', target, purpose: 'op_check', ip });
  return { ...sent, target: maskTarget(target) };
}

/** Ends only this session; the user's other devices stay logged in. */
export async function logout(deps: Deps, actor: Actor): Promise<{ done: true }> {
  await revokeSession(deps.database.db, actor.sessionId);
  return { done: true };
}
