import { SHANGHAI_DAY_SQL } from '@gre/contracts';
import { entitlements, users, type Queryable } from '@gre/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/authorize.js';

export type NewEntitlement = typeof entitlements.$inferInsert;

/** The user's row, locked until the transaction ends: two grants for one user run one after the other. */
export async function lockUser(tx: Queryable, userId: number): Promise<UserRow | null> {
  const rows = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return rows[0] ?? null;
}

/** The tier columns; only the membership service calls this. */
export async function setTier(tx: Queryable, userId: number, roleKind: string, roleExpiresAt: Date | null) {
  await tx
    .update(users)
    .set({ roleKind, roleExpiresAt, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Adds (or with a negative `delta`, takes) coins; never below zero — null when the balance would go negative. */
export async function changeCoins(tx: Queryable, userId: number, delta: number): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ flashCoins: sql`${users.flashCoins} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.flashCoins} + ${delta} >= 0`))
    .returning({ coins: users.flashCoins });
  return row ? row.coins : null;
}

/** The user's flash-coin balance; null for an unknown user. */
export async function coinsOf(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.select({ coins: users.flashCoins }).from(users).where(eq(users.id, userId));
  return row ? row.coins : null;
}

export async function insertEntitlement(tx: Queryable, values: NewEntitlement): Promise<void> {
  await tx.insert(entitlements).values(values);
}

/** Ends the user's periods of `roleKind` still running at `at` (a VIP converted into SVIP). */
export async function endPeriodsAt(tx: Queryable, userId: number, roleKind: string, at: Date): Promise<void> {
  await tx
    .update(entitlements)
    .set({ endsAt: at })
    .where(and(eq(entitlements.userId, userId), eq(entitlements.roleKind, roleKind), gt(entitlements.endsAt, at)));
}

/**
 * Rewrites `users.records` from the user's `entitlements` rows (authority.records shape, dates in Asia/Shanghai) in
 * one statement, in the transaction that changed them.
 */
export async function syncRecords(tx: Queryable, userId: number): Promise<void> {
  await tx.execute(sql`
    update users set records = coalesce((
      select jsonb_agg(jsonb_build_object(
        'role_kind', e.role_kind,
        'source', e.source,
        'start_date', to_char(${sql.raw(SHANGHAI_DAY_SQL('e.starts_at'))}, 'YYYY-MM-DD'),
        'end_date', to_char(${sql.raw(SHANGHAI_DAY_SQL('e.ends_at'))}, 'YYYY-MM-DD')
      ) order by e.starts_at, e.id)
      from entitlements e where e.user_id = ${userId}
    ), '[]'::jsonb), updated_at = now()
    where id = ${userId}`);
}

/**
 * Ends now every period of `roleKinds` not over by `at` (a removed tier): a running one ends at `at`, one waiting to
 * start shrinks to nothing at `at`, so the records never show an end before a start.
 */
export async function endPeriodsOf(tx: Queryable, userId: number, roleKinds: string[], at: Date): Promise<void> {
  if (roleKinds.length === 0) return;
  const when = sql`${at.toISOString()}::timestamptz`;
  await tx
    .update(entitlements)
    .set({ startsAt: sql`least(${entitlements.startsAt}, ${when})`, endsAt: when })
    .where(
      and(eq(entitlements.userId, userId), inArray(entitlements.roleKind, roleKinds), gt(entitlements.endsAt, at)),
    );
}
