import { sessions, verificationCodes, type Db } from '@gre/db';
import { lt, or, sql } from 'drizzle-orm';
import { sqlTime } from '../lib/clock.js';

/** Deletes verification codes a day past expiry and sessions a month past expiry or revocation, as of `at`. */
export async function deleteExpired(db: Db, at: Date): Promise<{ codes: number; sessions: number }> {
  const now = sql`${sqlTime(at)}::timestamptz`;
  const codes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, sql`${now} - interval '1 day'`))
    .returning({ id: verificationCodes.id });
  const old = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`${now} - interval '30 days'`),
        lt(sessions.revokedAt, sql`${now} - interval '30 days'`),
      ),
    )
    .returning({ id: sessions.id });
  return { codes: codes.length, sessions: old.length };
}
