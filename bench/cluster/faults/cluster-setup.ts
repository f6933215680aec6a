// A fault run's cluster: N instances behind HAProxy on a fresh database of its own, its learners made and logged in
// once, the books found; and the PostgreSQL pool the lost-answer check reads.
import pg from 'pg';
import { createLearners, firstLogins, smallBooks } from '../learners.js';
import { BENCH_INSTANCE_ENV, benchDatabaseUrl, dropBenchDatabase, startCluster } from '../targets.js';
import { FAULT_LEARNERS, runFault, type FaultPlan } from './fault-run.js';

export async function withCluster(
  name: string,
  plan: (
    p: Pick<FaultPlan, 'target' | 'accounts' | 'books' | 'ledgerSql'>,
  ) => Omit<FaultPlan, 'target' | 'accounts' | 'books' | 'ledgerSql'>,
  env: Record<string, string> = {},
) {
  const databaseUrl = benchDatabaseUrl(`fault_${name}`);
  const target = await startCluster({
    instances: 3,
    port: 8380,
    databaseUrl,
    fresh: true,
    env: { ...BENCH_INSTANCE_ENV, ...env },
    quiet: true,
  });
  try {
    const setup = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    let accounts;
    let books;
    try {
      accounts = await createLearners(setup, FAULT_LEARNERS, name);
      books = await smallBooks(setup);
    } finally {
      await setup.end();
    }
    await firstLogins(target.url, accounts);
    const ledgerSql = async () => {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      pool.on('error', () => undefined);
      return { sql: pool, close: () => pool.end() };
    };
    return await runFault({ target, accounts, books, ledgerSql, ...plan({ target, accounts, books, ledgerSql }) });
  } finally {
    await target.stop();
    await dropBenchDatabase(databaseUrl);
  }
}
