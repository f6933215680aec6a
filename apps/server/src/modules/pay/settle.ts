import { durationDays, packCoins, priceTable, type TradeStatus } from '@gre/contracts';
import { isUniqueViolation, type Tx } from '@gre/db';
import type { OrderState, PaidOrder } from '../../adapters/pay/provider.js';
import { AppError } from '../../lib/app-error.js';
import { faultPoint } from '../../lib/faults.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { releaseCode } from '../codes/index.js';
import { remindTradePaid } from '../mail/index.js';
import { METRIC } from '../../lib/metrics.js';
import { addFlashCoins, grantTier } from '../membership/index.js';
import { insertTradeEvent, lockTrade, moveTrade, type TradeRow } from './trades.repository.js';

/**
 * What the provider said about a trade, applied (docs/payments.md). Every step is a conditional move under the
 * trade's row lock, so notifications, polls, 'I have paid' and the expiry job may all report the same payment, in
 * any order and at once: the first moves the trade, the rest find nothing to move. Money is recorded (PaySuccess)
 * in its own transaction before the grant, so a crash between the two leaves a paid trade the sweep grants later —
 * never a grant without a recorded payment, never a payment forgotten.
 */
export type SettleSource = 'init' | 'notify' | 'query' | 'check_paid' | 'expiry' | 'replaced' | 'sweep';

/** Statuses a payment may arrive in: open, or closed at a gateway that could not really close it (decision 024). */
const PAYABLE: readonly TradeStatus[] = ['WaitPay', 'PayCancel', 'PayTimeout'];

export async function settle(deps: Deps, trade: TradeRow, state: OrderState, source: SettleSource): Promise<TradeRow> {
  switch (state.state) {
    case 'unpaid':
      return trade;
    case 'paid': {
      const paid = await recordPayment(deps, trade, state, source);
      faultPoint(deps.env, 'pay.payment_recorded');
      return paid.status === 'PaySuccess' ? applyPayment(deps, paid.id, source) : paid;
    }
    case 'closed':
      return closeUnpaid(deps, trade, 'PayCancel', source);
    case 'failed':
      return closeUnpaid(deps, trade, 'PayFail', source);
  }
}

async function alert(tx: Tx, trade: TradeRow, source: SettleSource, now: Date, detail: Record<string, unknown>) {
  await insertTradeEvent(tx, { tradeId: trade.id, source, alert: true, detail, createdAt: now });
}

/** WaitPay → PaySuccess with the provider's payment id and amount; idempotent for the same payment. */
async function recordPayment(deps: Deps, trade: TradeRow, paid: PaidOrder, source: SettleSource): Promise<TradeRow> {
  const now = deps.clock.now();
  return withUnitOfWork(deps, async ({ tx }) => {
    const current = await lockTrade(tx, trade.id);
    if (!current) throw new AppError('not_found', `no trade ${trade.id}`);
    if (PAYABLE.includes(current.status as TradeStatus)) {
      // The unique (provider, provider_txn_id) refuses a payment id that already paid another trade; the savepoint
      // keeps the rest of this transaction usable to record the alert.
      const moved = await tx
        .transaction(async (sp) =>
          moveTrade(sp, current.id, PAYABLE, 'PaySuccess', now, {
            providerTxnId: paid.providerTxnId,
            paidFen: paid.paidFen,
            paidAt: paid.paidAt,
          }),
        )
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) return null;
          throw e;
        });
      if (!moved) {
        await alert(tx, current, source, now, { problem: 'payment id already used by another trade', paid });
        return current;
      }
      await insertTradeEvent(tx, {
        tradeId: current.id,
        fromStatus: current.status,
        toStatus: 'PaySuccess',
        source,
        detail: { provider_txn_id: paid.providerTxnId, paid_fen: paid.paidFen },
        createdAt: now,
      });
      return moved;
    }
    if (['None', 'InitPayFail', 'PayFail'].includes(current.status)) {
      // Money for a trade that never showed its code or whose payment failed: nothing is granted, a person decides.
      await alert(tx, current, source, now, { problem: `paid while ${current.status}`, paid });
    } else if (current.providerTxnId && current.providerTxnId !== paid.providerTxnId) {
      await alert(tx, current, source, now, { problem: 'a second payment for one order', paid });
    }
    return current;
  });
}

/**
 * PaySuccess → ApplySuccess with the entitlement, in one transaction: the grant and the move commit together.
 * A wrong amount goes to ManualInvalid, a grant a rule refuses to ApplyFail; both raise an admin alert.
 */
export async function applyPayment(deps: Deps, tradeId: number, source: SettleSource): Promise<TradeRow> {
  const now = deps.clock.now();
  const prices = priceTable(await deps.settings.override('prices'));
  return withUnitOfWork(deps, async ({ tx, deps: unit }) => {
    const trade = await lockTrade(tx, tradeId);
    if (!trade) throw new AppError('not_found', `no trade ${tradeId}`);
    if (trade.status !== 'PaySuccess') return trade;
    const event = { tradeId, fromStatus: 'PaySuccess', source, createdAt: now };
    if (trade.paidFen !== trade.amountFen) {
      const note = `paid ${trade.paidFen} fen, expected ${trade.amountFen}`;
      const row = await moveTrade(tx, tradeId, ['PaySuccess'], 'ManualInvalid', now, { note });
      await insertTradeEvent(tx, { ...event, toStatus: 'ManualInvalid', alert: true, detail: { note } });
      return row!;
    }
    const refused = await tx
      .transaction(async (sp) => grantPurchase(sp, trade, now, prices))
      .then(
        () => null,
        (e: unknown) => {
          if (e instanceof AppError && e.kind !== 'internal') return e;
          throw e;
        },
      );
    if (refused) {
      const note = `${refused.kind}: ${refused.detail}`;
      const row = await moveTrade(tx, tradeId, ['PaySuccess'], 'ApplyFail', now, { note });
      await insertTradeEvent(tx, { ...event, toStatus: 'ApplyFail', alert: true, detail: { note } });
      return row!;
    }
    const row = await moveTrade(tx, tradeId, ['PaySuccess'], 'ApplySuccess', now);
    await insertTradeEvent(tx, { ...event, toStatus: 'ApplySuccess', detail: {} });
    // The "paid" mail commits with the grant: a learner never reads it for a grant that rolled back, nor misses it.
    await remindTradePaid(unit, { userId: trade.userId, tradeId, title: trade.title });
    unit.uow?.afterCommit(() => deps.metrics.inc(METRIC.paymentGrants));
    faultPoint(deps.env, 'pay.grant_uncommitted');
    return row!;
  });
}

/** What a paid trade buys, through the membership module: the tier for its days, or the flash coins. */
export async function grantPurchase(
  tx: Tx,
  trade: TradeRow,
  now: Date,
  prices: ReturnType<typeof priceTable>,
): Promise<void> {
  if (trade.kind === 'FlashCoin') {
    await addFlashCoins(tx, trade.userId, packCoins(trade.param)!);
    return;
  }
  if (trade.kind !== 'VIP' && trade.kind !== 'SVIP') throw new AppError('invalid_input', `cannot grant ${trade.kind}`);
  await grantTier(tx, trade.userId, {
    tier: trade.kind,
    days: durationDays(trade.param)!,
    source: 'trade',
    tradeId: trade.id,
    now,
    prices,
  });
}

/** None / WaitPay → PayCancel, PayTimeout or PayFail: the provider closed it unpaid. A discount use goes back. */
export async function closeUnpaid(
  deps: Deps,
  trade: TradeRow,
  to: 'PayCancel' | 'PayTimeout' | 'PayFail' | 'InitPayFail',
  source: SettleSource,
  note?: string,
): Promise<TradeRow> {
  const now = deps.clock.now();
  const from: readonly TradeStatus[] =
    to === 'InitPayFail' ? ['None'] : to === 'PayFail' ? ['WaitPay'] : ['None', 'WaitPay'];
  return withUnitOfWork(deps, async ({ tx }) => {
    const current = await lockTrade(tx, trade.id);
    if (!current) throw new AppError('not_found', `no trade ${trade.id}`);
    if (!from.includes(current.status as TradeStatus)) return current;
    const row = (await moveTrade(tx, trade.id, from, to, now, note ? { note } : {}))!;
    if (row.codeId !== null) await releaseCode(tx, row.codeId);
    await insertTradeEvent(tx, {
      tradeId: trade.id,
      fromStatus: current.status,
      toStatus: to,
      source,
      detail: note ? { note } : {},
      createdAt: now,
    });
    return row;
  });
}
