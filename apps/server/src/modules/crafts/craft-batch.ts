import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import type { CraftRow } from './craft-view.js';
import {
  craftFactsBatch,
  craftKeyOf,
  upsertCraftParts,
  type BatchedWrite,
  type FactsQuery,
} from './craft-batch.repository.js';
import type { UpdateFacts } from './crafts.repository.js';

export type { BatchedWrite, FactsQuery };

/**
 * The hot path of update_v2 (decision 012): the checks' facts and the write each go in one statement shared by the
 * requests that arrive together, as the gate's session look-up does (decision 011). A lone request never waits.
 */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH_SIZE = 64;

/**
 * update_v2's batchers, one per Deps (`deps.fast.crafts`). Unbatched (FAST_PATHS=off) the facts go one request per
 * statement and the service writes with the single drizzle upsert instead of `write`.
 */
export class CraftBatch {
  private readonly factsBatcher: Batcher<FactsQuery, UpdateFacts | null> | null;
  private readonly writes: Batcher<BatchedWrite, CraftRow>;

  constructor(
    private readonly database: Database,
    batched: boolean,
  ) {
    this.factsBatcher = batched
      ? new Batcher({ run: (qs) => craftFactsBatch(database, qs), maxInFlight: MAX_IN_FLIGHT, maxSize: MAX_BATCH_SIZE })
      : null;
    // One row per craft in a batch: an upsert may not touch a row twice, and two writes of one craft keep their order.
    this.writes = new Batcher({
      run: (ws) => upsertCraftParts(database, ws),
      maxInFlight: MAX_IN_FLIGHT,
      maxSize: MAX_BATCH_SIZE,
      keyOf: craftKeyOf,
    });
  }

  /** Everything update_v2 checks before writing; null when the question does not exist. */
  async facts(query: FactsQuery): Promise<UpdateFacts | null> {
    if (this.factsBatcher) return this.factsBatcher.submit(query);
    return (await craftFactsBatch(this.database, [query]))[0] ?? null;
  }

  /** The learner's craft on the question with one whole part written, created when missing. */
  write(w: BatchedWrite): Promise<CraftRow> {
    return this.writes.submit(w);
  }

  /** Lets the statements in flight finish (shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.factsBatcher?.drain(), this.writes.drain()]);
  }
}
