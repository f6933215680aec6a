import { sessions, users, verificationCodes } from '@gre/db';
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { ManualClock, systemClock } from '../lib/clock.js';
import type { Deps } from '../lib/deps.js';
import { InProcessQueue } from '../lib/job-queue.js';
import { loadEnv } from '../env.js';
import { CLEANUP_JOB, cleanupExpired } from './cleanup.js';
import { ESSAY_SWEEP_JOB } from './essays.js';
import { startJobs } from './index.js';
import { PgBossQueue } from './queue.js';

let t: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.drop());

const hasPgBoss = async () =>
  (await t.database.db.execute<{ n: string | null }>(sql`select to_regnamespace('pgboss')::text as n`)).rows[0]!.n !==
  null;

describe('job queue', () => {
  it('starts pg-boss on first use, and delivers a job on the test database to a handler given the Deps', async () => {
    const queue = new PgBossQueue(t.database, 0.5);
    // Only what a handler reads of them: these Deps are the ones createDeps would attach.
    const deps = { database: t.database, clock: systemClock } as Deps;
    queue.attach(deps);
    try {
      expect(await hasPgBoss()).toBe(false);
      const seen: unknown[] = [];
      await queue.work<{ n: number }>('test.echo', async (data, given) => {
        seen.push({ ...data, deps: given === deps });
      });
      expect(await hasPgBoss()).toBe(true);
      await queue.send('test.echo', { n: 42 });
      for (let i = 0; i < 40 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      expect(seen).toEqual([{ n: 42, deps: true }]);
    } finally {
      await queue.close();
    }
  });

  it('runs a batch side by side; a job that fails is retried alone, the others are not run again', async () => {
    const queue = new PgBossQueue(t.database, 0.5);
    const deps = { database: t.database, clock: systemClock } as Deps;
    queue.attach(deps);
    const runs: number[] = [];
    let running = 0;
    let most = 0;
    try {
      // Sent before the worker starts, so its first fetch takes all three.
      for (const n of [1, 2, 3]) await queue.send('test.batch', { n }, { retryLimit: 1, retryDelay: 0 });
      await queue.work<{ n: number }>(
        'test.batch',
        async ({ n }) => {
          runs.push(n);
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 200));
          running -= 1;
          if (n === 2 && runs.filter((r) => r === 2).length === 1) throw new Error('first run of job 2 fails');
        },
        { batchSize: 3 },
      );
      for (let i = 0; i < 60 && runs.length < 4; i++) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 1500));
      expect([...runs].sort()).toEqual([1, 2, 2, 3]);
      expect(most).toBe(3);
    } finally {
      await queue.close();
    }
  });

  it('cleanup removes only long-expired codes and sessions and is idempotent', async () => {
    const db = t.database.db;
    const [u] = await db.insert(users).values({ name: 'c', passwordHash: 'x', email: 'c@x.io' }).returning();
    await db.insert(verificationCodes).values([
      { target: 'a@x.io', purpose: 'register', codeHash: 'h', expiresAt: sql`now() - interval '2 days'` },
      { target: 'b@x.io', purpose: 'register', codeHash: 'h', expiresAt: sql`now() + interval '5 minutes'` },
    ]);
    await db.insert(sessions).values([
      { tokenHash: 'old', userId: u!.id, expiresAt: sql`now() - interval '40 days'` },
      { tokenHash: 'live', userId: u!.id, expiresAt: sql`now() + interval '10 days'` },
    ]);
    const deps = { database: t.database, clock: systemClock };
    expect(await cleanupExpired(deps)).toEqual({ codes: 1, sessions: 1 });
    expect(await cleanupExpired(deps)).toEqual({ codes: 0, sessions: 0 });
    const left = await db.select({ h: sessions.tokenHash }).from(sessions);
    expect(left.map((r) => r.h)).toEqual(['live']);
  });

  it('runs as the scheduled job on deps.queue, reading the clock of the Deps it is handed', async () => {
    const db = t.database.db;
    const [u] = await db.insert(users).values({ name: 'j', passwordHash: 'x', email: 'j@x.io' }).returning();
    await db.insert(sessions).values({ tokenHash: 'soon', userId: u!.id, expiresAt: sql`now() + interval '10 days'` });
    const queue = new InProcessQueue();
    // 41 days on: the session expired 31 days ago by this clock, though not by the database's.
    const clock = new ManualClock(new Date(Date.now() + 41 * 86_400_000));
    // The same hourly run purges learners' expired exports under DATA_DIR; the start's essay sweep reads its timing.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'gre-cleanup-')) });
    const deps = { database: t.database, clock, queue, env } as unknown as Deps;
    queue.attach(deps);
    await startJobs(deps);
    expect(queue.schedules.get(CLEANUP_JOB)).toEqual({ cron: '17 * * * *' });
    expect(queue.schedules.get(ESSAY_SWEEP_JOB)).toEqual({ cron: '*/5 * * * *' });
    await queue.send(CLEANUP_JOB, {});
    await queue.close();
    expect(queue.failed).toEqual([]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(sql`token_hash = 'soon'`),
    ).toEqual([]);
  });
});
