import { trades, type Queryable } from '@gre/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Batcher } from '../../lib/batcher.js';

/** The columns the poll answers with (`toTradeDto`); the rest of the row stays in the database. */
const POLL_COLUMNS = {
  id: trades.id,
  userId: trades.userId,
  kind: trades.kind,
  param: trades.param,
  order: trades.order,
  status: trades.status,
  amountFen: trades.amountFen,
  createdAt: trades.createdAt,
  updatedAt: trades.updatedAt,
  expiresAt: trades.expiresAt,
};

function buildFindPolled(db: Queryable) {
  return db
    .select(POLL_COLUMNS)
    .from(trades)
    .where(and(eq(trades.id, sql.placeholder('id')), eq(trades.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('find_polled_trade');
}

export type PolledTrade = Awaited<ReturnType<ReturnType<typeof buildFindPolled>['execute']>>[number];

interface Ask {
  id: number;
  userId: number;
}

/** Look-ups in flight at once (as the gate's session look-up). */
const LOOKUPS_IN_FLIGHT = 3;

/**
 * The payment dialog's poll (`/api/trade/get`, every 3 s per open dialog), one per Deps (`deps.fast.trades`), the way
 * the gate looks sessions up (decision 011): the single-row query is prepared once, and concurrent polls share one
 * statement. A poll still waits for a query that starts after it arrived, so a move committed before it is seen.
 * Unbatched (FAST_PATHS=off), every poll runs the prepared query alone.
 */
export class TradeLookup {
  private readonly single: ReturnType<typeof buildFindPolled>;
  private readonly batcher: Batcher<Ask, PolledTrade | null> | null;

  constructor(
    private readonly db: Queryable,
    batched: boolean,
  ) {
    this.single = buildFindPolled(db);
    this.batcher = batched
      ? new Batcher({ run: (asks) => this.findMany(asks), maxInFlight: LOOKUPS_IN_FLIGHT, maxSize: 64 })
      : null;
  }

  /** One of a user's trades: another user's id reads as absent. */
  find(userId: number, id: number): Promise<PolledTrade | null> {
    const ask = { id, userId };
    return this.batcher ? this.batcher.submit(ask) : this.findMany([ask]).then(([found]) => found ?? null);
  }

  async close(): Promise<void> {
    await this.batcher?.drain();
  }

  private async findMany(asks: Ask[]): Promise<(PolledTrade | null)[]> {
    if (asks.length === 1) {
      const { id, userId } = asks[0]!;
      return [(await this.single.execute({ id, userId }))[0] ?? null];
    }
    const rows = await this.db
      .select(POLL_COLUMNS)
      .from(trades)
      .where(inArray(trades.id, [...new Set(asks.map((a) => a.id))]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return asks.map((a) => {
      const row = byId.get(a.id);
      return row && row.userId === a.userId ? row : null;
    });
  }
}
