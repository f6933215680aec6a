import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import type { Clock } from '../../lib/clock.js';
import { runChanges, type FastAction, type FastChange, type FastWritten } from './change-fast.repository.js';
import { SectionCache, sectionItems, type CachedItem } from './section-cache.js';

export type { FastAction, FastChange, FastWritten };

/**
 * The common case of answer, flag and move as ONE autocommit statement (decision 009), shared by the changes that
 * arrive together: read each exam, its named section and item, check that the change would be accepted, and only
 * then write the exam row, the items and the section's time. It never refuses: a change whose checks fail writes
 * nothing and gets no row back, and its caller runs the transactional path, which refuses in the documented order
 * (or auto-submits a section whose time is up). So the checks here only need to be sufficient for acceptance, never
 * a second copy of the refusals. The statement, and why its races are safe, are in change-fast.repository.ts.
 *
 * Batching: while a statement is in flight, the changes that arrive wait and then go together, one row each, in one
 * statement and one commit (the commit and the round trip are most of a change's cost). A batch never holds two
 * changes of one exam, and no exam is in two batches in flight, so batches never wait on each other's rows.
 */

/** Batches in flight at once per action: a few pool connections, the rest stay free for the other calls. */
export const MAX_BATCHES = 2;
/** Changes per statement: enough for every connection of a busy instance. */
export const MAX_BATCH_SIZE = 64;

type ChangeBatcher = Batcher<FastChange, FastWritten | null>;

/**
 * The exam changes' fast path, one per Deps (`deps.fast.exams`): a batcher per action, and the cache of each
 * section's items the answer's shape is checked against (section-cache.ts). Unbatched (FAST_PATHS=off, where the
 * service does not call it at all) every change would go alone, at once.
 */
export class ExamFastPath {
  readonly sections = new SectionCache();
  private readonly batchers: Record<FastAction['kind'], ChangeBatcher>;

  constructor(
    private readonly database: Database,
    clock: Clock,
    batched: boolean,
  ) {
    const batcher = (kind: FastAction['kind']): ChangeBatcher =>
      new Batcher({
        run: (changes) => runChanges(database, kind, changes, clock.now()),
        maxInFlight: batched ? MAX_BATCHES : Number.POSITIVE_INFINITY,
        maxSize: batched ? MAX_BATCH_SIZE : 1,
        keyOf: (c) => c.examId,
      });
    this.batchers = { answer: batcher('answer'), flag: batcher('flag'), move: batcher('move') };
  }

  /** Writes the change when the transactional path would accept it unchanged; null when it wrote nothing. */
  write(c: FastChange): Promise<FastWritten | null> {
    return this.batchers[c.action.kind].submit(c);
  }

  /** The items of a section by position, cached; null while it has none (section-cache.ts). */
  items(examId: number, section: number): Promise<CachedItem[] | null> {
    return sectionItems(this.database, this.sections, examId, section);
  }

  /** Lets the statements in flight finish (shutdown). */
  async close(): Promise<void> {
    await Promise.all(Object.values(this.batchers).map((b) => b.drain()));
  }
}
