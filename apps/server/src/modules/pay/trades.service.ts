import { payCalls, priceTable, priceOverrideSchema, type CallRequest, type PriceOverride } from '@gre/contracts';
import { PayProviderError } from '../../adapters/pay/provider.js';
import { AppError } from '../../lib/app-error.js';
import { actionOf } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { staffChange } from '../../lib/staff-change.js';
import { currentUser, toUserDto } from '../users/index.js';
import { applyPayment, closeUnpaid, settle } from './settle.js';
import { toTradeDto } from './trades.dto.js';
import { expiredOpenTrades, findUserTrade, stalePaidTrades, type TradeRow } from './trades.repository.js';

/** A paid trade still ungranted this long after its payment was recorded is retried by the sweep. */
const STALE_PAID_MS = 30_000;
const SWEEP_BATCH = 100;

/** The price table in force: the defaults under the admin's override. */
export async function currentPrices(deps: Pick<Deps, 'settings'>) {
  return priceTable(await deps.settings.override('prices'));
}

/**
 * `/api/pay/set_prices`: the admin's override replaces the stored one whole; trades already made keep their amount.
 * Money-changing: a confirmation code, the old and new override in the audit log, refusals audited too.
 */
export async function setPrices(deps: Deps, actor: Actor, body: { override: PriceOverride; op_code: string }) {
  const override = priceOverrideSchema.parse(body.override);
  const target = { targetKind: 'prices' as const, targetId: null };
  const change = { action: actionOf(payCalls.setPrices.path), target, opCode: body.op_code, auditRefusals: true };
  await staffChange(deps, actor, change, async ({ deps: unit }) => {
    const before = (await unit.settings.override('prices')) ?? {};
    await unit.settings.setOverride('prices', override);
    return { result: null, audits: [{ ...target, before, after: override }] };
  });
  return currentPrices(deps);
}

/** A provider that cannot answer leaves the trade as it is: unknown is never read as unpaid. */
async function askProvider(deps: Deps, trade: TradeRow) {
  try {
    return await deps.pay.query(trade.order);
  } catch (e) {
    if (e instanceof PayProviderError) return null;
    throw e;
  }
}

/** `/api/trade/get`: one shared, prepared read after the gate; the poll never calls the provider (the notification and 'I have paid' do). */
export async function getTrade(deps: Deps, actor: Actor, id: number) {
  const row = await deps.fast.trades.find(actor.user.id, id);
  if (!row) throw new AppError('not_found', `no trade ${id}`);
  return { trade: toTradeDto(row), user: toUserDto(actor.user, deps.clock.now()) };
}

/** `/api/pay/check_paid`: asks the provider now and settles what it says; a paid but ungranted trade is granted. */
export async function checkPaid(deps: Deps, actor: Actor, id: number) {
  let row = await findUserTrade(deps.database.db, actor.user.id, id);
  if (!row) throw new AppError('not_found', `no trade ${id}`);
  if (row.status === 'WaitPay') {
    const state = await askProvider(deps, row);
    if (state) row = await settle(deps, row, state, 'check_paid');
  }
  if (row.status === 'PaySuccess') row = await applyPayment(deps, row.id, 'check_paid');
  return { trade: toTradeDto(row), user: await currentUser(deps, actor.user.id) };
}

/**
 * The expiry job (every minute): an open trade past its 15 minutes gets one last query — paid → settled; otherwise
 * closed at the provider, then PayTimeout. A provider that cannot be reached leaves it for the next run. Paid trades
 * whose grant did not happen (a crash between payment and grant) are granted.
 */
export async function sweepTrades(deps: Deps): Promise<{ expired: number; granted: number }> {
  const now = deps.clock.now();
  let expired = 0;
  for (const trade of await expiredOpenTrades(deps.database.db, now, SWEEP_BATCH)) {
    const state = trade.status === 'WaitPay' ? await askProvider(deps, trade) : { state: 'unpaid' as const };
    if (!state) continue;
    if (state.state !== 'unpaid') {
      await settle(deps, trade, state, 'expiry');
      continue;
    }
    const closed = await deps.pay.close(trade.order).catch((e: unknown) => {
      if (e instanceof PayProviderError) return null;
      throw e;
    });
    if (closed === 'paid') {
      const again = await askProvider(deps, trade);
      if (again) await settle(deps, trade, again, 'expiry');
    } else if (closed === 'closed') {
      const row = await closeUnpaid(deps, trade, 'PayTimeout', 'expiry');
      if (row.status === 'PayTimeout') expired += 1;
    }
  }
  let granted = 0;
  for (const trade of await stalePaidTrades(deps.database.db, new Date(now.getTime() - STALE_PAID_MS), SWEEP_BATCH)) {
    const row = await applyPayment(deps, trade.id, 'sweep');
    if (row.status === 'ApplySuccess') granted += 1;
  }
  return { expired, granted };
}

export type InitBody = CallRequest<typeof payCalls.init>;
