import { existsSync } from 'node:fs';
import { backupDatabase, openDatabase, restoreDatabase, type BackupHeader } from '@gre/db';
import { loadEnv } from '../../env.js';

/**
 * `npm run backup -- [file]` and `npm run restore -- <file>` on DATABASE_URL, or the embedded database under DATA_DIR
 * like the server (stop `npm start` first: the embedded database admits one process). A backup made on a laptop
 * restores into PostgreSQL and back (packages/db/src/backup.ts, decision 016).
 */
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const summary = (h: BackupHeader) =>
  `${h.tables.reduce((n, t) => n + t.rows, 0)} rows in ${h.tables.length} tables, schema ${h.schema}`;

async function main(): Promise<number> {
  const [command, file, ...rest] = process.argv.slice(2);
  if (rest.length > 0 || (command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.error('usage: npm run backup -- [file]   |   npm run restore -- <file>');
    return 2;
  }
  if (command === 'restore' && !existsSync(file!)) {
    console.error(`no such file: ${file}`);
    return 1;
  }
  const env = loadEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db`,
  });
  const where = env.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${env.DATA_DIR}/db`;
  try {
    if (command === 'backup') {
      const out = file ?? `gre-backup-${stamp()}.jsonl.gz`;
      const header = await backupDatabase(database, out);
      console.log(`backed up ${where} to ${out}: ${summary(header)}`);
    } else {
      const header = await restoreDatabase(database, file!);
      console.log(
        `restored ${file} (taken ${header.created_at} on ${header.database}) into ${where}: ${summary(header)}; migrated to this version`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  // A failed statement's message carries its parameters (whole batches of rows): say what the database said.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  console.error(String(cause instanceof Error ? cause.message : cause).slice(0, 500));
  if (process.argv[2] === 'restore')
    console.error('The target now holds part of the schema: drop it (or empty DATA_DIR) before trying again.');
  process.exitCode = 1;
}
