import { codeCalls, payCalls, userCalls } from '@gre/contracts';
import { sandboxOrders, trades } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  createUser,
  issueOpCode,
  sandboxThroughInject,
  tradeHistory,
  tradeRow,
  userRow,
} from '../../../test/fixtures.js';
import { runPaySweep } from '../../jobs/pay-sweep.js';
import { ManualClock } from '../../lib/clock.js';

const DAY = 86_400_000;
let t: TestApp;
const clock = new ManualClock(new Date('2026-11-25T04:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({}, { clock }, { beforeReady: sandboxThroughInject });
});
afterAll(() => t.close());

async function admin() {
  return createUser(t.deps, { isAdmin: true });
}

async function init(token: string, userId: number, kind: 'VIP' | 'SVIP' | 'FlashCoin', param: number, code?: string) {
  return t.call(payCalls.init, { user_id: userId, kind, param, ...(code ? { code } : {}) }, { token });
}

async function payOnSandbox(order: string, action: 'pay' | 'cancel' = 'pay') {
  return t.call(payCalls.sandboxAct, { order, action });
}

describe('a membership bought on the sandbox gateway', () => {
  it('creates a WaitPay trade priced from the table, pays on the sandbox page, grants VIP once', async () => {
    const u = await createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
    const r = await init(u.token, u.user.id, 'VIP', 2);
    expect(r.status).toBe(200);
    expect(r.data.trade.status).toBe('WaitPay');
    expect(r.data.price).toBe(9_900);
    expect(r.data.list_price).toBe(9_900);
    expect(r.data.title).toBe('会员（VIP）· 1 个月');
    expect(r.data.qrcode_text).toMatch(new RegExp(`/pay/sandbox/${r.data.trade.order}$`));
    expect(r.data.trade.order).toMatch(/^[0-9A-Z]{27}$/);

    const page = await t.call(payCalls.sandboxGet, { order: r.data.trade.order });
    expect(page.data).toMatchObject({ amount: 9_900, status: 'WaitPay', title: '会员（VIP）· 1 个月' });
    expect((await payOnSandbox(r.data.trade.order)).data.status).toBe('Paid');

    const polled = await t.call(payCalls.get, { id: r.data.trade.id }, { token: u.token });
    expect(polled.data.trade.status).toBe('ApplySuccess');
    expect(polled.data.user.authority.role_kind).toBe('VIP');
    const row = await userRow(t.deps, u.user.id);
    expect(row.roleExpiresAt!.getTime()).toBe(clock.now().getTime() + 30 * DAY);
    expect(row.records).toEqual([expect.objectContaining({ role_kind: 'VIP', source: 'trade' })]);
    const moves = (await tradeHistory(t.deps, r.data.trade.id)).map((e) => e.toStatus);
    expect(moves).toEqual(['None', 'WaitPay', 'PaySuccess', 'ApplySuccess']);

    // The same payment reported again by every path moves nothing and grants nothing more.
    expect((await payOnSandbox(r.data.trade.order)).data.status).toBe('Paid');
    const again = await t.call(payCalls.checkPaid, { trade_id: r.data.trade.id }, { token: u.token });
    expect(again.data.trade.status).toBe('ApplySuccess');
    expect((await userRow(t.deps, u.user.id)).roleExpiresAt!.getTime()).toBe(clock.now().getTime() + 30 * DAY);
  });

  it('renews from the later of now and the current expiry, and converts a running VIP into SVIP pro rata', async () => {
    const expiry = new Date(clock.now().getTime() + 10 * DAY);
    const u = await createUser(t.deps, { roleKind: 'VIP', baseRoleKind: 'Trail', roleExpiresAt: expiry });
    const renew = await init(u.token, u.user.id, 'VIP', 1);
    await payOnSandbox(renew.data.trade.order);
    expect((await userRow(t.deps, u.user.id)).roleExpiresAt!.getTime()).toBe(expiry.getTime() + 7 * DAY);

    const up = await init(u.token, u.user.id, 'SVIP', 2);
    expect(up.data.price).toBe(16_900);
    await payOnSandbox(up.data.trade.order);
    const row = await userRow(t.deps, u.user.id);
    expect(row.roleKind).toBe('SVIP');
    // 17 days of VIP at 99/30 per day buy 17 × 99 / 169 days of SVIP, then 30 more.
    const converted = Math.floor((17 * 86_400 * 9_900) / 16_900);
    expect(row.roleExpiresAt!.getTime()).toBe(clock.now().getTime() + (converted + 30 * 86_400) * 1000);
  });

  it('refuses a tier below the one held (buy_role_exist), allows flash coins to anyone', async () => {
    const u = await createUser(t.deps, {
      roleKind: 'SVIP',
      baseRoleKind: 'Trail',
      roleExpiresAt: new Date(clock.now().getTime() + DAY),
    });
    const r = await init(u.token, u.user.id, 'VIP', 2);
    expect(r.status).toBe(409);
    expect(r.err?.kind).toBe('buy_role_exist');
    const coins = await init(u.token, u.user.id, 'FlashCoin', 2);
    expect(coins.data.price).toBe(1_690);
    expect(coins.data.title).toBe('闪卡额度 · 100 题');
    await payOnSandbox(coins.data.trade.order);
    expect((await userRow(t.deps, u.user.id)).flashCoins).toBe(100);
  });

  it('one open trade per user and kind: a new one closes the old (PayCancel), which can no longer be paid', async () => {
    const u = await createUser(t.deps);
    const first = await init(u.token, u.user.id, 'VIP', 1);
    const second = await init(u.token, u.user.id, 'VIP', 2);
    expect((await tradeRow(t.deps, first.data.trade.id)).status).toBe('PayCancel');
    expect(second.data.trade.status).toBe('WaitPay');
    expect((await payOnSandbox(first.data.trade.order)).data.status).toBe('Closed');
    const other = await init(u.token, u.user.id, 'FlashCoin', 1);
    expect((await tradeRow(t.deps, second.data.trade.id)).status).toBe('WaitPay');
    expect(other.data.trade.status).toBe('WaitPay');
  });

  it('the payer cancelling on the gateway closes the trade (PayCancel) through the notification', async () => {
    const u = await createUser(t.deps);
    const r = await init(u.token, u.user.id, 'SVIP', 1);
    await payOnSandbox(r.data.trade.order, 'cancel');
    expect((await tradeRow(t.deps, r.data.trade.id)).status).toBe('PayCancel');
  });

  it('never lets the client choose the amount, the user, or see another learner’s trade', async () => {
    const u = await createUser(t.deps);
    const other = await createUser(t.deps);
    const forged = await t.call(
      payCalls.init,
      { user_id: u.user.id, kind: 'VIP', param: 2, price: 1 },
      { token: u.token },
    );
    expect(forged.status).toBe(400);
    const someoneElse = await init(u.token, other.user.id, 'VIP', 2);
    expect(someoneElse.err?.kind).toBe('forbidden');
    const bad = await init(u.token, u.user.id, 'FlashCoin', 4);
    expect(bad.err?.kind).toBe('invalid_input');
    const mine = await init(u.token, u.user.id, 'VIP', 2);
    const peek = await t.call(payCalls.get, { id: mine.data.trade.id }, { token: other.token });
    expect(peek.err?.kind).toBe('not_found');
  });
});

describe('when the notification never arrives', () => {
  it("'I have paid' asks the provider and grants", async () => {
    const u = await createUser(t.deps);
    const r = await init(u.token, u.user.id, 'VIP', 1);
    // The payer pays, but the gateway's notification goes nowhere.
    await t.deps.database.db
      .update(sandboxOrders)
      .set({ notifyUrl: 'http://127.0.0.1/nowhere' })
      .where(eq(sandboxOrders.order, r.data.trade.order));
    await payOnSandbox(r.data.trade.order);
    expect((await tradeRow(t.deps, r.data.trade.id)).status).toBe('WaitPay');
    const checked = await t.call(payCalls.checkPaid, { trade_id: r.data.trade.id }, { token: u.token });
    expect(checked.data.trade.status).toBe('ApplySuccess');
    expect(checked.data.user.authority.role_kind).toBe('VIP');
  });

  it('the expiry job closes an unpaid trade after 15 minutes (PayTimeout) and gives its code use back', async () => {
    const a = await admin();
    const now = Math.floor(clock.now().getTime() / 1000);
    const code = await t.call(
      codeCalls.create,
      {
        code: 'EXPIRE-1',
        name: '测试码',
        kind: 'percent',
        value: 20,
        start_stamp: now - 60,
        end_stamp: now + 86_400,
        max_uses: 1,
        op_code: await issueOpCode(t.deps, a.user),
      },
      { token: a.token },
    );
    expect(code.status).toBe(200);
    const u = await createUser(t.deps);
    const r = await init(u.token, u.user.id, 'VIP', 2, 'expire-1');
    expect(r.data.price).toBe(7_920);
    expect(r.data.code).toMatchObject({ name: '测试码', info: '8 折', valid: true });
    clock.advance(14 * 60_000);
    await runPaySweep(t.deps);
    expect((await tradeRow(t.deps, r.data.trade.id)).status).toBe('WaitPay');
    clock.advance(60_000);
    await runPaySweep(t.deps);
    expect((await tradeRow(t.deps, r.data.trade.id)).status).toBe('PayTimeout');
    expect((await payOnSandbox(r.data.trade.order)).data.status).toBe('Closed');
    const list = await t.call(codeCalls.list, { page: 1 }, { token: a.token });
    expect(list.data.items.find((c) => c.code === 'EXPIRE-1')?.used).toBe(0);
  });

  it('the sweep grants a paid trade whose grant never happened', async () => {
    const u = await createUser(t.deps);
    const r = await init(u.token, u.user.id, 'FlashCoin', 1);
    // As if the process died right after recording the payment.
    await t.deps.database.db
      .update(trades)
      .set({
        status: 'PaySuccess',
        providerTxnId: 'T-crash',
        paidFen: 990,
        paidAt: clock.now(),
        updatedAt: clock.now(),
      })
      .where(eq(trades.id, r.data.trade.id));
    clock.advance(31_000);
    const swept = await runPaySweep(t.deps);
    expect(swept.granted).toBe(1);
    expect((await userRow(t.deps, u.user.id)).flashCoins).toBe(50);
    expect((await tradeRow(t.deps, r.data.trade.id)).status).toBe('ApplySuccess');
  });
});

describe('discount codes', () => {
  it('a valid code lowers the price, never below ¥0.01; a used-up code is refused', async () => {
    const a = await admin();
    const now = Math.floor(clock.now().getTime() / 1000);
    await t.call(
      codeCalls.create,
      {
        code: 'HUGE',
        name: '大额券',
        kind: 'fixed',
        value: 1_000_000,
        start_stamp: now - 60,
        end_stamp: now + 3600,
        max_uses: 1,
        op_code: await issueOpCode(t.deps, a.user),
      },
      { token: a.token },
    );
    const u = await createUser(t.deps);
    const check = await t.call(codeCalls.get, { code: 'huge' }, { token: u.token });
    expect(check.data).toEqual({ code: 'HUGE', name: '大额券', info: '立减 ¥10000.00', valid: true });
    const r = await init(u.token, u.user.id, 'FlashCoin', 1, 'HUGE');
    expect(r.data.price).toBe(1);
    const v = await createUser(t.deps);
    const refused = await init(v.token, v.user.id, 'FlashCoin', 1, 'HUGE');
    expect(refused.err?.kind).toBe('discount_invalid');
    expect((await t.call(codeCalls.get, { code: 'HUGE' }, { token: v.token })).data.valid).toBe(false);
  });

  it('ten invalid codes in 24 hours freeze the account', async () => {
    const u = await createUser(t.deps);
    for (let i = 1; i <= 9; i++) {
      const r = await t.call(codeCalls.get, { code: `NOPE${i}` }, { token: u.token });
      expect(r.data.valid).toBe(false);
    }
    const tenth = await t.call(codeCalls.get, { code: 'NOPE10' }, { token: u.token });
    expect(tenth.err?.kind).toBe('user_frozen');
    expect((await userRow(t.deps, u.user.id)).isFreeze).toBe(true);
    expect((await t.call(userCalls.get, {}, { token: u.token })).status).toBe(401);
  });

  it('a withdrawn code stops applying; learners may not create or list codes', async () => {
    const a = await admin();
    const u = await createUser(t.deps);
    const now = Math.floor(clock.now().getTime() / 1000);
    const created = await t.call(
      codeCalls.create,
      {
        code: 'GONE',
        name: '撤回券',
        kind: 'fixed',
        value: 100,
        start_stamp: now - 60,
        end_stamp: now + 3600,
        max_uses: 5,
        op_code: await issueOpCode(t.deps, a.user),
      },
      { token: a.token },
    );
    expect((await t.call(codeCalls.markInvalid, { id: created.data.id }, { token: a.token })).data.invalid).toBe(true);
    expect((await t.call(codeCalls.get, { code: 'GONE' }, { token: u.token })).data.valid).toBe(false);
    expect((await t.call(codeCalls.list, { page: 1 }, { token: u.token })).err?.kind).toBe('forbidden');
  });
});

describe('prices', () => {
  it('the admin’s override prices new trades; the public table shows it', async () => {
    const a = await admin();
    const op = () => issueOpCode(t.deps, a.user);
    const set = await t.call(
      payCalls.setPrices,
      { override: { VIP: { 2: 8_800 } }, op_code: await op() },
      { token: a.token },
    );
    expect(set.data.VIP['2']).toBe(8_800);
    expect((await t.call(payCalls.prices, {})).data.SVIP['2']).toBe(16_900);
    const u = await createUser(t.deps);
    expect((await init(u.token, u.user.id, 'VIP', 2)).data.price).toBe(8_800);
    await t.call(payCalls.setPrices, { override: {}, op_code: await op() }, { token: a.token });
    const zero = { override: { VIP: { 2: 0 } }, op_code: await op() };
    expect((await t.call(payCalls.setPrices, zero, { token: a.token })).status).toBe(400);
  });
});
