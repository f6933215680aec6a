import type pg from 'pg';

/**
 * Drops a test database once its connections have gone. pool.end() resolves before the server has seen every
 * connection close; dropping WITH (FORCE) at once kills the stragglers and their clients report an unhandled 57P01.
 */
export async function dropDatabaseWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const left = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (left.rows[0]!.n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
