import type { Env } from '../../env.js';
import type { Deps } from '../../lib/deps.js';
import { isLoopbackAddress } from '../../lib/loopback.js';
import { hashPassword } from '../../lib/passwords.js';
import { TRIAL_DAYS } from './accounts.service.js';
import { DEMO_ACCOUNTS, DEMO_PAID_DAYS, type DemoAccount } from './demo-accounts.js';
import type { Tx } from '@gre/db';
import { advisoryLock, countUsers, existingEmails, insertUser } from './users.repository.js';
import { recordFirstPeriod } from '../membership/index.js';

/** SEED_DEMO=true always seeds; `auto` seeds everywhere but production; `false` never. */
export function demoSeedEnabled(env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV'>): boolean {
  return env.SEED_DEMO === 'true' || (env.SEED_DEMO === 'auto' && env.NODE_ENV !== 'production');
}

const DAY_MS = 86_400_000;

async function seedOne(tx: Tx, account: DemoAccount, passwordHash: string, now: Date): Promise<void> {
  const trial = account.roleKind === 'Trail';
  // Trial and bought tiers run out; a base tier (FreeVIP, the staff accounts' SVIP) does not.
  const days = trial ? TRIAL_DAYS : account.roleKind !== account.baseRoleKind ? DEMO_PAID_DAYS : null;
  const endsAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
  const user = await insertUser(tx, {
    name: account.name,
    email: account.email,
    passwordHash,
    roleKind: account.roleKind,
    baseRoleKind: account.baseRoleKind,
    roleExpiresAt: endsAt,
    isAdmin: account.isAdmin ?? false,
    isOperator: account.isOperator ?? false,
    isTeacher: account.isTeacher ?? false,
    isFreeze: account.isFreeze ?? false,
  });
  if (!endsAt) return;
  await recordFirstPeriod(tx, user.id, {
    roleKind: account.roleKind,
    source: trial ? 'trial' : 'manual',
    startsAt: now,
    endsAt,
  });
}

/**
 * Seeds `DEMO_ACCOUNTS` into an empty users table, once: an advisory lock and a recount inside the
 * transaction keep several instances starting together from seeding twice. Returns whether it seeded.
 */
export async function seedDemoAccounts(deps: Pick<Deps, 'database' | 'env' | 'clock'>): Promise<boolean> {
  if (!demoSeedEnabled(deps.env)) return false;
  const { db } = deps.database;
  if ((await countUsers(db)) > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const now = deps.clock.now();
  return db.transaction(async (tx) => {
    await advisoryLock(tx, 'demo-seed');
    if ((await countUsers(tx)) > 0) return false;
    for (const [i, account] of DEMO_ACCOUNTS.entries()) await seedOne(tx, account, hashes[i]!, now);
    return true;
  });
}

/** The demo accounts present in this database (none once real users replaced them), for the start-up table. */
export async function presentDemoAccounts(deps: Pick<Deps, 'database'>): Promise<DemoAccount[]> {
  const present = new Set(
    await existingEmails(
      deps.database.db,
      DEMO_ACCOUNTS.map((a) => a.email),
    ),
  );
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}

/** The table main.ts prints after the URL. */
export function demoAccountsTable(accounts: readonly DemoAccount[]): string {
  if (accounts.length === 0) return '';
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = accounts.map((a) => `  ${a.label.padEnd(9)} ${a.email.padEnd(width)}  ${a.password}`);
  return ['Demo accounts (role, login, password):', ...lines].join('\n');
}

/**
 * Demo accounts share one published password and include an admin: anyone who can reach the server can take it over.
 * Said at start whenever they exist and the server listens beyond this machine.
 */
export function demoExposureWarning(host: string, accounts: readonly DemoAccount[]): string | null {
  if (accounts.length === 0 || isLoopbackAddress(host)) return null;
  return [
    `WARNING: listening on ${host}, beyond this machine, with ${accounts.length} demo accounts whose password is published`,
    `(${accounts.map((a) => a.email).join(', ')}). Anyone on the network can log in as the demo admin.`,
    'Set HOST=127.0.0.1, or delete the demo accounts (start on an empty database with SEED_DEMO=false).',
  ].join('\n');
}
