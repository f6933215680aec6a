import { COMMENT_CONTENT_MAX, discussionPath, postCalls } from '@gre/contracts';
import { commentLikes, comments, mails } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, REACTION_LIMITS } from './comment.service.js';
import {
  commented,
  discussant,
  postsTestApp,
  questionsWith,
  type Discussant,
  type PostsTestApp,
} from './posts.fixtures.js';

// post/comment, post/delete_comment and post/subscribe: hostile content, replies where none may go, the keyword
// hold, the per-learner budget and the chat mails a comment sends.

let t: PostsTestApp;
let topics: number[];
let other: number;

beforeAll(async () => {
  t = await postsTestApp();
  const found = await questionsWith(t.deps.database.db, 'public', 24);
  topics = found.map((q) => q.topicId);
  other = topics.pop()!;
});
afterAll(() => t.close());

let next = 0;
const freshTopic = () => topics[next++]!;

/** The OWASP XSS filter-evasion cheat sheet's families: script, event handlers, javascript: URLs, SVG, CSS, frames. */
const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4=">data</a>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KCJYU1MiKTwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml">',
  '<img src="/uploads/images/../../etc/passwd.png">',
  '<img src="https://evil.example/x.png">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '"><script>alert(1)</script>',
  '<details open ontoggle=alert(1)>',
];

/** Nothing a browser would run, or load from elsewhere, is left. */
function harmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|<meta|<form|<input|<details/i);
  expect(html).not.toMatch(/\son[a-z!#$%&()*~+\-_.,:;?@[/|\\\]^`]*=/i);
  expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
  expect(html).not.toMatch(/<img(?![^>]*src="\/uploads\/images\/[a-f0-9]{64}\.(png|jpg|gif|webp)")/i);
}

describe('content', () => {
  let learner: Discussant;
  beforeAll(async () => {
    learner = await discussant(t);
  });

  it('every XSS vector is stored and returned sanitised, or refused as empty', async () => {
    const topic = freshTopic();
    let taken = 0;
    for (const [i, vector] of XSS_VECTORS.entries()) {
      // A fresh minute for each: the budget is not what this test is about.
      await t.deps.limiter.reset(`comment:minute:${learner.id}`);
      const res = await learner.comment(topic, `${vector}<p>第 ${i} 条</p>`);
      if (!res.ok) {
        // An unclosed <svg> takes what follows with it: nothing left to post.
        expect(res.err?.kind, vector).toBe('invalid_input');
        continue;
      }
      taken += 1;
      harmless(res.data.content);
      const [stored] = await t.deps.database.db.select().from(comments).where(eq(comments.id, res.data.id));
      harmless(stored!.content);
    }
    expect(taken).toBeGreaterThan(XSS_VECTORS.length - 3);
    const shown = (await learner.get(topic, { page_size: 50 })).data.root_comment.replies;
    expect(shown).toHaveLength(taken);
    for (const c of shown) harmless(c.content);
    await t.deps.limiter.reset(`comment:minute:${learner.id}`);
  });

  it('keeps the allowlisted formatting, links made safe, and images from the uploads', async () => {
    const img = `/uploads/images/${'a'.repeat(64)}.png`;
    const res = await learner.comment(
      freshTopic(),
      `<p><b>粗</b> <em>斜</em> <a href="https://ets.org/gre" onclick="x()">ETS</a></p><img src="${img}" alt="图">`,
    );
    expect(res.err).toBeNull();
    expect(res.data.content).toBe(
      `<p><b>粗</b> <em>斜</em> <a href="https://ets.org/gre" rel="noopener noreferrer nofollow" target="_blank">ETS</a></p><img src="${img}" alt="图" />`,
    );
  });

  it('refuses what is empty once sanitised, and a 100 KB comment, with invalid_input and no row', async () => {
    const before = (await t.deps.database.db.select().from(comments)).length;
    for (const content of ['<script>alert(1)</script>', '   ', '<p> </p><br>', '<img src="javascript:alert(1)">']) {
      const res = await learner.comment(freshTopic(), content);
      expect(res.status, content).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    const huge = await learner.comment(other, `<p>${'长'.repeat(100 * 1024)}</p>`);
    expect(huge.status).toBe(400);
    expect(huge.err?.kind).toBe('invalid_input');
    const limit = await learner.comment(other, 'x'.repeat(COMMENT_CONTENT_MAX + 1));
    expect(limit.err?.kind).toBe('invalid_input');
    expect((await t.deps.database.db.select().from(comments)).length).toBe(before);
    expect((await learner.comment(other, 'x'.repeat(COMMENT_CONTENT_MAX))).err).toBeNull();
  });
});

describe('replies', () => {
  let a: Discussant;
  let b: Discussant;
  let op: Discussant;
  let topic: number;
  beforeAll(async () => {
    a = await discussant(t);
    b = await discussant(t);
    op = await discussant(t, { isOperator: true });
    topic = freshTopic();
  });

  it('go under a comment of the same thread', async () => {
    const parent = await commented(a, topic, '父评论');
    const wrongThread = await b.comment(other, '跑题', { parent_id: parent });
    expect(wrongThread.err?.kind).toBe('not_found');
    expect((await b.comment(topic, '找不到', { parent_id: 99_999_999 })).err?.kind).toBe('not_found');
    const reply = await b.comment(topic, '回复', { parent_id: parent });
    expect(reply.data).toMatchObject({ kind: 'reply', parent_id: parent });
    const got = (await a.get(topic)).data;
    expect(got.root_comment.replies.find((c) => c.id === parent)?.reply_count).toBe(1);
    expect(got.comment_count).toBe(2);
  });

  it('to a removed, a rejected or a waiting comment are refused with conflict and written nowhere', async () => {
    const removed = await commented(a, topic, '要删掉');
    expect((await a.remove(removed)).err).toBeNull();
    expect((await op.setKeywords(['违禁'])).err).toBeNull();
    const rejected = await commented(a, topic, '违禁内容');
    const waiting = await commented(a, topic, '违禁内容二');
    expect((await op.reject(rejected)).err).toBeNull();
    const before = (await t.deps.database.db.select().from(comments)).length;
    // A removed comment without replies has left the thread, for its author too.
    expect((await b.comment(topic, '回复', { parent_id: removed })).err?.kind).toBe('not_found');
    const toRemoved = await a.comment(topic, '回复', { parent_id: removed });
    expect(toRemoved.err?.kind).toBe('not_found');
    // A removed comment that keeps its place (replies under it) is seen, and still refuses replies.
    const kept = await commented(a, topic, '有回复的');
    await commented(b, topic, '回复一下', { parent_id: kept });
    expect((await op.takeDown(kept)).err).toBeNull();
    const toKept = await b.comment(topic, '再回复', { parent_id: kept });
    expect(toKept.status).toBe(409);
    expect(toKept.err?.kind).toBe('conflict');
    expect(toKept.err?.show).toContain('已删除');
    const toRejected = await a.comment(topic, '回复', { parent_id: rejected });
    expect(toRejected.err?.kind).toBe('conflict');
    expect(toRejected.err?.show).toContain('未通过');
    expect((await a.comment(topic, '回复', { parent_id: waiting })).err?.kind).toBe('conflict');
    // Others do not see the rejected or waiting ones at all.
    expect((await b.comment(topic, '回复', { parent_id: rejected })).err?.kind).toBe('not_found');
    expect((await t.deps.database.db.select().from(comments)).length).toBe(before + 2);
    await op.setKeywords([]);
  });
});

describe('the keyword hold', () => {
  it('holds a comment whose text has a keyword in any case, with the words it matched, out of the count', async () => {
    const op = await discussant(t, { isOperator: true });
    const me = await discussant(t);
    const topic = freshTopic();
    expect((await op.setKeywords(['  WeChat ', 'wechat', '加群'])).data.words).toEqual(['wechat', '加群']);
    const held = await me.comment(topic, '<p>加我 <b>WeCHAT</b> 一起<i>加群</i></p>');
    expect(held.data.review_status).toBe('Uploading');
    const [row] = await t.deps.database.db.select().from(comments).where(eq(comments.id, held.data.id));
    expect([...row!.matched].sort()).toEqual(['wechat', '加群']);
    // The words are looked for in the text, formatting dropped; other text passes.
    const clean = await me.comment(topic, '<p>we chat 不算</p>');
    expect(clean.data.review_status).toBe('Reviewed');
    expect((await me.get(topic)).data.comment_count).toBe(1);
    await op.setKeywords([]);
  });
});

describe('rate limit', () => {
  it('a learner gets COMMENT_LIMITS.perMinute comments a minute, then rate_limited with Retry-After; refused ones do not count', async () => {
    const me = await discussant(t);
    const topic = freshTopic();
    expect((await me.comment(topic, '<script></script>')).err?.kind).toBe('invalid_input');
    const results = await Promise.all(
      Array.from({ length: COMMENT_LIMITS.perMinute.max + 5 }, (_, i) => me.comment(topic, `第 ${i} 条`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(COMMENT_LIMITS.perMinute.max);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => r.status === 429 && r.err?.kind === 'rate_limited')).toBe(true);
    const rows = await t.deps.database.db.select().from(comments).where(eq(comments.userId, me.id));
    expect(rows).toHaveLength(COMMENT_LIMITS.perMinute.max);
    // Another learner has their own budget.
    expect((await (await discussant(t)).comment(topic, '我还可以')).err).toBeNull();
  });
});

describe('rate limit of likes and follows', () => {
  it('a learner gets REACTION_LIMITS.perMinute likes and follows a minute together, then rate_limited; others are not held', async () => {
    const author = await discussant(t);
    const topic = freshTopic();
    const shown = (await author.comment(topic, '可以点赞的评论')).data;
    const me = await discussant(t);
    const max = REACTION_LIMITS.perMinute.max;
    // Half spent on follows, the rest on likes: one budget for both.
    const follows = await Promise.all(Array.from({ length: max / 2 }, (_, i) => me.subscribe(topic, i % 2 === 0)));
    expect(follows.every((r) => r.ok)).toBe(true);
    const likes = await Promise.all(Array.from({ length: max / 2 + 3 }, (_, i) => me.like(shown.id, i % 2 === 0)));
    expect(likes.filter((r) => r.ok)).toHaveLength(max / 2);
    expect(likes.filter((r) => !r.ok).every((r) => r.status === 429 && r.err?.kind === 'rate_limited')).toBe(true);
    expect((await me.subscribe(topic, true)).err?.kind).toBe('rate_limited');
    // Another learner has their own budget, and a refused like moved nothing.
    const other = await discussant(t);
    const liked = await other.like(shown.id, true);
    expect(liked.err).toBeNull();
    const rows = await t.deps.database.db.select().from(commentLikes).where(eq(commentLikes.commentId, shown.id));
    expect(liked.data.like_count).toBe(rows.length);
  });
});

describe('chat mails', () => {
  const chatOf = (userId: number) =>
    t.deps.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.userId, userId), eq(mails.race, 'chat')));

  it('a reply mails the comment’s author, a new comment mails each follower but its author, never twice', async () => {
    const author = await discussant(t, { name: '作者' });
    const follower = await discussant(t);
    const replier = await discussant(t, { name: '回复者' });
    const topic = freshTopic();
    expect((await follower.subscribe(topic)).data.subscribed).toBe(true);
    expect((await author.subscribe(topic)).data.subscribed).toBe(true);
    expect((await follower.get(topic)).data.subscribed).toBe(true);

    const root = await commented(author, topic, '<p>我的思路</p>');
    expect(await chatOf(author.id)).toHaveLength(0);
    expect(await chatOf(follower.id)).toHaveLength(1);

    const reply = await commented(replier, topic, '<p>我同意 <script>x</script></p>', {
      parent_id: root,
      anonymous: true,
    });
    const toAuthor = await chatOf(author.id);
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]).toMatchObject({
      subject: '匿名用户 回复了你的评论',
      link: discussionPath(topic, reply),
      content: '<p>我同意 </p>',
    });
    expect(toAuthor[0]!.subject).not.toContain('回复者');
    expect(await chatOf(follower.id)).toHaveLength(2);
    expect(await chatOf(replier.id)).toHaveLength(0);

    // Replying to oneself, or commenting once unsubscribed, sends nothing to oneself.
    await commented(author, topic, '补充', { parent_id: root });
    expect(await chatOf(author.id)).toHaveLength(1);
    expect((await follower.subscribe(topic, false)).data.subscribed).toBe(false);
    await commented(replier, topic, '再来一条');
    expect(await chatOf(follower.id)).toHaveLength(3);
    expect(await chatOf(author.id)).toHaveLength(2);
  });

  it('a held comment mails nobody until an operator approves it, and then once', async () => {
    const op = await discussant(t, { isOperator: true });
    const author = await discussant(t);
    const replier = await discussant(t);
    const topic = freshTopic();
    await op.setKeywords(['待审']);
    const root = await commented(author, topic, '根');
    const held = await commented(replier, topic, '待审的回复', { parent_id: root });
    expect(await chatOf(author.id)).toHaveLength(0);
    expect((await op.approve(held)).data.review_status).toBe('Reviewed');
    expect(await chatOf(author.id)).toHaveLength(1);
    expect((await op.approve(held)).err?.kind).toBe('conflict');
    expect(await chatOf(author.id)).toHaveLength(1);
    await op.setKeywords([]);
  });
});

describe('delete_comment and subscribe', () => {
  it('only the author deletes; a second delete answers the same; the counts leave once', async () => {
    const me = await discussant(t);
    const them = await discussant(t);
    const topic = freshTopic();
    const id = await commented(me, topic, '要删的');
    await commented(me, topic, '留下的');
    const refused = await them.remove(id);
    expect(refused.status).toBe(403);
    expect(refused.err?.kind).toBe('forbidden');
    expect((await me.remove(99_999_999)).err?.kind).toBe('not_found');
    expect((await me.remove(id)).data).toEqual({ done: true });
    expect((await me.remove(id)).data).toEqual({ done: true });
    expect((await them.get(topic)).data.comment_count).toBe(1);
    expect((await me.like(id)).err?.kind).toBe('not_found');
  });

  it('subscribe and unsubscribe are idempotent and need a thread the learner may open', async () => {
    const me = await discussant(t);
    const topic = freshTopic();
    expect((await me.subscribe(topic)).data.subscribed).toBe(true);
    expect((await me.subscribe(topic)).data.subscribed).toBe(true);
    expect((await me.get(topic)).data.subscribed).toBe(true);
    expect((await me.subscribe(topic, false)).data.subscribed).toBe(false);
    expect((await me.subscribe(topic, false)).data.subscribed).toBe(false);
    expect((await me.get(topic)).data.subscribed).toBe(false);
    expect((await me.subscribe(987_654_321)).err?.kind).toBe('not_found');
    expect((await t.call(postCalls.subscribe, { topic_id: topic, subscribed: true })).status).toBe(401);
  });
});
