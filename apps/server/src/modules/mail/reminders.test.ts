import { mailCalls, payCalls, type RemindKind } from '@gre/contracts';
import { mails } from '@gre/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, sandboxThroughInject, type TestUser } from '../../../test/fixtures.js';
import { registerReminders, REMINDER_TZ, reminderJob } from '../../jobs/reminders.js';
import { ManualClock } from '../../lib/clock.js';
import type { InProcessQueue } from '../../lib/job-queue.js';
import { remindEssayJudged, sendReminders, type ScheduledReminder } from './index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-10 00:00 in Shanghai. */
const MARCH_10 = Date.parse('2026-03-09T16:00:00Z');
/** `hour` o'clock in Shanghai, `days` after 2026-03-10. */
const shanghai = (hour: number, days = 0, minute = 0) =>
  new Date(MARCH_10 + days * DAY + hour * HOUR + minute * 60_000);

const clock = new ManualClock(shanghai(12));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock }, { beforeReady: sandboxThroughInject });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;

async function learner(opts: Parameters<typeof createUser>[1] = {}) {
  return createUser(t.deps, opts);
}

async function day(userId: number, d: string, v: { questions?: number; signedIn?: boolean; streak?: number }) {
  await db().execute(sql`
    insert into daily_activity (user_id, day, questions, signed_in, streak)
    values (${userId}::bigint, ${d}::date, ${v.questions ?? 0}::int, ${v.signedIn ?? false}, ${v.streak ?? 0}::int)
    on conflict (user_id, day) do update set questions = excluded.questions, signed_in = excluded.signed_in, streak = excluded.streak`);
}

async function turnOff(u: TestUser, off: RemindKind[]) {
  expect((await t.call(mailCalls.updateSettings, { off }, { token: u.token })).data.off).toEqual(off);
}

async function remindsOf(userId: number) {
  return db()
    .select({ subject: mails.subject, content: mails.content, link: mails.link, occasion: mails.occasion })
    .from(mails)
    .where(eq(mails.userId, userId))
    .orderBy(asc(mails.id));
}

/** Runs the kind at `at` twice (a retried or repeated job); returns what the first run sent, and checks the second sent none. */
async function runTwice(kind: ScheduledReminder, at: Date) {
  clock.set(at);
  const first = await sendReminders(t.deps, kind);
  expect(await sendReminders(t.deps, kind)).toEqual({ sent: 0, early: first.early });
  return first;
}

describe('scheduled reminders', () => {
  it('are registered as cron jobs on the Shanghai clock', async () => {
    await registerReminders(t.deps);
    const schedules = (t.deps.queue as InProcessQueue).schedules;
    expect(schedules.get(reminderJob('daily_aim'))).toEqual({ cron: '0 20 * * *', tz: REMINDER_TZ });
    expect(schedules.get(reminderJob('streak'))).toEqual({ cron: '0 21 * * *', tz: 'Asia/Shanghai' });
    expect(schedules.get(reminderJob('review_due'))).toEqual({ cron: '0 9 * * *', tz: 'Asia/Shanghai' });
    expect(schedules.get(reminderJob('member_expiring'))).toEqual({ cron: '0 10 * * *', tz: 'Asia/Shanghai' });
  });

  it('daily aim: once per Shanghai day to active learners below their aim, never before 20:00, not when off', async () => {
    const short = await learner();
    const met = await learner();
    const away = await learner();
    const off = await learner();
    const frozen = await learner({ isFreeze: true });
    const noAim = await learner({ todayAim: 0 });
    await day(short.user.id, '2026-03-10', { questions: 12 });
    await day(met.user.id, '2026-03-10', { questions: 50 });
    await day(away.user.id, '2026-03-01', { questions: 80 });
    await day(off.user.id, '2026-03-10', { questions: 1 });
    await day(frozen.user.id, '2026-03-10', { questions: 1 });
    await day(noAim.user.id, '2026-03-10', { questions: 0, signedIn: true, streak: 1 });
    await turnOff(off, ['daily_aim']);

    expect(await runTwice('daily_aim', shanghai(19, 0, 59))).toEqual({ sent: 0, early: true });
    expect((await runTwice('daily_aim', shanghai(20))).early).toBe(false);
    expect(await remindsOf(short.user.id)).toEqual([
      {
        subject: '今日目标还没有完成',
        content: '今天已完成 12 题，距离每日目标 50 题还差 38 题，加油！',
        link: '/home',
        occasion: 'daily_aim:2026-03-10',
      },
    ]);
    for (const u of [met, away, off, frozen, noAim]) expect(await remindsOf(u.user.id)).toEqual([]);

    // 00:30 the next day is before that day's 20:00: a job delivered late sends nothing about the day just over.
    expect((await runTwice('daily_aim', shanghai(0, 1, 30))).sent).toBe(0);
    // The next evening is a new day: one more, though nothing was studied that day.
    await runTwice('daily_aim', shanghai(23, 1, 59));
    expect((await remindsOf(short.user.id)).map((m) => [m.occasion, m.content])).toEqual([
      ['daily_aim:2026-03-10', '今天已完成 12 题，距离每日目标 50 题还差 38 题，加油！'],
      ['daily_aim:2026-03-11', '今天还没有做题，你的每日目标是 50 题。抽一点时间练一练吧。'],
    ]);
  });

  it('streak: after 21:00 to learners with a streak of 2 or more yesterday who have not signed in today', async () => {
    const atRisk = await learner();
    const short = await learner();
    const signed = await learner();
    const off = await learner();
    await day(atRisk.user.id, '2026-03-19', { signedIn: true, streak: 4 });
    await day(atRisk.user.id, '2026-03-20', { questions: 5 });
    await day(short.user.id, '2026-03-19', { signedIn: true, streak: 1 });
    await day(signed.user.id, '2026-03-19', { signedIn: true, streak: 6 });
    await day(signed.user.id, '2026-03-20', { signedIn: true, streak: 7 });
    await day(off.user.id, '2026-03-19', { signedIn: true, streak: 9 });
    await turnOff(off, ['streak', 'review_due']);

    expect((await runTwice('streak', shanghai(20, 10, 59))).sent).toBe(0);
    await runTwice('streak', shanghai(21, 10));
    expect(await remindsOf(atRisk.user.id)).toEqual([
      {
        subject: '已连续签到 4 天，今天别忘了签到',
        content: '你已经连续签到 4 天，今天还没有签到。今天结束前签到，连续记录就不会中断。',
        link: '/home',
        occasion: 'streak:2026-03-20',
      },
    ]);
    for (const u of [short, signed, off]) expect(await remindsOf(u.user.id)).toEqual([]);
  });

  it('review due: at 09:00, counting the due wrong questions each learner may see', async () => {
    await db().execute(sql`
      insert into questions (id, category, kind, difficulty, inquiry, input_method, standard_answer, analysis, visibility)
      select 'qmail' || g, 1, 'single', 'easy', '?', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
        case when g <= 3 then 'public' when g <= 5 then 'locked' else 'hidden' end
      from generate_series(1, 6) g`);
    const trail = await learner();
    const vip = await learner({ roleKind: 'VIP', roleExpiresAt: shanghai(0, 300) });
    const later = await learner();
    const staff = await learner({ isTeacher: true });
    const due = (u: TestUser, q: number, at: Date) =>
      db().execute(sql`insert into crafts (user_id, question_id, wrong, due_at)
        values (${u.user.id}::bigint, ${`qmail${q}`}, '{}'::jsonb, ${at.toISOString()}::timestamptz)`);
    const now = shanghai(9, 30);
    for (const q of [1, 2, 4, 6]) await due(trail, q, new Date(now.getTime() - DAY));
    await due(vip, 4, shanghai(23, 30));
    await due(vip, 5, new Date(now.getTime() - DAY));
    await due(later, 1, shanghai(0, 31, 5));
    for (const q of [1, 6]) await due(staff, q, now);

    expect((await runTwice('review_due', shanghai(8, 30, 59))).sent).toBe(0);
    await runTwice('review_due', now);
    const subjectOf = async (u: TestUser) => (await remindsOf(u.user.id)).map((m) => [m.subject, m.occasion, m.link]);
    expect(await subjectOf(trail)).toEqual([['有 2 道错题到了复习时间', 'review_due:2026-04-09', '/personal/wrongs']]);
    expect(await subjectOf(vip)).toEqual([['有 2 道错题到了复习时间', 'review_due:2026-04-09', '/personal/wrongs']]);
    expect(await subjectOf(staff)).toEqual([['有 2 道错题到了复习时间', 'review_due:2026-04-09', '/personal/wrongs']]);
    expect(await remindsOf(later.user.id)).toEqual([]);
  });

  it('membership expiring: once per end date to paid members ending within 3 days', async () => {
    const now = shanghai(10, 50);
    const ending = await learner({ roleKind: 'SVIP', roleExpiresAt: new Date(now.getTime() + 2 * DAY + HOUR) });
    const later = await learner({ roleKind: 'VIP', roleExpiresAt: new Date(now.getTime() + 3 * DAY + HOUR) });
    const trial = await learner({ roleKind: 'FreeVIP', roleExpiresAt: new Date(now.getTime() + DAY) });
    const lapsed = await learner({ roleKind: 'VIP', roleExpiresAt: new Date(now.getTime() - HOUR) });
    await runTwice('member_expiring', now);
    expect(await remindsOf(ending.user.id)).toEqual([
      {
        subject: '你的SVIP 会员即将到期',
        content: '你的SVIP 会员将于 5月1日 到期。到期后将恢复为原来的会员等级，如需继续使用请及时续费。',
        link: '/personal',
        occasion: 'member_expiring:2026-05-01',
      },
    ]);
    for (const u of [later, trial, lapsed]) expect(await remindsOf(u.user.id)).toEqual([]);
    // The next morning the same end date is not announced again; the other member's now is.
    await runTwice('member_expiring', new Date(now.getTime() + DAY));
    expect(await remindsOf(ending.user.id)).toHaveLength(1);
    expect((await remindsOf(later.user.id)).map((m) => m.occasion)).toEqual(['member_expiring:2026-05-02']);
  });
});

describe('event reminders', () => {
  it('essay judged: once per essay, and not when turned off', async () => {
    const u = await learner();
    const essay = { title: 'Issue 12', score: 4.5, link: '/personal' };
    expect(await remindEssayJudged(t.deps, u.user.id, 31, essay)).toBe(true);
    expect(await remindEssayJudged(t.deps, u.user.id, 31, essay)).toBe(false);
    expect(await remindsOf(u.user.id)).toEqual([
      {
        subject: '作文批改完成',
        content: '你的作文「Issue 12」已经批改完成，得分 4.5 分，快去看看评语吧。',
        link: '/personal',
        occasion: 'essay_judged:31',
      },
    ]);
    await turnOff(u, ['essay_judged']);
    expect(await remindEssayJudged(t.deps, u.user.id, 32, { ...essay, score: null })).toBe(false);
    expect(await remindsOf(u.user.id)).toHaveLength(1);
  });

  it('trade paid: one mail with the grant, however often the payment is reported', async () => {
    clock.set(shanghai(15, 60));
    const u = await learner();
    const init = await t.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: 2 }, { token: u.token });
    expect(init.err).toBeNull();
    const order = init.data.trade.order;
    for (let i = 0; i < 3; i++) await t.call(payCalls.sandboxAct, { order, action: 'pay' });
    await t.call(payCalls.checkPaid, { trade_id: init.data.trade.id }, { token: u.token });
    expect(await remindsOf(u.user.id)).toEqual([
      {
        subject: '支付成功',
        content: `你购买的「${init.data.title}」已支付成功，权益已经到账。`,
        link: '/personal',
        occasion: `trade_paid:${init.data.trade.id}`,
      },
    ]);
    const off = await learner();
    await turnOff(off, ['trade_paid']);
    const coins = await t.call(
      payCalls.init,
      { user_id: off.user.id, kind: 'FlashCoin', param: 1 },
      { token: off.token },
    );
    await t.call(payCalls.sandboxAct, { order: coins.data.trade.order, action: 'pay' });
    const paid = await t.call(payCalls.get, { id: coins.data.trade.id }, { token: off.token });
    expect(paid.data.trade.status).toBe('ApplySuccess');
    expect(await remindsOf(off.user.id)).toEqual([]);
  });
});
