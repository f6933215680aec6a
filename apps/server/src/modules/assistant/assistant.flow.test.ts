import { ASSISTANT_LIMITS, assistantCalls } from '@gre/contracts';
import { assistantConversations, assistantMessages } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import type { TestApp } from '../../../test/test-app.js';
import { publicIds } from '../../../test/fixtures.js';
import { asker, assistantTestApp, doneOf, type Asker } from './assistant.fixtures.js';

// The assistant's calls: conversations (new, continued, listed, read, deleted, full), the learner's alone; the
// per-minute limit and the day's allowance refuse with nothing written; the stream's events; staff usage.

let t: TestApp;
let me: Asker;
let other: Asker;
let question: string;
beforeAll(async () => {
  t = await assistantTestApp();
  me = await asker(t);
  other = await asker(t);
  question = (await publicIds(t.deps.database.db, 1))[0]!;
}, 120_000);
afterAll(() => t.close());

const rowsOf = async (userId: number) =>
  t.deps.database.db.select().from(assistantMessages).where(eq(assistantMessages.userId, userId));

describe('conversations', () => {
  let id: number;
  it('a first message starts a conversation titled by its start, keeping the question', async () => {
    const res = await me.ask('这道题的思路是什么？我总是找不到线索词，想请你从头讲一讲这道题应该怎么做', {
      question_id: question,
    });
    expect(res.err).toBeNull();
    id = res.data.conversation.id;
    expect(res.data.conversation).toMatchObject({ question_id: question, messages: 2 });
    expect(res.data.conversation.title.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.title);
    expect(res.data.conversation.title.startsWith('这道题的思路是什么')).toBe(true);
    expect(res.data.message).toMatchObject({ role: 'learner', intent: null, answered_by: null });
    expect(res.data.reply).toMatchObject({ role: 'assistant', intent: 'approach', answered_by: 'builtin' });
    expect(res.data.reply.sources.map((s) => s.kind)).toContain('analysis');
  });

  it('continues with the conversation’s question; someone else’s conversation is not_found', async () => {
    const res = await me.ask('有没有类似的题？', { conversation_id: id });
    expect(res.err).toBeNull();
    expect(res.data.conversation).toMatchObject({ id, question_id: question, messages: 4 });
    expect(res.data.reply.intent).toBe('similar');
    expect(res.data.reply.actions.map((a) => a.link)).toEqual([
      expect.stringMatching(/^\/exercise_list\/big\?category=\d+&kind=\w+$/),
    ]);
    const theirs = await other.ask('为什么 C 不对', { conversation_id: id });
    expect(theirs.status).toBe(404);
    expect(theirs.err?.kind).toBe('not_found');
    expect((await other.get(id)).err?.kind).toBe('not_found');
    expect((await other.remove(id)).err?.kind).toBe('not_found');
    expect(await rowsOf(other.userId)).toHaveLength(0);
  });

  it('lists the learner’s own, latest first, and reads one oldest message first', async () => {
    const second = (await me.ask('今天该复习什么？')).data.conversation.id;
    const list = await me.list();
    expect(list.data.items.map((c) => c.id)).toEqual([second, id]);
    expect(list.data.page_control).toMatchObject({ page: 1, total: 2 });
    expect((await other.list()).data.items).toEqual([]);
    const got = await me.get(id);
    expect(got.data.messages.map((m) => m.role)).toEqual(['learner', 'assistant', 'learner', 'assistant']);
  });

  it('refuses a full conversation with conflict and writes nothing', async () => {
    await t.deps.database.db
      .update(assistantConversations)
      .set({ messages: ASSISTANT_LIMITS.messages - 1 })
      .where(eq(assistantConversations.id, id));
    const before = (await rowsOf(me.userId)).length;
    const res = await me.ask('再讲一遍', { conversation_id: id });
    expect(res.status).toBe(409);
    expect(res.err?.kind).toBe('conflict');
    expect(res.err?.show).toContain('新开');
    expect((await rowsOf(me.userId)).length).toBe(before);
  });

  it('deletes one with its messages', async () => {
    expect((await me.remove(id)).data).toEqual({ done: true });
    expect((await me.get(id)).err?.kind).toBe('not_found');
    const left = await t.deps.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, id));
    expect(left).toHaveLength(0);
  });
});

describe('limits', () => {
  it('a question the learner may not open is refused as the bank refuses it, nothing written', async () => {
    const trial = await asker(t, 'Trail');
    const [locked] = await t.deps.database.db
      .execute<{ id: string }>("select id from questions where visibility = 'locked' order by id limit 1")
      .then((r) => r.rows);
    const res = await trial.ask('为什么 C 不对', { question_id: locked!.id });
    expect(res.err?.kind).toBe('public_only');
    expect((await trial.ask('为什么 C 不对', { question_id: 'q-no-such-question' })).err?.kind).toBe('not_found');
    expect(await rowsOf(trial.userId)).toHaveLength(0);
  });

  it('takes one from the day’s allowance; past it day_overflow, with nothing written', async () => {
    await t.deps.settings.setOverride('quotas', { Trail: { assistant: { n: 2, period: 'day' } } });
    const trial = await asker(t, 'Trail');
    expect((await trial.ask('我最弱的题型是什么')).err).toBeNull();
    expect((await trial.ask('今天做什么')).err).toBeNull();
    const refused = await trial.ask('离 320 还差多少');
    expect(refused.err?.kind).toBe('day_overflow');
    expect(await rowsOf(trial.userId)).toHaveLength(4);
    await t.deps.settings.setOverride('quotas', {});
  });

  it(`answers ${ASSISTANT_LIMITS.perMinute} questions a minute, then rate_limited`, async () => {
    const quick = await asker(t, 'SVIP');
    for (let i = 0; i < ASSISTANT_LIMITS.perMinute; i++) expect((await quick.ask('今天做什么')).err).toBeNull();
    const res = await quick.ask('今天做什么');
    expect(res.status).toBe(429);
    expect(res.err?.kind).toBe('rate_limited');
    expect(await rowsOf(quick.userId)).toHaveLength(ASSISTANT_LIMITS.perMinute * 2);
  });

  it('a message over the limit or empty is invalid_input', async () => {
    expect((await me.ask('a'.repeat(ASSISTANT_LIMITS.message + 1))).err?.kind).toBe('invalid_input');
    expect((await me.ask('   ')).err?.kind).toBe('invalid_input');
  });
});

describe('streaming', () => {
  it('sends delta events, then done with the answer as the JSON call gives it', async () => {
    const s = await asker(t);
    const res = await s.stream({ message: '我最弱的题型是什么？' });
    expect(res.type).toMatch(/^text\/event-stream/);
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    const done = doneOf(res.events)!;
    expect(deltas.map((d) => (d.data as { text: string }).text).join('')).toBe(done.reply.text);
    expect(done.reply.intent).toBe('weakest');
    expect(done.reply.actions[0]?.link).toMatch(/^\/exercise_list\/big/);
  });

  it('a refusal before anything is written is the ordinary JSON error', async () => {
    const s = await asker(t);
    const res = await s.stream({ message: 'x', conversation_id: 987_654 });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ ok: false, err_data: { kind: 'not_found' } });
    const bad = await s.stream({ message: 'x'.repeat(10_000) });
    expect(bad.status).toBe(400);
  });
});

describe('progress', () => {
  it('answers today’s plan with the due reviews and a drill, and the target from the mocks', async () => {
    const p = await asker(t);
    const today = await p.ask('今天该复习什么？');
    expect(today.data.reply.intent).toBe('today');
    expect(today.data.reply.text).toContain('今天');
    expect(today.data.reply.actions.length).toBeGreaterThan(0);
    const target = await p.ask('离目标分 325 还差多少？');
    expect(target.data.reply.intent).toBe('target');
    expect(target.data.reply.actions.map((a) => a.link)).toContain('/simulate');
  });
});

describe('usage', () => {
  it('staff see counts by day, never text; learners are refused', async () => {
    const op = await userWithToken(t.deps.database.db, { isOperator: true });
    const res = await t.call(assistantCalls.usage, {}, { token: op.token });
    expect(res.err).toBeNull();
    const day = res.data.days.at(-1)!;
    expect(day.questions).toBeGreaterThan(0);
    expect(day.builtin).toBeGreaterThan(0);
    expect(JSON.stringify(res.data)).not.toContain('今天');
    const denied = await t.call(assistantCalls.usage, {}, { token: me.token });
    expect(denied.status).toBe(403);
  });
});
