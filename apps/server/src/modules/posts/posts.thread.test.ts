import { postCalls, REPLIES_SHOWN, type Comment } from '@gre/contracts';
import { posts } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAndGet, learnerClient } from '../../../test/fixtures.js';
import {
  commented,
  discussant,
  postsTestApp,
  publicTopics,
  questionsWith,
  topicOf,
  type Discussant,
  type PostsTestApp,
} from './posts.fixtures.js';

// post/get and post/replies: who may open a thread, what of it each viewer sees, and its shape.

let t: PostsTestApp;
/** Threads of public questions; each describe takes its own. */
let topics: number[];
let topic: number;
let alice: Discussant;
let bob: Discussant;
let staff: Discussant;

beforeAll(async () => {
  t = await postsTestApp();
  topics = await publicTopics(t.deps.database.db, 6);
  topic = topics[0]!;
  alice = await discussant(t, { name: '爱丽丝' });
  bob = await discussant(t, { name: '鲍勃' });
  staff = await discussant(t, { isOperator: true, name: '运营' });
});
afterAll(() => t.close());

const ids = (list: Comment[]) => list.map((c) => c.id);

describe('opening a thread', () => {
  it('makes the post row on first open, once, and names the question', async () => {
    const [, q] = await questionsWith(t.deps.database.db, 'public', 2);
    const before = await t.deps.database.db.select().from(posts).where(eq(posts.topicId, q!.topicId));
    expect(before).toHaveLength(0);
    const [a, b] = await Promise.all([alice.get(q!.topicId), bob.get(q!.topicId)]);
    expect(a.err).toBeNull();
    expect(b.err).toBeNull();
    const after = await t.deps.database.db.select().from(posts).where(eq(posts.topicId, q!.topicId));
    expect(after).toHaveLength(1);
    expect(after[0]!.questionId).toBe(q!.id);
    expect(a.data).toMatchObject({ topic_id: q!.topicId, comment_count: 0, subscribed: false });
    expect(a.data.root_comment).toEqual({ replies: [], has_more: false });
    expect(a.data.subject.title.length).toBeGreaterThan(0);
    expect(a.data.subject.detail).not.toMatch(/\{\{\d\}\}|<[a-z]/);
  });

  it('an unknown topic, a hidden question and a locked one below its tier are refused as the bank refuses them', async () => {
    expect((await alice.get(987_654_321)).err?.kind).toBe('not_found');
    const [hidden] = await questionsWith(t.deps.database.db, 'hidden');
    const [locked] = await questionsWith(t.deps.database.db, 'locked');
    const trial = await discussant(t, { roleKind: 'Trail' });
    if (hidden) {
      expect((await alice.get(hidden.topicId)).status).toBe(404);
      expect((await staff.get(hidden.topicId)).err).toBeNull();
    }
    expect(locked).toBeDefined();
    const refused = await trial.get(locked!.topicId);
    expect(refused.status).toBe(403);
    expect(refused.err?.kind).toBe('public_only');
    expect((await trial.comment(locked!.topicId, 'hi')).err?.kind).toBe('public_only');
    expect((await alice.get(locked!.topicId)).err).toBeNull();
  });

  it('needs a login', async () => {
    const res = await t.call(postCalls.get, { topic_id: topic });
    expect(res.status).toBe(401);
  });

  it('is closed while the question is in a section of the learner’s running exam, and opens once it is submitted', async () => {
    const me = await discussant(t);
    const examiner = learnerClient(t, me.token, me.id);
    const exam = await createAndGet(examiner, { source: 'book', book_id: 'b-pick-reading-easy-1' });
    const first = exam.sections[0]!.items[0]!.question.id;
    const held = await topicOf(t.deps.database.db, first);
    expect((await me.get(held)).err).toBeNull(); // created, not started: nothing held yet
    const started = await examiner.start(exam.id, exam.revision);
    expect(started.err).toBeNull();
    for (const call of [() => me.get(held), () => me.comment(held, '答案是 C'), () => me.subscribe(held)]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.err?.kind).toBe('forbidden');
      expect(res.err?.show).toContain('考试');
    }
    // A comment of the thread cannot be reached around the thread either.
    const other = await commented(bob, held, '我选 C');
    expect((await me.replies(other)).err?.kind).toBe('forbidden');
    expect((await me.like(other)).err?.kind).toBe('forbidden');
    // Others are not held by this learner's exam.
    expect((await bob.get(held)).err).toBeNull();
    let rev = started.data.revision;
    const count = exam.sections[0]!.items.length;
    for (let q = 0; q < count; q++) rev = (await examiner.move(exam.id, rev, 0, q)).data.revision;
    expect((await examiner.finish(exam.id, rev, 0)).err).toBeNull();
    expect((await me.get(held)).err).toBeNull();
  });
});

describe('what each viewer sees', () => {
  let shown: number;
  let pending: number;
  let rejected: number;
  let anonymous: number;

  beforeAll(async () => {
    expect((await staff.setKeywords(['广告'])).err).toBeNull();
    shown = await commented(alice, topic, '<p>先看转折词</p>');
    pending = await commented(alice, topic, '<p>加我微信看广告</p>');
    rejected = await commented(alice, topic, '<p>更多广告</p>');
    expect((await staff.reject(rejected, '广告内容')).err).toBeNull();
    anonymous = await commented(bob, topic, '<p>我不确定</p>', { anonymous: true });
  });
  afterAll(() => staff.setKeywords([]));

  it("another learner's waiting or rejected comment is invisible; its author sees it with the reason", async () => {
    const forBob = (await bob.get(topic)).data.root_comment.replies;
    expect(ids(forBob)).toContain(shown);
    expect(ids(forBob)).not.toContain(pending);
    expect(ids(forBob)).not.toContain(rejected);
    const forAlice = (await alice.get(topic)).data.root_comment.replies;
    const mine = new Map(forAlice.map((c) => [c.id, c]));
    expect(mine.get(pending)).toMatchObject({ review_status: 'Uploading', mine: true });
    expect(mine.get(rejected)).toMatchObject({ review_status: 'Rejected', reject_reason: '广告内容' });
    expect((await bob.replies(pending)).err?.kind).toBe('not_found');
    // Staff see the queue, not other learners' pending comments in the thread.
    expect(ids((await staff.get(topic)).data.root_comment.replies)).not.toContain(pending);
  });

  it("the author sees their own waiting reply under another learner's comment; others do not", async () => {
    const held = await commented(alice, topic, '<p>回复里也有广告</p>', { parent_id: anonymous });
    const under = async (who: typeof alice) =>
      (await who.get(topic)).data.root_comment.replies.find((c) => c.id === anonymous)!.replies;
    expect(await under(alice)).toEqual([expect.objectContaining({ id: held, review_status: 'Uploading', mine: true })]);
    expect(await under(bob)).toEqual([]);
  });

  it('an anonymous author is hidden from other learners and known to its author and to staff', async () => {
    const find = async (who: Discussant) =>
      (await who.get(topic)).data.root_comment.replies.find((c) => c.id === anonymous)!;
    expect(await find(alice)).toMatchObject({ user_id: null, nick_name: '匿名用户', anonymous: true, mine: false });
    expect(await find(bob)).toMatchObject({ user_id: bob.id, nick_name: '鲍勃', mine: true });
    expect(await find(staff)).toMatchObject({ user_id: bob.id, nick_name: '鲍勃' });
    const raw = JSON.stringify((await alice.get(topic)).data);
    expect(raw).not.toContain('鲍勃');
  });

  it('comment_count counts the reviewed comments everyone sees', async () => {
    const visible = (await bob.get(topic)).data;
    expect(visible.comment_count).toBe(visible.root_comment.replies.length);
  });
});

describe('nesting, sorting and paging', () => {
  let thread: number;
  let root: number;

  beforeAll(async () => {
    // Fresh learners: each has a budget of comments a minute.
    alice = await discussant(t, { name: '爱丽丝' });
    bob = await discussant(t, { name: '鲍勃' });
    thread = topics[2]!;
    root = await commented(alice, thread, '根评论');
    // Five replies under the root, the first with five of its own, and one more level under that.
    const level2: number[] = [];
    for (let i = 0; i < 5; i++) level2.push(await commented(bob, thread, `回复 ${i}`, { parent_id: root }));
    const level3: number[] = [];
    const carol = await discussant(t);
    for (let i = 0; i < 5; i++)
      level3.push(await commented(carol, thread, `回复的回复 ${i}`, { parent_id: level2[0] }));
    await commented(bob, thread, '第四层', { parent_id: level3[0] });
  });

  it('shows two levels of first replies, oldest first, and the rest through post/replies', async () => {
    const got = (await bob.get(thread)).data;
    const top = got.root_comment.replies.find((c) => c.id === root)!;
    expect(top.kind).toBe('comment');
    expect(top.reply_count).toBe(5);
    expect(top.replies).toHaveLength(REPLIES_SHOWN);
    expect(top.replies.map((r) => r.content)).toEqual(['回复 0', '回复 1', '回复 2']);
    const first = top.replies[0]!;
    expect(first).toMatchObject({ kind: 'reply', parent_id: root, reply_count: 5 });
    expect(first.replies).toHaveLength(REPLIES_SHOWN);
    // The third level is listed, its own replies are not: "more" goes through post/replies.
    expect(first.replies[0]!.reply_count).toBe(1);
    expect(first.replies[0]!.replies).toEqual([]);
    const deeper = await bob.replies(first.replies[0]!.id);
    expect(deeper.data.replies.map((r) => r.content)).toEqual(['第四层']);

    const page1 = (await bob.replies(root, { page_size: 2 })).data;
    expect(page1.replies.map((r) => r.content)).toEqual(['回复 0', '回复 1']);
    expect(page1.has_more).toBe(true);
    expect(page1.replies[0]!.replies).toHaveLength(REPLIES_SHOWN);
    const page3 = (await bob.replies(root, { page_size: 2, page: 3 })).data;
    expect(page3.replies.map((r) => r.content)).toEqual(['回复 4']);
    expect(page3.has_more).toBe(false);
  });

  it('sorts top-level comments by newest or by likes, a page at a time', async () => {
    const sorted = topics[3]!;
    const a = await commented(alice, sorted, 'A');
    const b = await commented(alice, sorted, 'B');
    const c = await commented(alice, sorted, 'C');
    await bob.like(a);
    await alice.like(a);
    await bob.like(b);
    const newest = (await bob.get(sorted, { sort: 'new' })).data.root_comment.replies;
    expect(ids(newest)).toEqual([c, b, a]);
    const liked = (await bob.get(sorted, { sort: 'likes' })).data.root_comment.replies;
    expect(ids(liked)).toEqual([a, b, c]);
    expect(liked.map((x) => x.liked)).toEqual([true, true, false]);
    const p1 = (await bob.get(sorted, { page_size: 2 })).data.root_comment;
    const p2 = (await bob.get(sorted, { page_size: 2, page: 2 })).data.root_comment;
    expect([ids(p1.replies), p1.has_more, ids(p2.replies), p2.has_more]).toEqual([[c, b], true, [a], false]);
  });
});

describe('removed comments', () => {
  beforeAll(async () => {
    alice = await discussant(t, { name: '爱丽丝' });
    bob = await discussant(t, { name: '鲍勃' });
  });

  it('keep their place, empty, while replies hang on them; otherwise they leave the thread', async () => {
    const thread = topics[4]!;
    const lonely = await commented(alice, thread, '没人回复我');
    const parent = await commented(alice, thread, '<b>有回复</b>');
    await commented(bob, thread, '我回复了', { parent_id: parent });
    expect((await alice.remove(lonely)).err).toBeNull();
    expect((await alice.remove(parent)).err).toBeNull();
    const got = (await bob.get(thread)).data;
    expect(ids(got.root_comment.replies)).toEqual([parent]);
    const placeholder = got.root_comment.replies[0]!;
    // Its author goes with its content.
    expect(placeholder).toMatchObject({
      removed: true,
      content: '',
      reply_count: 1,
      user_id: null,
      nick_name: '匿名用户',
    });
    expect(placeholder.replies.map((r) => r.content)).toEqual(['我回复了']);
    expect(got.comment_count).toBe(1);
  });
});
