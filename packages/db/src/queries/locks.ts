import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';

/** A lock on `key` held until the transaction ends, shared by every instance on the same database. */
export async function advisoryLock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
