import type { Database, Db, Tx } from '@gre/db';
import type { SettingsStore } from './settings.js';

/**
 * One transaction shared by every service called inside it (decision 017): an audit row, a payment grant and the
 * user's new role commit together or not at all, and the jobs they send go out only once all of it is committed.
 */
export interface UnitOfWork<D = unknown> {
  readonly tx: Tx;
  /**
   * The caller's Deps bound to this unit: `database.db` (and the settings store's reads) go through the unit's
   * transaction, so a service given them reads and writes inside the unit (before its own transaction too), and `uow`
   * makes its `withUnitOfWork` join instead of opening a second transaction.
   */
  readonly deps: D;
  /**
   * Runs `fn` after the outermost unit commits, in the order registered; never when it rolls back. A failing `fn`
   * cannot undo the commit: the others still run, then the first error is thrown to the unit's caller.
   */
  afterCommit(fn: () => unknown): void;
}

/** What a unit needs of Deps; `uow` is set only on the Deps a unit hands its services. */
export interface UnitDeps {
  database: Database;
  settings?: SettingsStore;
  uow?: UnitOfWork<unknown> | undefined;
}

/** The unit each open transaction belongs to, for code handed only a `tx` (unitOf). */
const units = new WeakMap<Tx, UnitOfWork<unknown>>();

/**
 * The unit of work a transaction belongs to, for deep code handed only the `tx` that must still send a job once it
 * commits (an exam's essays, written while a section is graded); undefined for a transaction opened otherwise.
 */
export const unitOf = (tx: Tx): UnitOfWork<unknown> | undefined => units.get(tx);

/**
 * Runs `work` in one transaction, or inside the caller's unit when `deps` already carry one (then nothing commits
 * here: the outermost unit decides). Services open their transactions only through this.
 */
export async function withUnitOfWork<D extends UnitDeps, T>(
  deps: D,
  work: (uow: UnitOfWork<D>) => Promise<T>,
): Promise<T> {
  const outer = deps.uow;
  if (outer) return work({ tx: outer.tx, deps, afterCommit: (fn) => outer.afterCommit(fn) });
  const after: (() => unknown)[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    // drizzle's transaction offers the whole query API of the database handle (a nested `transaction` is a savepoint).
    const db = tx as unknown as Db;
    const unit: UnitOfWork<D> = {
      tx,
      deps: {
        ...deps,
        database: { ...deps.database, db },
        ...(deps.settings ? { settings: deps.settings.within(db) } : {}),
      },
      afterCommit: (fn) => void after.push(fn),
    };
    (unit.deps as UnitDeps).uow = unit;
    units.set(tx, unit);
    return work(unit);
  });
  let failure: { error: unknown } | null = null;
  for (const fn of after) {
    try {
      await fn();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
  return result;
}

/**
 * Whether `deps` run inside a unit. The one-statement fast paths write on the bare driver, outside any transaction,
 * so a call inside a unit takes the transactional path instead.
 */
export const inUnit = (deps: { uow?: unknown }): boolean => deps.uow !== undefined;
