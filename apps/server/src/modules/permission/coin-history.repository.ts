import { packCoins, type CoinEvent } from '@gre/contracts';
import { auditLog, flashes, trades, voucherRedemptions, vouchers, type Queryable } from '@gre/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Where a user's flash coins came from and went, newest first, from the rows that moved them: paid flash-quota
 * trades, redeemed coin vouchers, admins' changes (their audit rows) and the decks that took coins. No ledger is kept
 * beside them, so this can never disagree with them.
 */
export async function coinHistory(db: Queryable, userId: number, limit: number): Promise<CoinEvent[]> {
  const [bought, redeemed, manual, decks] = await Promise.all([
    db
      .select({ param: trades.param, order: trades.order, at: trades.updatedAt })
      .from(trades)
      .where(and(eq(trades.userId, userId), eq(trades.kind, 'FlashCoin'), eq(trades.status, 'ApplySuccess')))
      .orderBy(desc(trades.updatedAt))
      .limit(limit),
    db
      .select({ coins: vouchers.coins, code: vouchers.code, at: voucherRedemptions.createdAt })
      .from(voucherRedemptions)
      .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
      .where(and(eq(voucherRedemptions.userId, userId), eq(vouchers.grantKind, 'coins')))
      .orderBy(desc(voucherRedemptions.createdAt))
      .limit(limit),
    db
      .select({
        actorId: auditLog.actorId,
        delta: sql<number>`((${auditLog.after} ->> 'flash_coins')::int - (${auditLog.before} ->> 'flash_coins')::int)`,
        at: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'permission/manual_change_flash_coin'),
          eq(auditLog.outcome, 'done'),
          eq(auditLog.targetKind, 'user'),
          eq(auditLog.targetId, String(userId)),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(limit),
    db
      .select({ id: flashes.id, name: flashes.name, coins: flashes.coinsSpent, at: flashes.createdAt })
      .from(flashes)
      .where(and(eq(flashes.userId, userId), gt(flashes.coinsSpent, 0)))
      .orderBy(desc(flashes.createdAt))
      .limit(limit),
  ]);
  const events: CoinEvent[] = [
    ...bought.map((t) => ({
      kind: 'trade' as const,
      delta: packCoins(t.param) ?? 0,
      stamp: stamp(t.at),
      note: t.order,
    })),
    ...redeemed.map((r) => ({ kind: 'voucher' as const, delta: r.coins ?? 0, stamp: stamp(r.at), note: r.code })),
    ...manual.map((m) => ({
      kind: 'manual' as const,
      delta: Number(m.delta),
      stamp: stamp(m.at),
      note: `admin #${m.actorId ?? '?'}`,
    })),
    ...decks.map((d) => ({ kind: 'deck' as const, delta: -d.coins, stamp: stamp(d.at), note: `#${d.id} ${d.name}` })),
  ];
  return events.sort((a, b) => b.stamp - a.stamp).slice(0, limit);
}
