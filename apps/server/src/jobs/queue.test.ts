import { sessions, users, verificationCodes } from '@gre/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { cleanupExpired } from './cleanup.js';
import { startQueue } from './queue.js';

let t: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.drop());

describe('job queue', () => {
  it('delivers a job on the test database', async () => {
    const boss = await startQueue(t.database);
    try {
      await boss.createQueue('test.echo');
      const seen: unknown[] = [];
      await boss.work('test.echo', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        seen.push(job!.data);
      });
      await boss.send('test.echo', { n: 42 });
      for (let i = 0; i < 40 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      expect(seen).toEqual([{ n: 42 }]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
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
    expect(await cleanupExpired(db)).toEqual({ codes: 1, sessions: 1 });
    expect(await cleanupExpired(db)).toEqual({ codes: 0, sessions: 0 });
    const left = await db.select({ h: sessions.tokenHash }).from(sessions);
    expect(left.map((r) => r.h)).toEqual(['live']);
  });
});
