import { createReadStream, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { userCalls, wordCalls } from '@gre/contracts';
import {
  backupDatabase,
  IncompatibleDataDir,
  openDatabase,
  readBackupHeader,
  restoreDatabase,
  type Database,
} from '@gre/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import { withDatabase } from '../../../test/global-setup.js';
import { dropDatabaseWhenIdle } from '../../../test/pg-admin.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedContent } from '../content-import/index.js';
import { seedDemoAccounts } from '../users/index.js';
import { quietMessaging } from '../../../test/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'gre-backup-'));
const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: pgUrl });
const pgUp = await admin.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (pgUp) await admin.end();
});
let t: TestApp;

/** Each table's rows of a backup, sorted, so two backups compare whatever order the rows were stored in. */
async function rowsByTable(file: string): Promise<Record<string, string[]>> {
  const header = await readBackupHeader(file);
  const out: Record<string, string[]> = {};
  const queue = header.tables.flatMap((tb) => Array<string>(tb.rows).fill(tb.name));
  let i = -1;
  for await (const line of createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  })) {
    if (i >= 0) (out[queue[i]!] ??= []).push(line);
    i += 1;
  }
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' }, quietMessaging());
  await seedContent(t.deps);
  await seedDemoAccounts(t.deps);
  const login = await t.call(userCalls.login, { account: 'vip@demo.gre', password: 'demo1234' });
  await t.call(wordCalls.addWords, { words: ['abate', 'laconic', 'garrulous'] }, { token: login.data.token });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Restores the backup into `target` (empty), backs that up again and checks every table holds the same rows. */
async function roundTrip(target: Database, name: string) {
  const first = join(dir, `${name}-1.jsonl.gz`);
  const second = join(dir, `${name}-2.jsonl.gz`);
  const header = await backupDatabase(t.deps.database, first);
  expect(header.tables.find((x) => x.name === 'questions')!.rows).toBeGreaterThan(1000);
  await restoreDatabase(target, first);
  await backupDatabase(target, second);
  expect(await rowsByTable(second)).toEqual(await rowsByTable(first));
  expect(await countRows(target.db)).toEqual(await countRows(t.deps.database.db));
  // Identity counters moved past the loaded ids: a new row gets a fresh id, not a clash.
  const before = (await target.db.execute<{ m: number }>(`select max(id)::int as m from users`)).rows[0]!.m;
  const inserted = await target.db.execute<{ id: number }>(
    `insert into users (name, email, password_hash) values ('新学员', 'new-after-restore@example.com', 'x') returning id::int as id`,
  );
  expect(inserted.rows[0]!.id).toBeGreaterThan(before);
}

describe('backup and restore', () => {
  it('round-trips every table into an empty embedded database', async () => {
    const target = await openDatabase();
    try {
      await roundTrip(target, 'pglite');
    } finally {
      await target.close();
    }
  }, 120_000);

  // The way from a laptop to a server. CI always has PostgreSQL; a laptop without it reports this as skipped.
  it.runIf(pgUp || process.env.CI === 'true')(
    'round-trips into an empty PostgreSQL database',
    async () => {
      const name = `gre_restore_${process.pid}_${Date.now() % 100000}`;
      await admin.query(`create database ${name}`);
      const target = await openDatabase({ url: withDatabase(pgUrl, name), poolSize: 2 });
      try {
        await roundTrip(target, 'postgres');
      } finally {
        await target.close();
        await dropDatabaseWhenIdle(admin, name);
      }
    },
    120_000,
  );

  it('refuses a target that already holds tables, and a file that is not a backup', async () => {
    const file = join(dir, 'refuse.jsonl.gz');
    await backupDatabase(t.deps.database, file);
    await expect(restoreDatabase(t.deps.database, file)).rejects.toThrow('not empty');
    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'hello');
    await expect(readBackupHeader(junk)).rejects.toThrow();
  }, 60_000);
});

describe('an embedded data directory from another PostgreSQL', () => {
  it('is refused with a way forward, untouched', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gre-olddir-'));
    try {
      writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
      const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IncompatibleDataDir);
      expect((err as Error).message).toMatch(
        /written by PostgreSQL 17.*runs PostgreSQL \d+.*npm run backup.*npm run restore/s,
      );
      expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
