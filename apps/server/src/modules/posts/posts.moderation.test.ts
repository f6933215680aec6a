import { postCalls } from '@gre/contracts';
import { comments, posts } from '@gre/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseKeywords } from './moderation.service.js';
import {
  commented,
  discussant,
  postsTestApp,
  questionsWith,
  type Discussant,
  type PostsTestApp,
} from './posts.fixtures.js';

// The operators' calls — the queue, review, removal, the keyword list — and the rule every one of them keeps: the
// counts the thread shows are exactly what its rows say.

let t: PostsTestApp;
let topics: number[];
let op: Discussant;
let learner: Discussant;

beforeAll(async () => {
  t = await postsTestApp();
  topics = (await questionsWith(t.deps.database.db, 'public', 40)).map((q) => q.topicId);
  op = await discussant(t, { isOperator: true, name: '运营' });
  learner = await discussant(t, { name: '学员' });
});
afterAll(() => t.close());

const OPERATOR_CALLS = [
  [postCalls.reviewQueue, {}],
  [postCalls.review, { id: 1, decision: 'approve' }],
  [postCalls.review, { id: 1, decision: 'reject', reason: '不行' }],
  [postCalls.remove, { id: 1, reason: '不行' }],
  [postCalls.getKeywords, {}],
  [postCalls.setKeywords, { words: ['x'] }],
] as const;

describe('operator calls', () => {
  it('are refused to learners (403) and to callers without a login (401)', async () => {
    for (const [call, body] of OPERATOR_CALLS) {
      const res = await t.call(call, body, { token: learner.token });
      expect(res.status, call.path).toBe(403);
      expect(res.err?.kind).toBe('forbidden');
      expect((await t.call(call, body)).status).toBe(401);
    }
    const admin = await discussant(t, { isAdmin: true });
    expect((await admin.queue()).err).toBeNull();
  });

  it('keywords: trimmed, lower case, each once; a blank one is refused', async () => {
    expect((await op.setKeywords([' Spam ', 'SPAM', '广告', 'spam'])).data.words).toEqual(['spam', '广告']);
    expect((await op.keywords()).data.words).toEqual(['spam', '广告']);
    const blank = await op.setKeywords(['  ']);
    expect(blank.err?.kind).toBe('invalid_input');
    expect((await op.keywords()).data.words).toEqual(['spam', '广告']);
    expect((await op.setKeywords([])).data.words).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '')), (words) => {
        const out = normaliseKeywords(words);
        expect(new Set(out).size).toBe(out.length);
        for (const w of out) expect(w).toBe(w.trim().toLowerCase());
        for (const w of words) expect(out).toContain(w.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 40));
      }),
    );
  });

  it('the queue lists held comments oldest first with their real authors, matched words and place', async () => {
    const topic = topics.pop()!;
    await op.setKeywords(['spam']);
    const first = await commented(learner, topic, 'SPAM one', { anonymous: true });
    const second = await commented(learner, topic, 'spam two');
    await commented(learner, topic, 'fine');
    const queue = (await op.queue({ page_size: 50 })).data;
    const mine = queue.comments.filter((q) => q.topic_id === topic);
    expect(mine.map((q) => q.comment.id)).toEqual([first, second]);
    expect(mine[0]).toMatchObject({
      author: { id: learner.id, nick_name: '学员' },
      matched: ['spam'],
      comment: { anonymous: true, user_id: learner.id, review_status: 'Uploading' },
    });
    expect(mine[0]!.question_id).toMatch(/^q/);
    expect(queue.page_control.total).toBeGreaterThanOrEqual(2);
    await op.setKeywords([]);
  });

  it('review: approve shows and counts; reject keeps it from others with its reason; a second decision is conflict', async () => {
    const topic = topics.pop()!;
    await op.setKeywords(['spam']);
    const a = await commented(learner, topic, 'spam a');
    const b = await commented(learner, topic, 'spam b');
    expect((await learner.get(topic)).data.comment_count).toBe(0);
    const approved = await op.approve(a);
    expect(approved.data).toMatchObject({ id: a, review_status: 'Reviewed' });
    const rejected = await op.reject(b, '广告');
    expect(rejected.data).toMatchObject({ review_status: 'Rejected', reject_reason: '广告' });
    for (const again of [op.approve(a), op.reject(a), op.approve(b), op.reject(b)]) {
      const res = await again;
      expect(res.status).toBe(409);
      expect(res.err?.kind).toBe('conflict');
    }
    expect((await op.approve(99_999_999)).err?.kind).toBe('not_found');
    const reader = await discussant(t);
    const seen = (await reader.get(topic)).data;
    expect(seen.comment_count).toBe(1);
    expect(seen.root_comment.replies.map((c) => c.id)).toEqual([a]);
    // A removed waiting comment is not decided any more.
    const c = await commented(learner, topic, 'spam c');
    expect((await learner.remove(c)).err).toBeNull();
    expect((await op.approve(c)).err?.kind).toBe('conflict');
    expect((await op.queue({ page_size: 50 })).data.comments.map((q) => q.comment.id)).not.toContain(c);
    await op.setKeywords([]);
  });

  it('remove: any comment, with a reason, once', async () => {
    const topic = topics.pop()!;
    const id = await commented(learner, topic, '不当言论');
    expect((await op.takeDown(id)).data).toEqual({ done: true });
    expect((await op.takeDown(id)).err?.kind).toBe('conflict');
    expect((await op.takeDown(99_999_999)).err?.kind).toBe('not_found');
    const [row] = await t.deps.database.db.select().from(comments).where(eq(comments.id, id));
    expect(row).toMatchObject({ removedBy: op.id, removeReason: '违反社区规则' });
    expect((await learner.get(topic)).data.comment_count).toBe(0);
  });
});

type Op =
  | { k: 'post'; by: number; parent: number | null; held: boolean }
  | { k: 'approve' | 'reject' | 'delete' | 'remove'; i: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('post' as const),
      by: fc.nat(2),
      // Mostly a reply to one of the latest comments, so threads grow deep; a quarter held for review.
      parent: fc.option(fc.nat(3), { freq: 5 }),
      held: fc.nat(3).map((n) => n === 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('approve' as const, 'reject' as const), i: fc.nat(40) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('delete' as const, 'remove' as const), i: fc.nat(40) }) },
);

/** The counts a thread's rows call for, worked out from nothing but the rows (see comment-changes.ts). */
async function expectedCounts(topic: number) {
  const rows = await t.deps.database.db.select().from(comments).where(eq(comments.topicId, topic));
  const children = new Map<number, typeof rows>();
  for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const replies = new Map<number, number>();
  const shownReplies = (id: number): number => {
    if (!replies.has(id)) replies.set(id, (children.get(id) ?? []).filter((c) => shown(c)).length);
    return replies.get(id)!;
  };
  const shown = (c: (typeof rows)[number]): boolean =>
    c.reviewStatus === 'Reviewed' && (c.removedAt === null || shownReplies(c.id) > 0);
  return {
    commentCount: rows.filter((r) => r.reviewStatus === 'Reviewed' && r.removedAt === null).length,
    replyCounts: new Map(rows.map((r) => [r.id, shownReplies(r.id)])),
    stored: new Map(rows.map((r) => [r.id, r.replyCount])),
  };
}

describe('counts', () => {
  it('a placeholder that loses its last reply leaves the thread, and comes back when a held reply under it is approved', async () => {
    const topic = topics.pop()!;
    const other = await discussant(t);
    const replyCountOf = async (id: number) =>
      (await t.deps.database.db.select().from(comments).where(eq(comments.id, id)))[0]!.replyCount;
    const root = await commented(learner, topic, '根');
    const middle = await commented(other, topic, '中间', { parent_id: root });
    const leaf = await commented(learner, topic, '叶子', { parent_id: middle });
    expect((await op.takeDown(middle)).err).toBeNull();
    expect(await replyCountOf(root)).toBe(1);
    expect((await learner.remove(leaf)).err).toBeNull();
    expect([await replyCountOf(middle), await replyCountOf(root)]).toEqual([0, 0]);
    const seen = (await other.get(topic)).data.root_comment.replies;
    expect(seen.map((c) => [c.id, c.reply_count, c.replies.length])).toEqual([[root, 0, 0]]);

    await op.setKeywords(['holdme']);
    const second = await commented(other, topic, '第二个', { parent_id: root });
    const held = await commented(learner, topic, 'holdme', { parent_id: second });
    expect((await op.takeDown(second)).err).toBeNull();
    expect(await replyCountOf(root)).toBe(0);
    expect((await op.approve(held)).err).toBeNull();
    expect([await replyCountOf(second), await replyCountOf(root)]).toEqual([1, 1]);
    const back = (await other.get(topic)).data.root_comment.replies[0]!;
    expect(back.replies.map((c) => [c.id, c.removed, c.replies.map((r) => r.id)])).toEqual([[second, true, [held]]]);
    await op.setKeywords([]);
  });

  it('replies, approvals and removals in one thread at once keep the counts exact, with no 500', async () => {
    const topic = topics.pop()!;
    const people = await Promise.all(Array.from({ length: 6 }, () => discussant(t)));
    await op.setKeywords(['holdme']);
    const root = await commented(await discussant(t), topic, '根');
    const mids = await Promise.all(people.map((p) => commented(p, topic, '中', { parent_id: root })));
    const held = await Promise.all(people.map((p, i) => commented(p, topic, 'holdme', { parent_id: mids[i] })));
    const results = await Promise.all([
      ...people.map((p, i) => p.comment(topic, '又一条', { parent_id: mids[(i + 1) % mids.length] })),
      ...held.map((id) => op.approve(id)),
      ...mids.map((id, i) => (i % 2 === 0 ? op.takeDown(id) : people[i]!.remove(id))),
      ...people.map((p) => p.comment(topic, '回复根', { parent_id: root })),
    ]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    const want = await expectedCounts(topic);
    expect(want.stored).toEqual(want.replyCounts);
    expect((await learner.get(topic)).data.comment_count).toBe(want.commentCount);
    await op.setKeywords([]);
  });

  it('comment_count and every reply_count stay exact under any sequence of posts, reviews and removals', async () => {
    const people = [learner, await discussant(t), await discussant(t)];
    await op.setKeywords(['holdme']);
    // Threads are reused in turn (shrinking runs more sequences than there are questions): the rule holds for whatever
    // rows a thread has, however they came.
    const threads = topics.splice(0, 20);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        const topic = threads[run++ % threads.length]!;
        const made: { id: number; by: Discussant }[] = [];
        for (const o of ops) {
          for (const p of people) await t.deps.limiter.reset(`comment:minute:${p.id}`);
          let res: { status: number } | null = null;
          if (o.k === 'post') {
            const parent =
              o.parent === null || made.length === 0 ? null : made[made.length - 1 - (o.parent % made.length)]!.id;
            const by = people[o.by]!;
            const r = await by.comment(topic, o.held ? '<p>holdme</p>' : '<p>好</p>', { parent_id: parent });
            if (r.ok) made.push({ id: r.data.id, by });
            res = r;
          } else if (made.length > 0) {
            const target = made[o.i % made.length]!;
            res =
              o.k === 'approve'
                ? await op.approve(target.id)
                : o.k === 'reject'
                  ? await op.reject(target.id)
                  : o.k === 'delete'
                    ? await target.by.remove(target.id)
                    : await op.takeDown(target.id);
          }
          if (res) expect(res.status).toBeLessThan(500);
        }
        const want = await expectedCounts(topic);
        const [post] = await t.deps.database.db.select().from(posts).where(eq(posts.topicId, topic));
        expect(post?.commentCount ?? 0).toBe(want.commentCount);
        expect(want.stored).toEqual(want.replyCounts);
        expect((await people[0]!.get(topic)).data.comment_count).toBe(want.commentCount);
      }),
      { numRuns: 30 },
    );
    await op.setKeywords([]);
  });
});
