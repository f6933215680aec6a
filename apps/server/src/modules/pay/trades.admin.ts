import { payCalls, priceTable, type AdminTrade, type TradeStatus } from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { actionOf } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { staffChange } from '../../lib/staff-change.js';
import { remindTradePaid } from '../mail/index.js';
import { METRIC } from '../../lib/metrics.js';
import { grantPurchase } from './settle.js';
import { toTradeDto } from './trades.dto.js';
import { tradesPage, tradeUserName } from './trades.admin.repository.js';
import { insertTradeEvent, lockTrade, moveTrade, type TradeRow } from './trades.repository.js';

// The admin's side of trades (issue 16): every learner's trades, and the ones only a person can settle.

type In<C extends { request: z.ZodType }> = z.output<C['request']>;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const fromUnix = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000));

function toAdminTrade(row: TradeRow, userName: string): AdminTrade {
  return {
    ...toTradeDto(row),
    user_name: userName,
    title: row.title,
    list_price: row.listPriceFen,
    provider: row.provider,
    paid_fen: row.paidFen,
    paid_stamp: row.paidAt ? unix(row.paidAt) : null,
    note: row.note,
  };
}

/** `/api/trade/list`: newest first; `status: 'ManualInvalid'` is the queue of paid amounts that differ. */
export async function listTrades(deps: Pick<Deps, 'database'>, body: In<typeof payCalls.list>) {
  const { page, page_size: pageSize } = body;
  const filter = {
    status: body.status,
    userId: body.user_id,
    from: fromUnix(body.from_stamp),
    to: fromUnix(body.to_stamp),
  };
  const { rows, total } = await tradesPage(deps.database.db, filter, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map((r) => toAdminTrade(r, r.userName)),
    page_control: { page, page_size: pageSize, total },
  };
}

/** Where each resolution may start: a grant only from ManualInvalid (never before the money is judged), a close from either status that holds money. */
const RESOLVABLE: Record<'grant' | 'close', readonly TradeStatus[]> = {
  grant: ['ManualInvalid'],
  close: ['ManualInvalid', 'ApplyFail'],
};
const RESOLVED_TO = { grant: 'ApplySuccess', close: 'Refund' } as const;

/**
 * `/api/trade/resolve`: under the trade's row lock, a ManualInvalid trade is granted through the membership module
 * (the grant and the move commit together, so a second resolve finds nothing to grant) or closed as refunded; with
 * the admin's reason on the trade, a trade event and the audit row. A grant a rule refuses rolls back whole.
 */
export async function resolveTrade(deps: Deps, actor: Actor, body: In<typeof payCalls.resolve>) {
  const { trade_id: id, action } = body;
  const reason = body.reason.trim();
  const prices = priceTable(await deps.settings.override('prices'));
  const change = {
    action: actionOf(payCalls.resolve.path),
    target: { targetKind: 'trade' as const, targetId: id, after: { resolution: action, reason } },
    opCode: body.op_code,
    auditRefusals: true,
  };
  return staffChange(deps, actor, change, async ({ tx, deps: unit }) => {
    const now = deps.clock.now();
    const trade = await lockTrade(tx, id);
    if (!trade) throw new AppError('not_found', `no trade ${id}`, '订单不存在');
    const from = trade.status as TradeStatus;
    if (!RESOLVABLE[action].includes(from))
      throw new AppError('conflict', `a ${from} trade cannot be resolved by ${action}`, '该订单无需处理或已处理');
    const to = RESOLVED_TO[action];
    if (action === 'grant') await grantPurchase(tx, trade, now, prices);
    const note = [trade.note, `${action === 'grant' ? '管理员补发' : '管理员关闭'}${reason ? `：${reason}` : ''}`]
      .filter(Boolean)
      .join('；');
    const row = (await moveTrade(tx, id, [from], to, now, { note }))!;
    await insertTradeEvent(tx, {
      tradeId: id,
      fromStatus: from,
      toStatus: to,
      source: 'admin',
      detail: { admin_id: actor.user.id, reason },
      createdAt: now,
    });
    if (action === 'grant') {
      await remindTradePaid(unit, { userId: trade.userId, tradeId: id, title: trade.title });
      unit.uow?.afterCommit(() => deps.metrics.inc(METRIC.paymentGrants));
    }
    const result = toAdminTrade(row, await tradeUserName(tx, row.userId));
    const before = { status: from, note: trade.note, paid_fen: trade.paidFen, price: trade.amountFen };
    return { result, audits: [{ targetKind: 'trade', targetId: id, before, after: { status: to, note, reason } }] };
  });
}
