import { createHash, randomBytes } from 'node:crypto';
import { sessions, users } from '@gre/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Batcher } from '../../lib/batcher.js';
import type { Queryable } from '@gre/db';

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

/** The same for several hashes at once: one named statement, planned once, whatever the batch's size. */
function buildFindSessions(db: Queryable) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`)
    .prepare('find_sessions_with_users');
}

type Found = Awaited<ReturnType<ReturnType<typeof buildFindSession>['execute']>>[number];

/**
 * Look-ups in flight at once. Every call's gate looks its session up, so concurrent requests share statements
 * (lib/batcher.ts): a request still waits for a query that starts after it arrived, so a logout or a freeze committed
 * before it is always seen.
 */
const LOOKUPS_IN_FLIGHT = 3;

/**
 * The gate's session look-up (decision 011), one per Deps (`deps.fast.sessions`). The prepared single-row query is
 * built once: rebuilding its SQL on every request cost about a fifth of the gate's CPU. Unbatched (FAST_PATHS=off),
 * every request runs that query alone.
 */
export class SessionLookup {
  private readonly single: ReturnType<typeof buildFindSession>;
  private readonly many: ReturnType<typeof buildFindSessions>;
  private readonly batcher: Batcher<string, Found | null> | null;

  constructor(db: Queryable, batched: boolean) {
    this.single = buildFindSession(db);
    this.many = buildFindSessions(db);
    this.batcher = batched
      ? new Batcher({ run: (hashes) => this.findMany(hashes), maxInFlight: LOOKUPS_IN_FLIGHT, maxSize: 64 })
      : null;
  }

  /** Session and user in one round trip, shared with the concurrent requests: the whole cost of authenticating one. */
  find(token: string): Promise<Found | null> {
    const hash = hashToken(token);
    return this.batcher ? this.batcher.submit(hash) : this.findMany([hash]).then(([found]) => found ?? null);
  }

  /** Lets the look-ups in flight finish (shutdown). */
  async close(): Promise<void> {
    await this.batcher?.drain();
  }

  /** The sessions (with users) of several token hashes, in their order; a lone hash takes the prepared query. */
  private async findMany(hashes: string[]): Promise<(Found | null)[]> {
    if (hashes.length === 1) return [(await this.single.execute({ hash: hashes[0]! }))[0] ?? null];
    const rows = await this.many.execute({ hashes: [...new Set(hashes)] });
    const byHash = new Map(rows.map((r) => [r.session.tokenHash, r]));
    return hashes.map((h) => byHash.get(h) ?? null);
  }
}

/**
 * A new session opened at `now` (deps.clock); the absolute expiry is `maxDays` later (SESSION_MAX_DAYS). Every time
 * the gate compares comes from the same clock, so a test that fixes the clock fixes expiry and idleness alike.
 */
export async function insertSession(
  db: Queryable,
  input: { userId: number; deviceId: string; maxDays: number; now: Date },
) {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      deviceId: input.deviceId,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + Math.round(input.maxDays * 86400) * 1000),
    })
    .returning();
  return { token, session: row! };
}

/** Moves the idle clock; the gate calls it at most once a minute per session. */
export async function touchSession(db: Queryable, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Logout: the token stops working on the next request, on every instance. */
export async function revokeSession(db: Queryable, sessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
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
