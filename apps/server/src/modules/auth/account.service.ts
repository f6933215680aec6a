import { LIMITS } from '@gre/contracts';
import { randomInt } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { isUniqueViolation } from '@gre/db';
import {
  cleanText,
  createAccount,
  endUserSessions,
  findAccount,
  setPasswordHash,
  TRIAL_DAYS,
  type Account,
} from '../users/index.js';
import { consumeCode, sendCode } from './codes.service.js';
import {
  assertNotFrozen,
  assertSignInOpen,
  clearLoginFailures,
  openSession,
  toAccount,
  type Session,
} from './login.service.js';
import { maskTarget } from '../../lib/mask.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeSession } from './sessions.repository.js';

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
  if (await findAccount(deps.database.db, account))
    throw new AppError('account_exists', 'this phone or email already has an account');
  const passwordHash = await hashPassword(input.password);
  const name = cleanText(input.name ?? '').slice(0, LIMITS.name) || defaultName(account);
  const startsAt = deps.clock.now();
  const endsAt = new Date(startsAt.getTime() + TRIAL_DAYS * 86_400_000);
  try {
    return await withUnitOfWork(deps, async ({ tx }) => {
      const user = await createAccount(
        tx,
        {
          name,
          passwordHash,
          phone: account.kind === 'phone' ? account.value : null,
          email: account.kind === 'email' ? account.value : null,
          roleKind: 'Trail',
          baseRoleKind: 'Trail',
          roleExpiresAt: endsAt,
        },
        { roleKind: 'Trail', source: 'trial', startsAt, endsAt },
      );
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
  const user = await findAccount(deps.database.db, account);
  // Safe to say: the code just proved the caller owns this phone or email.
  if (!user) throw new AppError('not_found', 'no account uses this phone or email');
  const now = deps.clock.now();
  assertNotFrozen(user, input.deviceId, now);
  await assertSignInOpen(deps, user);
  const passwordHash = await hashPassword(input.password);
  const session = await withUnitOfWork(deps, async ({ tx }) => {
    const updated = (await setPasswordHash(tx, user.id, passwordHash))!;
    await endUserSessions(tx, user.id, now);
    return openSession(deps, tx, updated, input.deviceId);
  });
  await clearLoginFailures(deps, account, input.ip);
  return session;
}

/** A code for a sensitive operation, to the user's own phone (else email); check it with `consumeCode(…, 'op_check', …)`. */
export async function sendOpCheckCode(
  deps: Deps,
  actor: Actor,
  ip: string,
): Promise<{ resend_after: number; target: string }> {
  const { phone, email } = actor.user;
  const target = phone ?? email;
  if (!target) throw new AppError('not_found', 'the account has neither phone nor email');
  const sent = await sendCode(deps, { channel: phone ? 'sms' : 'email', target, purpose: 'op_check', ip });
  return { ...sent, target: maskTarget(target) };
}

/** Ends only this session; the user's other devices stay logged in. */
export async function logout(deps: Deps, actor: Actor): Promise<{ done: true }> {
  await revokeSession(deps.database.db, actor.sessionId, deps.clock.now());
  return { done: true };
}
