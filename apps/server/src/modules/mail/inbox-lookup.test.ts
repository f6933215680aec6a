import { mailCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { rawQuery } from '../../lib/raw-query.js';
import { deliverMails } from './index.js';

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
      // Straight to the look-up, thirty reads queue behind the first few: batched, they share statements.
      const rows = await Promise.all(
        Array.from({ length: 30 }, (_, i) => t.deps.fast.inbox.read(users[i % 3]!.user.id)),
      );
      for (const [i, r] of rows.entries()) expect(r).toEqual(rows[i % 3]);
      expect(rows[0]!.filter((r) => r.part === 'remind')).toHaveLength(6);
      expect(rows[2]).toEqual([]);
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
