import { createHash, randomBytes } from 'node:crypto';
import { sessions, users } from '@gre/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../users/users.repository.js';

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough here: the token has 256 random bits, so there is nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function buildFindSession(db: Queryable) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('find_session_with_user');
}

/** Built once per database handle: rebuilding the SQL on every request cost about a fifth of the gate's CPU. */
const preparedFind = new WeakMap<object, ReturnType<typeof buildFindSession>>();

/** Session and user in one round trip: the whole cost of authenticating a request. */
export async function findSessionWithUser(db: Queryable, token: string) {
  let query = preparedFind.get(db);
  if (!query) {
    query = buildFindSession(db);
    preparedFind.set(db, query);
  }
  const rows = await query.execute({ hash: hashToken(token) });
  return rows[0] ?? null;
}

/** A new session; the absolute expiry is `maxDays` from now (SESSION_MAX_DAYS), set by the database clock. */
export async function insertSession(db: Queryable, input: { userId: number; deviceId: string; maxDays: number }) {
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

/** Moves the idle clock; the gate calls it at most once a minute per session. */
export async function touchSession(db: Queryable, sessionId: number) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Logout: the token stops working on the next request, on every instance. */
export async function revokeSession(db: Queryable, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, optionally keeping one (the one that made the change). */
export async function revokeUserSessions(db: Queryable, userId: number, keepSessionId?: number) {
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

/** Live sessions only: not revoked, not past the absolute expiry, not idle longer than `idleDays`. */
export async function listUserSessions(db: Queryable, userId: number, idleDays: number) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${Math.round(idleDays * 86400)})`,
      ),
    )
    .orderBy(sql`${sessions.lastSeenAt} desc`)
    .limit(50);
}

/** A device that has logged in to this account before; login throttling never locks it out. */
export async function isKnownDevice(db: Queryable, userId: number, deviceId: string): Promise<boolean> {
  if (!deviceId) return false;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return rows.length > 0;
}
