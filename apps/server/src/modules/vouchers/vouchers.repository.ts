import { voucherRedemptions, vouchers, type Queryable } from '@gre/db';
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = typeof vouchers.$inferInsert;

/** Null when the code is taken (the unique index decides between two admins at once). */
export async function insertVoucher(db: Queryable, values: NewVoucher): Promise<VoucherRow | null> {
  const [row] = await db.insert(vouchers).values(values).onConflictDoNothing({ target: vouchers.code }).returning();
  return row ?? null;
}

export async function listVouchers(
  db: Queryable,
  includeDeleted: boolean,
  page: number,
  size: number,
): Promise<{ rows: VoucherRow[]; total: number }> {
  const where = includeDeleted ? undefined : isNull(vouchers.deletedAt);
  const rows = await db
    .select()
    .from(vouchers)
    .where(where)
    .orderBy(desc(vouchers.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vouchers)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A live (not deleted) voucher, locked for the rest of the transaction. */
export async function lockLiveVoucher(tx: Queryable, id: number): Promise<VoucherRow | null> {
  const [row] = await tx
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, id), isNull(vouchers.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateVoucherRow(
  tx: Queryable,
  id: number,
  patch: Partial<Pick<NewVoucher, 'name' | 'useLimit' | 'startsAt' | 'endsAt' | 'deletedAt'>>,
): Promise<VoucherRow> {
  const [row] = await tx
    .update(vouchers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(vouchers.id, id))
    .returning();
  return row!;
}

export async function voucherByCode(db: Queryable, code: string): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row ?? null;
}

/** The learner's redemption; false when they already had one (the primary key refuses a second). */
export async function insertRedemption(tx: Queryable, voucherId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(voucherRedemptions)
    .values({ voucherId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: voucherRedemptions.userId });
  return rows.length > 0;
}

/**
 * Takes one use of a live voucher inside its window in one conditional update: concurrent redemptions queue on the
 * row, each re-reads `used_count`, so no more than `use_limit` ever pass. Null when none may be taken.
 */
export async function takeVoucherUse(tx: Queryable, id: number, now: Date): Promise<VoucherRow | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.id, id),
        isNull(vouchers.deletedAt),
        lte(vouchers.startsAt, at),
        gt(vouchers.endsAt, at),
        lt(vouchers.usedCount, vouchers.useLimit),
      ),
    )
    .returning();
  return row ?? null;
}
