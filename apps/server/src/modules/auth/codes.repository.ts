import { verificationCodes } from '@gre/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '@gre/db';
import { advisoryLock } from '@gre/db/queries';

/** Serialises sends to one target across instances, until the transaction ends. */
export async function lockTarget(tx: Tx, target: string): Promise<void> {
  await advisoryLock(tx, `code:${target}`);
}

/** When the last code of any purpose went to this target: the resend interval is per target. */
export async function lastSentAt(db: Queryable, target: string): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, target))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

/** The newest code for a target and purpose, locked for the rest of the transaction; older ones no longer count. */
export async function latestCodeForUpdate(tx: Tx, target: string, purpose: string) {
  const rows = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The caller has already checked the resend interval and the send budgets under the target lock. */
export async function insertCode(db: Queryable, values: typeof verificationCodes.$inferInsert) {
  const [row] = await db.insert(verificationCodes).values(values).returning();
  return row!;
}

/** Undoes a send whose provider failed, so the target is not held for the resend interval. */
export async function deleteCode(db: Queryable, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** One wrong guess; the fifth makes the code dead (CODE_RULES.maxTries). */
export async function countFailedAttempt(db: Queryable, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** A code opens one operation only. */
export async function markConsumed(db: Queryable, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(verificationCodes.id, id));
}
