import type { RoleKind, StaffRole } from '@gre/contracts';
import { entitlements, trades, users, type Queryable } from '@gre/db';
import { roleAt, userQueryCondition } from '@gre/db/queries';
import { and, asc, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../../lib/authorize.js';

export type TradeRow = typeof trades.$inferSelect;

export interface UserFilter {
  query: string;
  roleKind?: RoleKind | undefined;
  staff?: StaffRole | undefined;
  frozen?: boolean | undefined;
}

function filterConditions(f: UserFilter, now: Date): SQL[] {
  const where: SQL[] = [];
  const matches = userQueryCondition(f.query);
  if (matches) where.push(matches);
  if (f.roleKind) where.push(sql`${roleAt(now)} = ${f.roleKind}`);
  if (f.staff === 'admin') where.push(eq(users.isAdmin, true));
  if (f.staff === 'operator') where.push(eq(users.isOperator, true));
  if (f.staff === 'teacher') where.push(eq(users.isTeacher, true));
  if (f.frozen !== undefined) where.push(eq(users.isFreeze, f.frozen));
  return where;
}

/** A page of users matching the filter, newest account first, and how many match in all. */
export async function findUsers(
  db: Queryable,
  f: UserFilter,
  now: Date,
  page: number,
  size: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(...filterConditions(f, now));
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function userById(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user locked for the rest of the transaction, so a change reads the state it replaces. */
export async function lockUserRow(tx: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

/** The access flags the permission calls set; tier, coins and tailor uses have their own writers. */
export type RightsPatch = Partial<
  Pick<UserRow, 'hasCrown' | 'canVisitMaterial' | 'higherAccess' | 'showHigherCollect' | 'showTailorShelf'>
>;

export async function setRights(tx: Queryable, id: number, patch: RightsPatch): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function recentTrades(db: Queryable, userId: number, limit: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(eq(trades.userId, userId)).orderBy(desc(trades.id)).limit(limit);
}

/**
 * Who qualifies for the newman gift: registered in [from, to), on Trail now, never granted any period but the trial
 * (so never paid, gifted or granted by hand), not staff, not frozen. Oldest account (lowest id) first.
 */
function newmanConditions(from: Date, to: Date, now: Date): SQL {
  return and(
    sql`${users.createdAt} >= ${from.toISOString()}::timestamptz`,
    sql`${users.createdAt} < ${to.toISOString()}::timestamptz`,
    sql`${roleAt(now)} = 'Trail'`,
    eq(users.isAdmin, false),
    eq(users.isOperator, false),
    eq(users.isTeacher, false),
    eq(users.isFreeze, false),
    notExists(
      sql`(select 1 from ${entitlements} where ${entitlements.userId} = ${users.id} and ${entitlements.source} <> 'trial')`,
    ),
  )!;
}

export async function newmanPage(
  db: Queryable,
  from: Date,
  to: Date,
  now: Date,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = newmanConditions(from, to, now);
  const rows = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Locks the qualifying users (id order, so two runs queue rather than deadlock), then asks again among the locked
 * ones in a new statement: under READ COMMITTED it sees what a run that held them before committed, so nobody is
 * gifted twice.
 */
export async function lockNewmen(tx: Queryable, from: Date, to: Date, now: Date, limit: number): Promise<number[]> {
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(newmanConditions(from, to, now))
    .orderBy(asc(users.id))
    .limit(limit)
    .for('update');
  if (locked.length === 0) return [];
  const still = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          locked.map((r) => r.id),
        ),
        newmanConditions(from, to, now),
      ),
    )
    .orderBy(asc(users.id));
  return still.map((r) => r.id);
}
