import { INBOX_BRIEFS, mailCalls, NOTICE_TOKEN_LENGTH } from '@gre/contracts';
import { mails } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { registerNoticeFanout } from '../../jobs/notice-fanout.js';
import type { InProcessQueue } from '../../lib/job-queue.js';
import { deliverMails, type NewMail } from './index.js';

let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await registerNoticeFanout(t.deps);
  operator = await createUser(t.deps, { isOperator: true });
});
afterAll(() => t.close());

const idle = () => (t.deps.queue as InProcessQueue).idle();
const as = (u: TestUser) => ({ token: u.token });

/** `n` mails of a race for the user, a second apart, the last one newest. */
async function seed(userId: number, race: NewMail['race'], n: number, start = Date.parse('2026-03-01T00:00:00Z')) {
  await deliverMails(
    t.deps,
    Array.from({ length: n }, (_, i) => ({ userId, race, subject: `${race} ${i}`, content: `正文 ${i}`, link: null })),
  );
  // deliverMails stamps now(); spread them so "newest" is well defined.
  await t.deps.database.db.execute(sql`
    update mails m set created_at = to_timestamp(${start / 1000}::float8 + v.rn) from (
      select id, row_number() over (order by id) as rn from mails where user_id = ${userId}::bigint and race = ${race}
    ) v where v.id = m.id`);
}

async function sendNotice(body: Record<string, unknown>) {
  const r = await t.call(mailCalls.sendNotice, body, as(operator));
  await idle();
  return r;
}

async function copyOf(userId: number, noticeId: number) {
  const [row] = await t.deps.database.db
    .select()
    .from(mails)
    .where(sql`${mails.userId} = ${userId} and ${mails.noticeId} = ${noticeId}`);
  return row;
}

describe('inbox/get', () => {
  it('gives the newest briefs of remind and notice with has_more, and unread counts of every race', async () => {
    const u = await createUser(t.deps);
    await seed(u.user.id, 'remind', INBOX_BRIEFS + 2);
    await seed(u.user.id, 'notice', 2);
    await seed(u.user.id, 'chat', 3);
    const r = await t.call(mailCalls.inboxGet, {}, as(u));
    expect(r.status).toBe(200);
    expect(r.data.remind.mails.map((m) => m.subject)).toEqual([
      'remind 6',
      'remind 5',
      'remind 4',
      'remind 3',
      'remind 2',
    ]);
    expect(r.data.remind).toMatchObject({ has_more: true, unread: INBOX_BRIEFS + 2 });
    expect(r.data.notice).toMatchObject({ has_more: false, unread: 2 });
    expect(r.data.notice.mails).toHaveLength(2);
    expect(r.data.unread_count).toBe(INBOX_BRIEFS + 2 + 2 + 3);
    expect(r.data.remind.mails[0]).not.toHaveProperty('content');

    const empty = await t.call(mailCalls.inboxGet, {}, as(await createUser(t.deps)));
    expect(empty.data).toEqual({
      remind: { mails: [], has_more: false, unread: 0 },
      notice: { mails: [], has_more: false, unread: 0 },
      unread_count: 0,
    });
  });

  it('needs a login and refuses a body', async () => {
    expect((await t.call(mailCalls.inboxGet, {})).err?.kind).toBe('unauthorized');
    const u = await createUser(t.deps);
    expect((await t.call(mailCalls.inboxGet, { user_id: 1 }, as(u))).err?.kind).toBe('invalid_input');
  });
});

describe('inbox/mark_read', () => {
  it('marks the caller’s own mails by id and passes over other users’ ids', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    await seed(a.user.id, 'remind', 3);
    await seed(b.user.id, 'remind', 2);
    const ids = async (u: TestUser) =>
      (await t.deps.database.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, u.user.id))).map(
        (m) => m.id,
      );
    const [aIds, bIds] = [await ids(a), await ids(b)];
    const r = await t.call(mailCalls.inboxMarkRead, { ids: [aIds[0]!, aIds[0]!, ...bIds] }, as(a));
    expect(r.data).toEqual({ updated: 1, unread_count: 2 });
    // b's mails stay unread; a's read mail read again moves nothing.
    expect((await t.call(mailCalls.inboxGet, {}, as(b))).data.unread_count).toBe(2);
    expect((await t.call(mailCalls.inboxMarkRead, { ids: [aIds[0]!] }, as(a))).data).toEqual({
      updated: 0,
      unread_count: 2,
    });
    expect((await t.call(mailCalls.inboxMarkRead, { ids: [999_999_999] }, as(a))).data.updated).toBe(0);
  });

  it('marks a whole race read, leaving the others', async () => {
    const u = await createUser(t.deps);
    await seed(u.user.id, 'remind', 4);
    await seed(u.user.id, 'chat', 2);
    expect((await t.call(mailCalls.inboxMarkRead, { race: 'remind' }, as(u))).data).toEqual({
      updated: 4,
      unread_count: 2,
    });
    const inbox = await t.call(mailCalls.inboxGet, {}, as(u));
    expect(inbox.data.remind.unread).toBe(0);
    expect(inbox.data.remind.mails.every((m) => m.status === 'Read')).toBe(true);
  });

  it('refuses malformed bodies with invalid_input', async () => {
    const u = await createUser(t.deps);
    for (const body of [
      {},
      { ids: [] },
      { ids: [-1] },
      { ids: ['1'] },
      { race: 'spam' },
      { ids: [1], race: 'remind' },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ])
      expect((await t.call(mailCalls.inboxMarkRead, body, as(u))).err?.kind).toBe('invalid_input');
  });
});

describe('gets', () => {
  it('lists unread first then newest, filters by race and status, pages with the filter’s total', async () => {
    const u = await createUser(t.deps);
    await seed(u.user.id, 'remind', 5);
    await seed(u.user.id, 'chat', 3, Date.parse('2026-03-02T00:00:00Z'));
    const reminds = await t.deps.database.db
      .select({ id: mails.id, subject: mails.subject })
      .from(mails)
      .where(sql`${mails.userId} = ${u.user.id} and ${mails.race} = 'remind'`);
    const oldest = reminds.find((m) => m.subject === 'remind 0')!;
    await t.call(mailCalls.inboxMarkRead, { ids: reminds.filter((m) => m !== oldest).map((m) => m.id) }, as(u));

    const all = await t.call(mailCalls.gets, {}, as(u));
    expect(all.data.mails.map((m) => m.subject)).toEqual([
      'chat 2',
      'chat 1',
      'chat 0',
      'remind 0',
      'remind 4',
      'remind 3',
      'remind 2',
      'remind 1',
    ]);
    expect(all.data.page_control).toEqual({ page: 1, page_size: 20, total: 8 });
    expect(all.data.unread_count).toBe(4);
    expect(all.data.mails[0]).toMatchObject({ race: 'chat', content: '正文 2', status: 'Inbox', link: null });

    const readReminds = await t.call(mailCalls.gets, { race: 'remind', status: 'Read', page_size: 3 }, as(u));
    expect(readReminds.data.mails.map((m) => m.subject)).toEqual(['remind 4', 'remind 3', 'remind 2']);
    expect(readReminds.data.page_control.total).toBe(4);
    const page2 = await t.call(mailCalls.gets, { race: 'remind', status: 'Read', page_size: 3, page: 2 }, as(u));
    expect(page2.data.mails.map((m) => m.subject)).toEqual(['remind 1']);
    const beyond = await t.call(mailCalls.gets, { page: 99 }, as(u));
    expect(beyond.data).toMatchObject({ mails: [], page_control: { total: 8 }, unread_count: 4 });
  });

  it('shows a user none of another user’s mails, and refuses bad filters', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    await seed(a.user.id, 'remind', 2);
    expect((await t.call(mailCalls.gets, {}, as(b))).data.mails).toEqual([]);
    for (const body of [{ race: 'x' }, { status: 'Deleted' }, { page: 0 }, { page_size: 51 }, { user_id: a.user.id }])
      expect((await t.call(mailCalls.gets, body, as(b))).err?.kind).toBe('invalid_input');
  });
});

describe('settings', () => {
  it('starts with every kind on, turns the listed kinds off and the rest back on', async () => {
    const u = await createUser(t.deps);
    expect((await t.call(mailCalls.getSettings, {}, as(u))).data).toEqual({ off: [] });
    const r = await t.call(mailCalls.updateSettings, { off: ['streak', 'daily_aim', 'streak'] }, as(u));
    expect(r.data).toEqual({ off: ['daily_aim', 'streak'] });
    expect((await t.call(mailCalls.getSettings, {}, as(u))).data).toEqual({ off: ['daily_aim', 'streak'] });
    expect((await t.call(mailCalls.updateSettings, { off: [] }, as(u))).data).toEqual({ off: [] });
    expect((await t.call(mailCalls.updateSettings, { off: ['chat'] }, as(u))).err?.kind).toBe('invalid_input');
    expect((await t.call(mailCalls.getSettings, {})).err?.kind).toBe('unauthorized');
  });
});

describe('send_notice, notices and get_notice', () => {
  it('writes the notice once, delivers a copy to each named user with its own notice link, and lists it', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const r = await sendNotice({
      subject: ' 维护通知 ',
      content: '<p>今晚 <b>22:00</b> 维护</p>',
      audience: { kind: 'users', user_ids: [a.user.id, b.user.id, a.user.id, 987_654_321] },
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ subject: '维护通知', status: 'Queued', delivered: 0, link: null });
    expect(r.data.audience).toEqual({ kind: 'users', user_ids: [a.user.id, b.user.id, 987_654_321] });

    const list = await t.call(mailCalls.notices, {}, as(operator));
    expect(list.data.notices[0]).toMatchObject({ id: r.data.id, status: 'Done', delivered: 2 });

    const inbox = await t.call(mailCalls.inboxGet, {}, as(a));
    const brief = inbox.data.notice.mails[0]!;
    expect(brief.subject).toBe('维护通知');
    const [, , userId, noticeId, token] = brief.link!.split('/');
    expect([Number(userId), Number(noticeId)]).toEqual([a.user.id, r.data.id]);
    expect(token).toHaveLength(NOTICE_TOKEN_LENGTH);
    const listed = await t.call(mailCalls.gets, { race: 'notice' }, as(a));
    expect(listed.data.mails[0]!.content).toBe('<p>今晚 <b>22:00</b> 维护</p>');

    // Logged out, the link opens the notice and leaves the copy unread; the user's own session marks it read.
    const body = { user_id: a.user.id, id: r.data.id, token: token! };
    const open = await t.call(mailCalls.getNotice, body);
    expect(open.data).toMatchObject({ id: r.data.id, subject: '维护通知', content: '<p>今晚 <b>22:00</b> 维护</p>' });
    expect((await copyOf(a.user.id, r.data.id))!.status).toBe('Inbox');
    await t.call(mailCalls.getNotice, body, as(b));
    expect((await copyOf(a.user.id, r.data.id))!.status).toBe('Inbox');
    await t.call(mailCalls.getNotice, body, as(a));
    expect((await copyOf(a.user.id, r.data.id))!.status).toBe('Read');
  });

  it('keeps an operator’s link on the copies', async () => {
    const a = await createUser(t.deps);
    const r = await sendNotice({
      subject: '新题上线',
      content: '<p>去看看</p>',
      link: '/exercise_list/big',
      audience: { kind: 'users', user_ids: [a.user.id] },
    });
    expect((await copyOf(a.user.id, r.data.id))!.link).toBe('/exercise_list/big');
  });

  it('answers one not_found for a wrong token, another user’s id, an undelivered user and a missing notice', async () => {
    const [a, b, c] = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
    const r = await sendNotice({
      subject: '通知',
      content: 'x',
      audience: { kind: 'users', user_ids: [a.user.id, b.user.id] },
    });
    const link = (await copyOf(a.user.id, r.data.id))!.link!;
    const token = link.split('/')[4]!;
    const bToken = (await copyOf(b.user.id, r.data.id))!.link!.split('/')[4]!;
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const attempts = [
      { user_id: a.user.id, id: r.data.id, token: flipped },
      { user_id: b.user.id, id: r.data.id, token },
      { user_id: a.user.id, id: r.data.id, token: bToken },
      { user_id: c.user.id, id: r.data.id, token },
      { user_id: a.user.id, id: r.data.id + 1000, token },
    ];
    const answers = await Promise.all(attempts.map((body) => t.call(mailCalls.getNotice, body)));
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.err).toEqual(answers[0]!.err);
    }
    expect(answers[0]!.err?.kind).toBe('not_found');
    // c was not sent the notice: even the token made for c opens nothing.
    const { noticeToken } = await import('./notices.service.js');
    const [key] = (
      await t.deps.database.db.execute<{ value: string }>(
        sql`select value from settings where key = 'notice_token_key'`,
      )
    ).rows.map((x) => String(x.value));
    const cToken = noticeToken(key!, c.user.id, r.data.id);
    expect((await t.call(mailCalls.getNotice, { user_id: c.user.id, id: r.data.id, token: cToken })).err?.kind).toBe(
      'not_found',
    );
    for (const bad of ['short', `${token.slice(0, -1)}=`, `${token.slice(0, -1)}/`, `${token}A`])
      expect((await t.call(mailCalls.getNotice, { user_id: a.user.id, id: r.data.id, token: bad })).err?.kind).toBe(
        'invalid_input',
      );
  });

  it('stores XSS vectors sanitised and refuses content with nothing left', async () => {
    const a = await createUser(t.deps);
    const vectors = [
      '<script>alert(1)</script>安全',
      '<img src=x onerror=alert(1)>图片',
      '<a href="javascript:alert(1)">链接</a>',
      '<svg/onload=alert(1)></svg>矢量',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">段落</p>',
      '<iframe src="https://evil.example"></iframe>框架',
      '"><script>alert(document.cookie)</script>',
      '<body onload=alert(1)>主体',
    ];
    for (const content of vectors) {
      const r = await sendNotice({
        subject: '<script>x</script>',
        content,
        audience: { kind: 'users', user_ids: [a.user.id] },
      });
      expect(r.status).toBe(200);
      expect(r.data.content).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|style=/i);
      const link = (await copyOf(a.user.id, r.data.id))!.link!.split('/');
      const opened = await t.call(mailCalls.getNotice, { user_id: a.user.id, id: r.data.id, token: link[4]! });
      expect(opened.data.content).toBe(r.data.content);
      // The subject is plain text the web shows as text; it is kept as typed.
      expect(opened.data.subject).toBe('<script>x</script>');
    }
    for (const content of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg/onload=alert(1)>文字',
      '<p> </p>',
      '   ',
    ])
      expect((await sendNotice({ subject: 's', content, audience: { kind: 'all' } })).err?.kind).toBe('invalid_input');
    expect((await sendNotice({ subject: '   ', content: 'x', audience: { kind: 'all' } })).err?.kind).toBe(
      'invalid_input',
    );
  });

  it('refuses learners and bad audiences, links off the site and oversize notices', async () => {
    const learner = await createUser(t.deps);
    const ok = { subject: 's', content: 'c', audience: { kind: 'all' } };
    expect((await t.call(mailCalls.sendNotice, ok, as(learner))).err?.kind).toBe('forbidden');
    expect((await t.call(mailCalls.notices, {}, as(learner))).err?.kind).toBe('forbidden');
    expect((await t.call(mailCalls.sendNotice, ok)).err?.kind).toBe('unauthorized');
    for (const body of [
      { ...ok, audience: { kind: 'role', roles: [] } },
      { ...ok, audience: { kind: 'role', roles: ['Emperor'] } },
      { ...ok, audience: { kind: 'users', user_ids: [] } },
      { ...ok, audience: { kind: 'users', user_ids: Array.from({ length: 1001 }, (_, i) => i + 1) } },
      { ...ok, audience: { kind: 'everyone' } },
      { ...ok, link: 'javascript:alert(1)' },
      { ...ok, link: '//evil.example/x' },
      { ...ok, link: 'https://evil.example' },
      { ...ok, content: 'x'.repeat(20_001) },
      { ...ok, subject: 'x'.repeat(101) },
    ])
      expect((await t.call(mailCalls.sendNotice, body, as(operator))).err?.kind).toBe('invalid_input');
    const before = (await t.call(mailCalls.notices, { page_size: 50 }, as(operator))).data.page_control.total;
    expect(before).toBeGreaterThan(0);
  });

  it('reaches the audience of a role by the tier held now, and every active user for all', async () => {
    const past = new Date(Date.now() - 86_400_000);
    const vip = await createUser(t.deps, { roleKind: 'VIP', roleExpiresAt: new Date(Date.now() + 86_400_000) });
    const lapsed = await createUser(t.deps, { roleKind: 'VIP', baseRoleKind: 'Trail', roleExpiresAt: past });
    const frozenVip = await createUser(t.deps, { roleKind: 'VIP', isFreeze: true });
    const r = await sendNotice({ subject: 'VIP 专享', content: 'c', audience: { kind: 'role', roles: ['VIP'] } });
    expect(await copyOf(vip.user.id, r.data.id)).toBeDefined();
    expect(await copyOf(lapsed.user.id, r.data.id)).toBeUndefined();
    expect(await copyOf(frozenVip.user.id, r.data.id)).toBeUndefined();

    const all = await sendNotice({ subject: '全体', content: 'c', audience: { kind: 'all' } });
    const [{ n }] = (
      await t.deps.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where not is_freeze`)
    ).rows as [{ n: number }];
    const listed = await t.call(mailCalls.notices, {}, as(operator));
    expect(listed.data.notices.find((x) => x.id === all.data.id)).toMatchObject({ delivered: n, status: 'Done' });
    expect(await copyOf(lapsed.user.id, all.data.id)).toBeDefined();
    expect(await copyOf(frozenVip.user.id, all.data.id)).toBeUndefined();
  });
});
