import type { Database } from '@gre/db';

export interface RawStatement {
  /** node-postgres prepares a named statement once per connection, so its planning is paid once, not per call. */
  name: string;
  text: string;
  values: unknown[];
}

/**
 * One statement on the bare driver, outside any transaction: the hot exam calls skip drizzle's per-statement
 * building and mapping. PGlite runs it exclusively of its transactions, as drizzle's own statements do.
 */
export async function rawQuery<R>(database: Database, q: RawStatement): Promise<R[]> {
  if (database.pool) return (await database.pool.query<R & Record<string, unknown>>(q)).rows;
  return (await database.pglite!.query<R>(q.text, q.values)).rows;
}
