import { mailCalls, NOTICE_TOKEN_LENGTH } from '@gre/contracts';
import { mails } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { deliverMails } from './index.js';
import { insertNotice } from './notices.repository.js';
import { deliverNoticeBatch, noticeToken } from './notices.service.js';

let t: TestApp;
let operator: TestUser;
let audience: number[];

beforeAll(async () => {
  t = await createTestApp();
  operator = await createUser(t.deps, { isOperator: true });
  const made = await t.deps.database.db.execute<{ id: number }>(sql`
    insert into users (name, password_hash) select '学员' || g, 'not-a-hash' from generate_series(1, 60) g
    returning id::float8 as id`);
  audience = made.rows.map((r) => Number(r.id));
});
afterAll(() => t.close());

describe('notice tokens', () => {
  it('are 43 base64url characters, and differ for every other user, notice or key', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 32, maxLength: 64 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1000 }),
        (key, userId, noticeId, shift) => {
          const token = noticeToken(key, userId, noticeId);
          expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${NOTICE_TOKEN_LENGTH}}$`));
          expect(noticeToken(key, userId, noticeId)).toBe(token);
          expect(noticeToken(key, userId + shift, noticeId)).not.toBe(token);
          expect(noticeToken(key, userId, noticeId + shift)).not.toBe(token);
          expect(noticeToken(`${key}x`, userId, noticeId)).not.toBe(token);
        },
      ),
    );
  });
});

describe('the fan-out', () => {
  it('gives each user of the audience one copy whatever the batch size and however batches are replayed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 70 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        fc.subarray(audience, { minLength: 1 }),
        async (size, replays, named) => {
          const notice = await insertNotice(t.deps.database.db, {
            subject: '通知',
            content: 'c',
            audience: { kind: 'users', user_ids: named },
            createdBy: operator.user.id,
          });
          // Walk the batches; after the batches listed in `replays`, run the same batch again (a retried job).
          const starts: number[] = [];
          for (let after: number | null = 0, i = 0; after !== null; i++) {
            starts.push(after);
            const { next } = await deliverNoticeBatch(t.deps, notice.id, after, size);
            if (replays.includes(i)) await deliverNoticeBatch(t.deps, notice.id, after, size);
            after = next;
          }
          const copies = await t.deps.database.db
            .select({ userId: mails.userId })
            .from(mails)
            .where(eq(mails.noticeId, notice.id));
          expect(copies.map((c) => c.userId).sort((a, b) => a - b)).toEqual([...named].sort((a, b) => a - b));
          const listed = await t.call(mailCalls.notices, { page_size: 1 }, { token: operator.token });
          expect(listed.data.notices[0]).toMatchObject({ id: notice.id, delivered: named.length, status: 'Done' });
          expect(starts.length).toBe(Math.floor(named.length / size) + 1);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('mark_read', () => {
  it('moves exactly the caller’s own unread mails among the ids given, whatever else the list holds', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const seed = async (u: TestUser) => {
      await deliverMails(
        t.deps,
        Array.from({ length: 8 }, (_, i) => ({
          userId: u.user.id,
          race: 'chat' as const,
          subject: `s${i}`,
          content: '',
          link: null,
        })),
      );
      return (await t.deps.database.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, u.user.id))).map(
        (m) => m.id,
      );
    };
    const [own, others] = [await seed(a), await seed(b)];
    await fc.assert(
      fc.asyncProperty(fc.subarray(own), fc.subarray(others), fc.subarray(own), async (unread, theirs, asked) => {
        await t.deps.database.db.execute(sql`
          update mails set status = case when id = any(${`{${unread.join(',')}}`}::bigint[]) then 'Inbox' else 'Read' end
          where user_id = ${a.user.id}::bigint`);
        const ids = [...asked, ...theirs];
        if (ids.length === 0) return;
        const r = await t.call(mailCalls.inboxMarkRead, { ids }, { token: a.token });
        const moved = asked.filter((id) => unread.includes(id)).length;
        expect(r.data).toEqual({ updated: moved, unread_count: unread.length - moved });
        expect((await t.call(mailCalls.inboxGet, {}, { token: b.token })).data.unread_count).toBe(8);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
