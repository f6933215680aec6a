import { createHash, randomBytes } from 'node:crypto';
import { sessions, users, type Db } from '@gre/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Session and user in one round trip: the whole cost of authenticating a request. */
export async function findSessionWithUser(db: Db, token: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(db: Db, input: { userId: number; deviceId: string; maxDays: number }) {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      deviceId: input.deviceId,
      expiresAt: sql`now() + make_interval(secs => ${Math.round(input.maxDays * 86400)})`,
    })
    .returning();
  return { token, session: row! };
}

export async function touchSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, optionally keeping one (the one that made the change). */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

export async function listUserSessions(db: Db, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .orderBy(sql`${sessions.lastSeenAt} desc`)
    .limit(50);
}

/** A device that has logged in to this account before; login throttling never locks it out. */
export async function isKnownDevice(db: Db, userId: number, deviceId: string): Promise<boolean> {
  if (!deviceId) return false;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return rows.length > 0;
}
