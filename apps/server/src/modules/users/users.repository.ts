import { sessions, users, type Queryable } from '@gre/db';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/authorize.js';
import { sqlTime } from '../../lib/clock.js';

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

export { advisoryLock } from '@gre/db/queries';

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

// A user's sessions as the account sees them (profile, freeze, new password); auth opens, looks up and ends single ones.

/** Ends every live session of a user, optionally keeping one (the one that made the change). */
export async function revokeUserSessions(db: Queryable, userId: number, now: Date, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/** Live sessions only at `now`: not revoked, not past the absolute expiry, not idle longer than `idleDays`. */
export async function listUserSessions(db: Queryable, userId: number, idleDays: number, now: Date) {
  const at = sql`${sqlTime(now)}::timestamptz`;
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${at}`,
        sql`${sessions.lastSeenAt} > ${at} - make_interval(secs => ${Math.round(idleDays * 86400)})`,
      ),
    )
    .orderBy(sql`${sessions.lastSeenAt} desc`)
    .limit(50);
}
