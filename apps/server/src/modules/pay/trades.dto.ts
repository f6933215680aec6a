import type { Trade, TradeKind, TradeStatus } from '@gre/contracts';
import type { TradeRow } from './trades.repository.js';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

export function toTradeDto(row: TradeRow): Trade {
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
