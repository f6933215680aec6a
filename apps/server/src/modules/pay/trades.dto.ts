import type { Trade, TradeKind, TradeStatus } from '@gre/contracts';
import type { PolledTrade } from './trade-lookup.repository.js';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/** A trade row (or the poll's narrower one) as the client sees it. */
export function toTradeDto(row: PolledTrade): Trade {
  return {
    id: row.id,
    user_id: row.userId,
    kind: row.kind as TradeKind,
    param: row.param,
    order: row.order,
    status: row.status as TradeStatus,
    price: row.amountFen,
    created_stamp: stamp(row.createdAt),
    updated_stamp: stamp(row.updatedAt),
    expire_stamp: stamp(row.expiresAt),
  };
}
