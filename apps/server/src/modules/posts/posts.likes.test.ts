import { commentLikes, comments } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commented,
  discussant,
  postsTestApp,
  publicTopics,
  type Discussant,
  type PostsTestApp,
} from './posts.fixtures.js';

// post/like: once per learner, the count moved only by a like row that was written or deleted — twice in a row and
// twenty at once alike.

let t: PostsTestApp;
let topic: number;
let author: Discussant;

beforeAll(async () => {
  t = await postsTestApp();
  [topic] = (await publicTopics(t.deps.database.db, 1)) as [number];
  author = await discussant(t);
});
afterAll(() => t.close());

async function stored(id: number): Promise<{ count: number; rows: number }> {
  const db = t.deps.database.db;
  const [row] = await db.select({ n: comments.likeCount }).from(comments).where(eq(comments.id, id));
  const likes = await db.select().from(commentLikes).where(eq(commentLikes.commentId, id));
  return { count: row!.n, rows: likes.length };
}

describe('likes', () => {
  it('a second like and a second unlike change nothing', async () => {
    const id = await commented(author, topic, '点赞我');
    const fan = await discussant(t);
    expect((await fan.like(id)).data).toEqual({ like_count: 1, liked: true });
    expect((await fan.like(id)).data).toEqual({ like_count: 1, liked: true });
    expect(await stored(id)).toEqual({ count: 1, rows: 1 });
    expect((await fan.like(id, false)).data).toEqual({ like_count: 0, liked: false });
    expect((await fan.like(id, false)).data).toEqual({ like_count: 0, liked: false });
    expect(await stored(id)).toEqual({ count: 0, rows: 0 });
    // One's own comment may be liked too, once.
    expect((await author.like(id)).data.like_count).toBe(1);
  });

  it('twenty parallel likes from one learner count once; from twenty learners, twenty', async () => {
    const id = await commented(author, topic, '并发');
    const fan = await discussant(t);
    const same = await Promise.all(Array.from({ length: 20 }, () => fan.like(id)));
    expect(same.every((r) => r.ok && r.data.liked)).toBe(true);
    expect(await stored(id)).toEqual({ count: 1, rows: 1 });

    const fans = await Promise.all(Array.from({ length: 20 }, () => discussant(t)));
    const many = await Promise.all(fans.map((f) => f.like(id)));
    expect(many.every((r) => r.ok)).toBe(true);
    expect(await stored(id)).toEqual({ count: 21, rows: 21 });
    expect(Math.max(...many.map((r) => r.data.like_count))).toBe(21);

    // Likes and unlikes mixed, in parallel, several times over each: the count is the rows.
    const mixed = await Promise.all(fans.flatMap((f, i) => [f.like(id, i % 2 === 0), f.like(id, i % 2 === 0)]));
    expect(mixed.every((r) => r.ok)).toBe(true);
    expect(await stored(id)).toEqual({ count: 11, rows: 11 });
    const viewer = (await fans[0]!.get(topic)).data.root_comment.replies.find((c) => c.id === id)!;
    expect(viewer).toMatchObject({ like_count: 11, liked: true });
    expect((await fans[1]!.get(topic)).data.root_comment.replies.find((c) => c.id === id)!.liked).toBe(false);
  });

  it('only a comment everyone sees can be liked', async () => {
    const op = await discussant(t, { isOperator: true });
    const fan = await discussant(t);
    await op.setKeywords(['等待']);
    const waiting = await commented(author, topic, '等待审核');
    // Others do not see it; its author sees it but cannot like what is not shown.
    expect((await fan.like(waiting)).err?.kind).toBe('not_found');
    expect((await author.like(waiting)).err?.kind).toBe('conflict');
    await op.setKeywords([]);
    const gone = await commented(author, topic, '要被删除');
    await commented(fan, topic, '回复', { parent_id: gone });
    expect((await op.takeDown(gone)).err).toBeNull();
    // Still in the thread as a placeholder, but not likeable.
    expect((await fan.like(gone)).err?.kind).toBe('conflict');
    expect((await fan.like(99_999_999)).err?.kind).toBe('not_found');
    expect(await stored(waiting)).toEqual({ count: 0, rows: 0 });
    expect(await stored(gone)).toEqual({ count: 0, rows: 0 });
  });
});
