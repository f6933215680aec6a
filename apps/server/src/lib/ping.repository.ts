import type { Database } from '@gre/db';
import { rawQuery } from './raw-query.js';

/** `select 1` on the bare driver: /readyz asks whether the database answers, nothing more. */
export async function pingDatabase(database: Database): Promise<void> {
  await rawQuery(database, { name: 'ping', text: 'select 1 as ok', values: [] });
}
