import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

const seen: Array<{ ms: number; sql: string }> = [];
let database: Database;

beforeAll(async () => {
  // The bare server database is enough: these statements read nothing of the schema.
  database = await openDatabase({
    url: process.env.DATABASE_URL,
    poolSize: 2,
    onQuery: (ms, text) => seen.push({ ms, sql: text }),
  });
});
afterAll(() => database.close());

const saw = (fragment: string) => seen.filter((q) => q.sql.includes(fragment));

describe(`every statement timed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sees drizzle, the bare driver, transactions and failed statements, with text and no values', async () => {
    await database.db.execute(sql`select ${'secret-value'}::text as drizzle_probe`);
    if (database.pool) await database.pool.query({ name: 'probe', text: 'select $1::int as raw_probe', values: [7] });
    else await database.pglite!.query('select $1::int as raw_probe', [7]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as in_tx_probe`);
    });
    await expect(database.db.execute(sql`select * from no_such_table_probe`)).rejects.toThrow();

    for (const fragment of ['drizzle_probe', 'raw_probe', 'in_tx_probe', 'no_such_table_probe'])
      expect(saw(fragment), fragment).toHaveLength(1);
    expect(seen.every((q) => q.ms >= 0)).toBe(true);
    expect(seen.some((q) => q.sql.includes('secret-value'))).toBe(false);
  });

  it('a hook that throws does not fail the statement', async () => {
    const failing = await openDatabase({
      url: process.env.DATABASE_URL,
      poolSize: 1,
      onQuery: () => {
        throw new Error('logger broke');
      },
    });
    try {
      const r = await failing.db.execute<{ n: number }>(sql`select 2 as n`);
      expect(Number(r.rows[0]!.n)).toBe(2);
    } finally {
      await failing.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a connection lost while checked out', () => {
  it('is reported to onPoolError, and the process goes on', async () => {
    const lost: string[] = [];
    const own = await openDatabase({
      url: process.env.DATABASE_URL,
      poolSize: 1,
      onPoolError: (e) => lost.push(e.message),
    });
    try {
      const client = await own.pool!.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // Ended from another connection while this client is out of the pool and between statements, as a restart does.
      await database.pool!.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await expect.poll(() => lost.length, { timeout: 5000 }).toBeGreaterThan(0);
      client.release(true);
      expect(lost[0]).toMatch(/terminat/i);
      const again = await own.pool!.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await own.close();
    }
  });
});
