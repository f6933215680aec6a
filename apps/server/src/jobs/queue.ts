import type { Database } from '@gre/db';
import PgBoss from 'pg-boss';

/**
 * The job queue (pg-boss) on whichever database is live: PGlite through `executeSql`, PostgreSQL through the pool.
 * Jobs are delivered at least once, so every handler is idempotent. Cron schedules run once across all instances.
 */
export async function startQueue(database: Database): Promise<PgBoss> {
  const db: PgBoss.Db = {
    async executeSql(text, values) {
      if (database.pglite) {
        // PGlite's `query` takes one statement; pg-boss sends multi-statement DDL without parameters.
        if (values?.length) return database.pglite.query(text, values);
        const results = await database.pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }
      return database.pool!.query(text, values);
    },
  };
  const boss = new PgBoss({ db, schema: 'pgboss', monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 300 });
  boss.on('error', (err) => console.error('[jobs]', err));
  await boss.start();
  return boss;
}
