import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import type { Deps } from '../../lib/deps.js';
import {
  finishFactsBatch,
  writeFinishBatch,
  type ClosedDeck,
  type FinishFacts,
  type FinishWrite,
} from './finish.repository.js';

/** One batch at a time per step: measured, more in flight made smaller batches and more work per finish (decision 036). */
const MAX_IN_FLIGHT = 1;
const MAX_BATCH_SIZE = 64;

/**
 * finish_round's read and write, each one statement shared by the finishes that arrive together, as update_v2's are
 * (decision 012): a lone finish never waits. A write batch takes one finish per learner, so one learner's reviews
 * are never written twice by one statement.
 */
class FinishBatch {
  readonly facts: Batcher<number, FinishFacts | null>;
  readonly writes: Batcher<FinishWrite, ClosedDeck | null>;

  constructor(database: Database) {
    this.facts = new Batcher({
      run: async (ids) => {
        const found = await finishFactsBatch(database, [...new Set(ids)]);
        return ids.map((id) => found.get(id) ?? null);
      },
      maxInFlight: MAX_IN_FLIGHT,
      maxSize: MAX_BATCH_SIZE,
    });
    this.writes = new Batcher({
      run: (ws) => writeFinishBatch(database, ws),
      maxInFlight: MAX_IN_FLIGHT,
      maxSize: MAX_BATCH_SIZE,
      keyOf: (w) => w.userId,
    });
  }
}

/**
 * The batches of a database. They live beside the database rather than in `deps.fast`: every item belongs to a
 * request in flight, so closing the server (which waits for its requests) leaves nothing to drain.
 */
const batches = new WeakMap<Database, FinishBatch>();

export interface FinishStatements {
  facts(id: number): Promise<FinishFacts | null>;
  write(w: FinishWrite): Promise<ClosedDeck | null>;
}

/** The finish statements for these Deps: batched, or one statement per call with FAST_PATHS=off. */
export function finishStatements(deps: Pick<Deps, 'database' | 'fast'>): FinishStatements {
  const database = deps.database;
  if (!deps.fast.on)
    return {
      facts: async (id) => (await finishFactsBatch(database, [id])).get(id) ?? null,
      write: async (w) => (await writeFinishBatch(database, [w]))[0] ?? null,
    };
  let batch = batches.get(database);
  if (!batch) batches.set(database, (batch = new FinishBatch(database)));
  const { facts, writes } = batch;
  return { facts: (id) => facts.submit(id), write: (w) => writes.submit(w) };
}
