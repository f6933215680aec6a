#!/usr/bin/env node
// Checks that a PostgreSQL test run left no database behind.
//   node scripts/pg-leftovers.mjs snapshot FILE     remember the test databases that exist now
//   node scripts/pg-leftovers.mjs check FILE [--drop]
//     lists test databases created since the snapshot; with --drop removes them. Exit 3 when any were found.
// Only names the test tooling creates are considered (gre_t_*, gre_tpl_*, gre_bench_*), never anything else.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, file, flag] = process.argv.slice(2);

async function testDatabases(client) {
  const { rows } = await client.query(
    "select datname from pg_database where datname like 'gre\\_t\\_%' or datname like 'gre\\_tpl\\_%' or datname like 'gre\\_bench\\_%' order by 1",
  );
  return rows.map((r) => r.datname);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const now = await testDatabases(client);
  if (command === 'snapshot') {
    writeFileSync(file, JSON.stringify(now));
  } else if (command === 'check') {
    const before = new Set(JSON.parse(readFileSync(file, 'utf8')));
    const left = now.filter((n) => !before.has(n));
    if (left.length === 0) {
      console.log('postgres: no test database left behind');
    } else {
      console.log(`postgres: ${left.length} test database(s) left behind: ${left.join(', ')}`);
      if (flag === '--drop') {
        for (const name of left) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        console.log('postgres: dropped them');
      }
      process.exitCode = 3;
    }
  } else {
    console.error('usage: pg-leftovers.mjs snapshot|check FILE [--drop]');
    process.exitCode = 2;
  }
} finally {
  await client.end();
}
