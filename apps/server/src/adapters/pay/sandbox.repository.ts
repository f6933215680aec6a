import { sandboxOrders, type Queryable } from '@gre/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

/** Stores a new order; the same order number again (a retried create) keeps the first. */
export async function insertSandboxOrder(db: Queryable, values: typeof sandboxOrders.$inferInsert): Promise<void> {
  await db.insert(sandboxOrders).values(values).onConflictDoNothing();
}

export async function findSandboxOrder(db: Queryable, order: string): Promise<SandboxOrderRow | null> {
  const rows = await db.select().from(sandboxOrders).where(eq(sandboxOrders.order, order)).limit(1);
  return rows[0] ?? null;
}

/**
 * Moves a waiting order to Paid or Closed, only if it is still waiting and (for Paid) not past its expiry; the new
 * state's notification is then due now. Null when nothing moved.
 */
export async function settleSandboxOrder(
  db: Queryable,
  order: string,
  to: 'Paid' | 'Closed',
  now: Date,
  txnId: string | null,
): Promise<SandboxOrderRow | null> {
  const [row] = await db
    .update(sandboxOrders)
    .set({
      status: to,
      txnId,
      paidAt: to === 'Paid' ? now : null,
      notifiedAt: null,
      attempts: 0,
      nextAttemptAt: now,
    })
    .where(
      and(
        eq(sandboxOrders.order, order),
        eq(sandboxOrders.status, 'WaitPay'),
        to === 'Paid' ? sql`${sandboxOrders.expiresAt} > ${now.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Closing from the merchant's side: no notification follows (the merchant asked). */
export async function closeSandboxOrder(db: Queryable, order: string): Promise<void> {
  await db
    .update(sandboxOrders)
    .set({ status: 'Closed', notifiedAt: sql`now()` })
    .where(and(eq(sandboxOrders.order, order), eq(sandboxOrders.status, 'WaitPay')));
}

/** Notifications not yet acknowledged whose next try is due. */
export async function dueSandboxNotifications(db: Queryable, now: Date, limit: number): Promise<SandboxOrderRow[]> {
  return db
    .select()
    .from(sandboxOrders)
    .where(and(isNull(sandboxOrders.notifiedAt), lte(sandboxOrders.nextAttemptAt, now)))
    .orderBy(asc(sandboxOrders.nextAttemptAt))
    .limit(limit);
}

/** Records one delivery: acknowledged, or the time of the next try (null gives up). */
export async function recordSandboxDelivery(
  db: Queryable,
  order: string,
  acked: boolean,
  now: Date,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(sandboxOrders)
    .set({
      attempts: sql`${sandboxOrders.attempts} + 1`,
      notifiedAt: acked ? now : null,
      nextAttemptAt: acked ? null : nextAttemptAt,
    })
    .where(eq(sandboxOrders.order, order));
}
