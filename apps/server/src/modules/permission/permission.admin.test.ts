import { permissionCalls } from '@gre/contracts';
import { dailyActivity, entitlements, questionOpens, tradeEvents, trades, users } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessPackage,
  actorOf,
  auditRowsFor,
  createUser,
  issueOpCode,
  type TestUser,
} from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { giftNewmen } from './newman.service.js';

let t: TestApp;
let admin: TestUser;
const at = (s: string) => new Date(s);
let orders = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true });
  await importPackage(t.deps.database.db, accessPackage());
});
afterAll(() => t.close());

const op = () => issueOpCode(t.deps, admin.user);

/** A trade granted at `grantedAt` (its ApplySuccess event), paying `fen`. */
async function paidTrade(userId: number, kind: 'VIP' | 'SVIP' | 'FlashCoin', fen: number, grantedAt: Date) {
  orders += 1;
  const [trade] = await t.deps.database.db
    .insert(trades)
    .values({
      userId,
      kind,
      param: 2,
      order: `GTESTREPORT${String(orders).padStart(15, '0')}`,
      status: 'ApplySuccess',
      provider: 'sandbox',
      listPriceFen: fen,
      amountFen: fen,
      paidFen: fen,
      title: 't',
      expiresAt: grantedAt,
      createdAt: grantedAt,
      updatedAt: grantedAt,
    })
    .returning();
  await t.deps.database.db.insert(tradeEvents).values({
    tradeId: trade!.id,
    fromStatus: 'PaySuccess',
    toStatus: 'ApplySuccess',
    source: 'notify',
    createdAt: grantedAt,
  });
  if (kind !== 'FlashCoin')
    await t.deps.database.db.insert(entitlements).values({
      userId,
      roleKind: kind,
      source: 'trade',
      tradeId: trade!.id,
      startsAt: grantedAt,
      endsAt: new Date(grantedAt.getTime() + 30 * 86_400_000),
    });
  return trade!;
}

describe('finding users', () => {
  it('by part of a name, e-mail or phone and by id, filtered by tier, staff flag and freeze, a page at a time', async () => {
    const a = await createUser(t.deps, { name: '查找甲', phone: '13900001111', email: null });
    const b = await createUser(t.deps, { name: '查找乙', email: 'findme-b@test.gre', isTeacher: true });
    const c = await createUser(t.deps, {
      name: '查找丙',
      isFreeze: true,
      roleKind: 'VIP',
      roleExpiresAt: at('2099-01-01'),
    });
    const find = async (body: Record<string, unknown>) =>
      (await t.call(permissionCalls.findUsers, body, admin)).data.items.map((u) => u.id);
    expect(await find({ query: '查找' })).toEqual([c.user.id, b.user.id, a.user.id]);
    expect(await find({ query: '00001111' })).toEqual([a.user.id]);
    expect(await find({ query: 'FINDME-B' })).toEqual([b.user.id]);
    expect(await find({ query: String(c.user.id) })).toContain(c.user.id);
    expect(await find({ query: '查找', staff: 'teacher' })).toEqual([b.user.id]);
    expect(await find({ query: '查找', frozen: true })).toEqual([c.user.id]);
    expect(await find({ query: '查找', role_kind: 'VIP' })).toEqual([c.user.id]);
    expect(await find({ query: '100%_' })).toEqual([]);
    const page2 = await t.call(permissionCalls.findUsers, { query: '查找', page: 2, page_size: 2 }, admin);
    expect(page2.data.items.map((u) => u.id)).toEqual([a.user.id]);
    expect(page2.data.page_control).toEqual({ page: 2, page_size: 2, total: 3 });
    expect(page2.data.items[0]).toMatchObject({ phone: '13900001111', role_kind: 'Trail', is_freeze: false });
  });

  it('get_user shows the periods held and the recent trades; an unknown id is not_found', async () => {
    const l = await createUser(t.deps);
    await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 30, op_code: await op() },
      admin,
    );
    const trade = await paidTrade(l.user.id, 'FlashCoin', 1690, new Date());
    const r = await t.call(permissionCalls.getUser, { user_id: l.user.id }, admin);
    expect(r.data.user.role_kind).toBe('VIP');
    expect(r.data.records).toMatchObject([{ role_kind: 'VIP', source: 'manual' }]);
    expect(r.data.trades.map((x) => x.id)).toEqual([trade.id]);
    const coins = await t.call(permissionCalls.checkCoin, { user_id: l.user.id }, admin);
    expect(coins.data.history).toMatchObject([{ kind: 'trade', delta: 100, note: trade.order }]);
    expect((await t.call(permissionCalls.getUser, { user_id: 424_242 }, admin)).err?.kind).toBe('not_found');
  });
});

describe('the newman gift', () => {
  it('checks who qualifies and gifts each of them FreeVIP once, however often it runs', async () => {
    const make = (createdAt: string, extra: Parameters<typeof createUser>[1] = {}) =>
      createUser(t.deps, { createdAt: at(createdAt), ...extra });
    const first = await make('2025-03-01T00:30:00+08:00');
    const last = await make('2025-03-02T23:59:59+08:00');
    await make('2025-02-28T23:59:59+08:00');
    await make('2025-03-03T00:00:00+08:00');
    await make('2025-03-01T10:00:00+08:00', { isTeacher: true });
    await make('2025-03-01T10:00:00+08:00', { isFreeze: true });
    const paid = await make('2025-03-01T11:00:00+08:00');
    await paidTrade(paid.user.id, 'VIP', 9900, at('2025-03-01T12:00:00+08:00'));
    const range = { from: '2025-03-01', to: '2025-03-02' };
    const check = await t.call(permissionCalls.batchCheckNewman, range, admin);
    expect(check.data.total).toBe(2);
    expect(check.data.items.map((u) => u.id)).toEqual([first.user.id, last.user.id]);

    const gift = await t.call(permissionCalls.batchNewmanGift, { ...range, days: 14, op_code: await op() }, admin);
    expect(gift.data).toEqual({ gifted: [first.user.id, last.user.id], remaining: 0 });
    const again = await t.call(permissionCalls.batchNewmanGift, { ...range, days: 14, op_code: await op() }, admin);
    expect(again.data).toEqual({ gifted: [], remaining: 0 });
    for (const u of [first, last]) {
      const periods = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, u.user.id));
      expect(periods).toMatchObject([{ roleKind: 'FreeVIP', source: 'gift' }]);
      expect((await auditRowsFor(t.deps, 'permission/batch_newman_gift', u.user.id)).length).toBe(1);
    }
    expect((await t.call(permissionCalls.batchCheckNewman, range, admin)).data.total).toBe(0);
  });

  it('gifts with the price table read inside the transaction when the settings cache is empty', async () => {
    const u = await createUser(t.deps, { createdAt: at('2025-05-05T09:00:00+08:00') });
    await t.deps.settings.setOverride('prices', { SVIP: { 2: 16_800 } });
    const body = { from: '2025-05-05', to: '2025-05-05', days: 7, op_code: await op() };
    expect((await giftNewmen(t.deps, actorOf(admin), body)).gifted).toEqual([u.user.id]);
  });

  it('two runs at once gift each user once', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t.deps, { createdAt: at(`2025-04-0${i + 1}T09:00:00+08:00`) })),
    );
    const range = { from: '2025-04-01', to: '2025-04-06', days: 7 };
    const [a, b] = await Promise.all([
      op().then((code) => t.call(permissionCalls.batchNewmanGift, { ...range, op_code: code }, admin)),
      op().then((code) => t.call(permissionCalls.batchNewmanGift, { ...range, op_code: code }, admin)),
    ]);
    const gifted = [...(a.data?.gifted ?? []), ...(b.data?.gifted ?? [])].sort((x, y) => x - y);
    expect(gifted).toEqual(made.map((u) => u.user.id).sort((x, y) => x - y));
    const [count] = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entitlements)
      .where(sql`${entitlements.source} = 'gift' and ${entitlements.userId} in ${made.map((u) => u.user.id)}`);
    expect(count!.n).toBe(6);
  });

  it('refuses a range that ends before it starts or runs past a year', async () => {
    const bad = [
      { from: '2025-03-02', to: '2025-03-01' },
      { from: '2024-01-01', to: '2025-06-01' },
      { from: '2025-02-30', to: '2025-03-01' },
    ];
    for (const range of bad)
      expect((await t.call(permissionCalls.batchCheckNewman, range, admin)).err?.kind).toBe('invalid_input');
  });
});

describe('the report', () => {
  it('counts users, active learners, sales by day and kind, and conversion from the rows themselves', async () => {
    const day1 = '2024-05-01T10:00:00+08:00';
    const day2 = '2024-05-02T23:30:00+08:00';
    const a = await createUser(t.deps, { createdAt: at(day1) });
    const b = await createUser(t.deps, { createdAt: at(day1) });
    const c = await createUser(t.deps, { createdAt: at(day2) });
    await paidTrade(a.user.id, 'VIP', 9900, at(day1));
    await paidTrade(b.user.id, 'FlashCoin', 990, at(day2));
    await paidTrade(b.user.id, 'SVIP', 16900, at(day2));
    await paidTrade(c.user.id, 'VIP', 3900, at('2024-05-04T00:00:00+08:00'));
    const db = t.deps.database.db;
    await db.insert(questionOpens).values([
      { userId: a.user.id, day: '2024-05-01', questionId: 'q-pub' },
      { userId: a.user.id, day: '2024-05-01', questionId: 'q-lock' },
      { userId: b.user.id, day: '2024-05-02', questionId: 'q-pub' },
    ]);
    await db.insert(dailyActivity).values([
      { userId: a.user.id, day: '2024-05-01', signedIn: true },
      { userId: c.user.id, day: '2024-05-02', questions: 3 },
      { userId: c.user.id, day: '2024-05-03', words: 5 },
    ]);
    const r = await t.call(permissionCalls.getReport, { from: '2024-05-01', to: '2024-05-03' }, admin);
    expect(r.err).toBeNull();
    expect(r.data.days).toEqual([
      {
        day: '2024-05-01',
        new_users: 2,
        active_learners: 1,
        trades: 1,
        sales_fen: { VIP: 9900, SVIP: 0, FlashCoin: 0 },
      },
      {
        day: '2024-05-02',
        new_users: 1,
        active_learners: 2,
        trades: 2,
        sales_fen: { VIP: 0, SVIP: 16900, FlashCoin: 990 },
      },
      { day: '2024-05-03', new_users: 0, active_learners: 1, trades: 0, sales_fen: { VIP: 0, SVIP: 0, FlashCoin: 0 } },
    ]);
    // a and b paid for a tier (c only after the range, which still counts: conversion is "since").
    expect(r.data.conversion).toEqual({ registered: 3, paid: 3, rate: 1 });
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(r.data.users.total).toBe(all!.n);
    expect(Object.values(r.data.users.by_role).reduce((s, n) => s + n, 0)).toBe(all!.n);
  });
});
