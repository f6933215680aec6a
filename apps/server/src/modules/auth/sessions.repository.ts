import { createHash, randomBytes } from 'node:crypto';
import { sessions, users } from '@gre/db';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Batcher } from '../../lib/batcher.js';
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

type Found = Awaited<ReturnType<ReturnType<typeof buildFindSession>['execute']>>[number];

/** The sessions (with users) of several token hashes, in their order; a lone hash takes the prepared query. */
async function findMany(db: Queryable, hashes: string[]): Promise<(Found | null)[]> {
  if (hashes.length === 1) {
    let query = preparedFind.get(db);
    if (!query) {
      query = buildFindSession(db);
      preparedFind.set(db, query);
    }
    return [(await query.execute({ hash: hashes[0]! }))[0] ?? null];
  }
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.tokenHash, [...new Set(hashes)]));
  const byHash = new Map(rows.map((r) => [r.session.tokenHash, r]));
  return hashes.map((h) => byHash.get(h) ?? null);
}

/**
 * Look-ups in flight at once per database. Every call's gate looks its session up, so concurrent requests share
 * statements (lib/batcher.ts): a request still waits for a query that starts after it arrived, so a logout or a
 * freeze committed before it is always seen.
 */
const LOOKUPS_IN_FLIGHT = 3;
const lookups = new WeakMap<object, Batcher<string, Found | null>>();

/** Session and user in one round trip, shared with the concurrent requests: the whole cost of authenticating one. */
export async function findSessionWithUser(db: Queryable, token: string): Promise<Found | null> {
  let batcher = lookups.get(db);
  if (!batcher) {
    batcher = new Batcher({ run: (hashes) => findMany(db, hashes), maxInFlight: LOOKUPS_IN_FLIGHT, maxSize: 64 });
    lookups.set(db, batcher);
  }
  return batcher.submit(hashToken(token));
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
