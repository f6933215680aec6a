import { sessions, users, type Db } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../src/lib/authorize.js';
import { insertSession } from '../src/modules/auth/sessions.repository.js';

let serial = 0;

/**
 * A user row written straight to the database, for tests that need an identity but not the
 * register flow. The password hash is not a real hash, so these users can never log in by password.
 */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  serial += 1;
  const [row] = await db
    .insert(users)
    .values({ name: `测试用户${serial}`, passwordHash: 'not-a-hash', ...overrides })
    .returning();
  return row!;
}

/** A live session for the user; returns the bearer token and the session id. */
export async function sessionFor(
  db: Db,
  userId: number,
  deviceId = 'test-device',
): Promise<{ token: string; sessionId: number }> {
  const { token, session } = await insertSession(db, { userId, deviceId, maxDays: 30, now: new Date() });
  return { token, sessionId: session.id };
}

/** A user and a token for them in one step. */
export async function userWithToken(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(db, overrides);
  return { user, ...(await sessionFor(db, user.id)) };
}

/** Moves a session's clocks into the past: `absolute` past its expiry, `idle` unseen for `idleDays` + 1. */
export async function ageSession(db: Db, sessionId: number, how: { absolute: true } | { idleDays: number }) {
  const set =
    'absolute' in how
      ? { expiresAt: sql`now() - interval '1 second'` }
      : { lastSeenAt: sql`now() - make_interval(days => ${Math.ceil(how.idleDays) + 1})` };
  await db.update(sessions).set(set).where(eq(sessions.id, sessionId));
}

/** Marks a session revoked, the way logout and freeze do. */
export async function revokeSessionRow(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Every table of the `public` schema (the application's tables; pg-boss keeps its own schema). */
export async function listTables(db: Db): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return tables.rows.map((r) => r.name);
}

/**
 * Row count of every table (or of `tables`, listed once by the caller), in one query: the fuzz test
 * compares snapshots to prove that refused requests leave no half-written row.
 */
export async function countRows(db: Db, tables?: string[]): Promise<Record<string, number>> {
  const names = tables ?? (await listTables(db));
  if (names.length === 0) return {};
  const union = sql.join(
    names.map((n) => sql`select ${n}::text as name, count(*)::int as n from ${sql.identifier(n)}`),
    sql` union all `,
  );
  const counts = await db.execute<{ name: string; n: number }>(union);
  return Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)]));
}
