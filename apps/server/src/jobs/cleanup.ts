import { sessions, verificationCodes, type Db } from '@gre/db';
import { lt, or, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';

export const CLEANUP_JOB = 'maintenance.cleanup';

/** Deletes verification codes a day past expiry and sessions a month past expiry or revocation; safe to run twice. */
export async function cleanupExpired(db: Db): Promise<{ codes: number; sessions: number }> {
  const codes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: verificationCodes.id });
  const old = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now() - interval '30 days'`), lt(sessions.revokedAt, sql`now() - interval '30 days'`)))
    .returning({ id: sessions.id });
  return { codes: codes.length, sessions: old.length };
}

export async function registerCleanup(boss: PgBoss, db: Db): Promise<void> {
  await boss.createQueue(CLEANUP_JOB);
  await boss.work(CLEANUP_JOB, async () => {
    await cleanupExpired(db);
  });
  await boss.schedule(CLEANUP_JOB, '17 * * * *');
}
