import { codeAttempts, discountCodes, type Queryable, type Tx } from '@gre/db';
import { advisoryLock } from '@gre/db/queries';
import { and, count, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';

export type CodeRow = typeof discountCodes.$inferSelect;

export async function insertCode(db: Queryable, values: typeof discountCodes.$inferInsert): Promise<CodeRow | null> {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findCodeByText(db: Queryable, code: string): Promise<CodeRow | null> {
  const rows = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  return rows[0] ?? null;
}

export async function findCodeById(db: Queryable, id: number): Promise<CodeRow | null> {
  const rows = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listCodes(
  db: Queryable,
  page: number,
  size: number,
): Promise<{ rows: CodeRow[]; total: number }> {
  const rows = await db
    .select()
    .from(discountCodes)
    .orderBy(desc(discountCodes.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(discountCodes);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function markCodeInvalid(db: Queryable, id: number): Promise<CodeRow | null> {
  const [row] = await db.update(discountCodes).set({ invalid: true }).where(eq(discountCodes.id, id)).returning();
  return row ?? null;
}

/**
 * Takes one use of a code if it is usable at `now` — not withdrawn, inside its window, uses left — in one
 * conditional update, so concurrent trades never take more uses than the code has. Null when it is not usable.
 */
export async function takeUse(db: Queryable, code: string, now: Date): Promise<CodeRow | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.code, code),
        eq(discountCodes.invalid, false),
        lte(discountCodes.startsAt, at),
        gt(discountCodes.endsAt, at),
        lt(discountCodes.usedCount, discountCodes.maxUses),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a use back (its trade closed unpaid). */
export async function giveUseBack(db: Queryable, id: number): Promise<void> {
  await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
    .where(and(eq(discountCodes.id, id), gt(discountCodes.usedCount, 0)));
}

/**
 * Records a try under a per-learner lock held to the commit: parallel tries (on one instance or several) then count
 * one after another, so a burst cannot slip more than the allowance past the freeze between insert and count.
 */
export async function insertAttempt(tx: Tx, userId: number, code: string, valid: boolean, at: Date) {
  await advisoryLock(tx, `code-attempts:${userId}`);
  await tx.insert(codeAttempts).values({ userId, code, valid, createdAt: at });
}

export async function countInvalidSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(codeAttempts)
    .where(and(eq(codeAttempts.userId, userId), eq(codeAttempts.valid, false), gte(codeAttempts.createdAt, since)));
  return Number(row?.n ?? 0);
}
