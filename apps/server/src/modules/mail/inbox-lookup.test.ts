import { mailCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { rawQuery } from '../../lib/raw-query.js';
import { deliverMails } from './index.js';
import { sql } from 'drizzle-orm';

// The inbox read batched across concurrent requests (inbox-lookup.ts) answers each learner exactly as the
// statement of one learner does; FAST_PATHS=off reads every inbox alone.

vi.mock('../../lib/raw-query.js', { spy: true });
const raw = vi.mocked(rawQuery);
const named = (name: string) => raw.mock.calls.filter(([, q]) => q.name === name).length;

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp(), createTestApp({ FAST_PATHS: 'off' })]);
});
afterAll(() => Promise.all([on?.close(), off?.close()]));

/** Three learners: one with mails of every race, one with reminders only, one with none. */
async function learners(t: TestApp): Promise<TestUser[]> {
  const [a, b, c] = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
  const mail = (userId: number, race: 'remind' | 'notice' | 'chat', i: number) => ({
    userId,
    race,
    subject: `${race} ${i}`,
    content: '',
    link: null,
  });
  await deliverMails(t.deps, [
    ...Array.from({ length: 8 }, (_, i) => mail(a.user.id, 'remind', i)),
    ...Array.from({ length: 3 }, (_, i) => mail(a.user.id, 'notice', i)),
    ...Array.from({ length: 2 }, (_, i) => mail(a.user.id, 'chat', i)),
    ...Array.from({ length: 2 }, (_, i) => mail(b.user.id, 'remind', i)),
  ]);
  return [a, b, c];
}

describe('the inbox read', () => {
  it.each([
    ['on', () => on, 'mail_inboxes'],
    ['off', () => off, 'mail_inbox'],
  ] as const)(
    'FAST_PATHS=%s: thirty concurrent reads answer each learner as one read alone does',
    async (_m, app, statement) => {
      const t = app();
      const users = await learners(t);
      const alone = await Promise.all(
        users.map(async (u) => (await t.call(mailCalls.inboxGet, {}, { token: u.token })).data),
      );
      expect(alone.map((d) => [d.remind.mails.length, d.remind.has_more, d.notice.unread, d.unread_count])).toEqual([
        [5, true, 3, 13],
        [2, false, 0, 2],
        [0, false, 0, 0],
      ]);
      raw.mockClear();
      const together = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const u = users[i % 3]!;
          return { i, data: (await t.call(mailCalls.inboxGet, {}, { token: u.token })).data };
        }),
      );
      for (const { i, data } of together) expect(data).toEqual(alone[i % 3]);
      // Straight to the look-up with a revision newer than any kept copy, thirty reads queue behind the first few:
      // batched, they share statements.
      const rows = await Promise.all(
        Array.from({ length: 30 }, (_, i) => t.deps.fast.inbox.read(users[i % 3]!.user.id, Number.MAX_SAFE_INTEGER)),
      );
      for (const [i, r] of rows.entries()) expect(r).toEqual(rows[i % 3]);
      expect(rows[0]!.filter((r) => r.part === 'remind')).toHaveLength(6);
      expect(rows[2]!.filter((r) => r.part !== 'rev')).toEqual([]);
      if (statement === 'mail_inboxes') {
        expect(named('mail_inboxes')).toBeGreaterThan(0);
        expect(named('mail_inboxes') + named('mail_inbox')).toBeLessThan(60);
      } else {
        expect(named('mail_inbox')).toBe(60);
        expect(named('mail_inboxes')).toBe(0);
      }
    },
  );
});

describe('the inbox kept in memory', () => {
  const inbox = async (t: TestApp, u: TestUser) => (await t.call(mailCalls.inboxGet, {}, { token: u.token })).data;

  it("answers again from memory until a write to that user's mails, by any path, counts up mail_rev", async () => {
    const [a, b] = (await learners(on)) as [TestUser, TestUser, TestUser];
    const first = await inbox(on, a);
    raw.mockClear();
    expect(await inbox(on, a)).toEqual(first);
    expect(named('mail_inbox') + named('mail_inboxes')).toBe(0);

    // mark_read through the API: read again, the unread count has moved.
    const id = first.notice.mails[0]!.id;
    await on.call(mailCalls.inboxMarkRead, { ids: [id] }, { token: a.token });
    const afterMark = await inbox(on, a);
    expect(afterMark.notice.unread).toBe(first.notice.unread - 1);
    expect(afterMark.unread_count).toBe(first.unread_count - 1);
    expect(named('mail_inbox') + named('mail_inboxes')).toBe(1);

    // A write straight in SQL (another server of the cluster, a job) is seen as well.
    await on.deps.database.db.execute(
      sql`insert into mails (user_id, race, subject, link) values (${a.user.id}, 'remind', '新的提醒', '/home')`,
    );
    const afterInsert = await inbox(on, a);
    expect(afterInsert.remind.mails[0]!.subject).toBe('新的提醒');
    expect(afterInsert.unread_count).toBe(afterMark.unread_count + 1);

    // Another learner's write leaves this copy alone, and theirs is their own.
    raw.mockClear();
    await deliverMails(on.deps, [{ userId: b.user.id, race: 'chat', subject: '回复', content: '', link: null }]);
    expect(await inbox(on, a)).toEqual(afterInsert);
    expect(named('mail_inbox') + named('mail_inboxes')).toBe(0);
    expect((await inbox(on, b)).unread_count).toBe(3);
  });
});
