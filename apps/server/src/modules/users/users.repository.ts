import { entitlements, users, type Db } from '@gre/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/authorize.js';

/** A transaction handle, so repository functions compose inside one `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: every repository function takes either. */
export type Queryable = Db | Tx;

/** A login identifier after normalisation: emails are stored lower-cased, phones as digits. */
export interface Account {
  kind: 'phone' | 'email';
  value: string;
}

/** Login and register look-up; uses the partial unique index on phone or email. */
export async function findUserByAccount(db: Queryable, account: Account): Promise<UserRow | null> {
  const column = account.kind === 'email' ? users.email : users.phone;
  const rows = await db.select().from(users).where(eq(column, account.value)).limit(1);
  return rows[0] ?? null;
}

/** One user by primary key; null when the id is unknown. */
export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Several users by primary key; unknown ids are simply absent from the result. */
export async function findUsersByIds(db: Queryable, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** The demo seed only runs on an empty users table. */
export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0);
}

/** Which of these emails have an account. */
export async function existingEmails(db: Queryable, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/** A lock on `key` held until the transaction ends, shared by every instance on the same database. */
export async function advisoryLock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export type NewUser = typeof users.$inferInsert;

/** Inserts a user; a duplicate phone or email raises a unique violation (see `isUniqueViolation`). */
export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Patches a user and returns the new row; null when the id does not exist. */
export async function updateUser(db: Queryable, id: number, patch: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export type NewEntitlement = typeof entitlements.$inferInsert;

/** One tier period; call `syncRecords` in the same transaction so `users.records` stays a faithful copy. */
export async function insertEntitlement(db: Queryable, values: NewEntitlement): Promise<void> {
  await db.insert(entitlements).values(values);
}

/**
 * Rewrites `users.records` from the user's `entitlements` rows (authority.records shape, dates in
 * Asia/Shanghai) in one statement; call it in the transaction that changed the entitlements.
 */
export async function syncRecords(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`
    update users set records = coalesce((
      select jsonb_agg(jsonb_build_object(
        'role_kind', e.role_kind,
        'source', e.source,
        'start_date', to_char(e.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD'),
        'end_date', to_char(e.ends_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')
      ) order by e.starts_at, e.id)
      from entitlements e where e.user_id = ${userId}
    ), '[]'::jsonb), updated_at = now()
    where id = ${userId}`);
}

/** True when a database error is a unique-constraint violation (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
