import { randomUUID } from 'node:crypto';
import { payCalls, type TradeStatus } from '@gre/contracts';
import { auditLog, entitlements, trades } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, issueOpCode, tradeHistory, tradeRow, userRow, type TestUser } from '../../../test/fixtures.js';
import { ManualClock } from '../../lib/clock.js';
import { applyPayment } from './settle.js';

// /api/trade/list and /api/trade/resolve: the admin's trades, and the ManualInvalid queue settled by a person.

const clock = new ManualClock(new Date('2026-11-25T04:00:00Z'));
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await createUser(t.deps, { isAdmin: true, name: '管理员甲' });
});
afterAll(() => t.close());

/** A VIP month paid with the wrong amount: recorded as paid, then judged by the real grant step into ManualInvalid. */
async function wrongAmountTrade(buyer: TestUser, paidFen = 100): Promise<number> {
  const now = clock.now();
  const [row] = await t.deps.database.db
    .insert(trades)
    .values({
      userId: buyer.user.id,
      kind: 'VIP',
      param: 2,
      order: `T${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      status: 'PaySuccess',
      provider: 'sandbox',
      listPriceFen: 9_900,
      amountFen: 9_900,
      title: '会员（VIP）· 1 个月',
      paidFen,
      paidAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const judged = await applyPayment(t.deps, row!.id, 'notify');
  expect(judged.status).toBe('ManualInvalid');
  return row!.id;
}

async function resolve(by: TestUser, body: { trade_id: number; action: 'grant' | 'close'; reason?: string }) {
  return t.call(payCalls.resolve, { ...body, op_code: await issueOpCode(t.deps, by.user) }, { token: by.token });
}

const auditOf = (id: number) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetKind, 'trade'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

describe('trade/list', () => {
  it('filters by status, user and time, newest first, a page at a time, with what was paid', async () => {
    const buyer = await createUser(t.deps, { name: '买家乙' });
    const first = await wrongAmountTrade(buyer, 100);
    clock.advance(60_000);
    const second = await wrongAmountTrade(buyer, 200);
    const queue = await t.call(
      payCalls.list,
      { status: 'ManualInvalid', user_id: buyer.user.id },
      { token: admin.token },
    );
    expect(queue.data.items.map((x) => x.id)).toEqual([second, first]);
    expect(queue.data.items[0]).toMatchObject({
      status: 'ManualInvalid',
      user_name: '买家乙',
      price: 9_900,
      list_price: 9_900,
      paid_fen: 200,
      note: 'paid 200 fen, expected 9900',
    });
    expect(queue.data.page_control).toEqual({ page: 1, page_size: 20, total: 2 });

    const paged = await t.call(
      payCalls.list,
      { user_id: buyer.user.id, page_size: 1, page: 2 },
      { token: admin.token },
    );
    expect(paged.data.items.map((x) => x.id)).toEqual([first]);
    const secondAt = Math.floor(clock.now().getTime() / 1000);
    const since = await t.call(payCalls.list, { user_id: buyer.user.id, from_stamp: secondAt }, { token: admin.token });
    expect(since.data.items.map((x) => x.id)).toEqual([second]);
    const until = await t.call(payCalls.list, { user_id: buyer.user.id, to_stamp: secondAt }, { token: admin.token });
    expect(until.data.items.map((x) => x.id)).toEqual([first]);
    const none = await t.call(payCalls.list, { user_id: buyer.user.id, status: 'Refund' }, { token: admin.token });
    expect(none.data).toMatchObject({ items: [], page_control: { total: 0 } });
  });

  it('refuses a reversed time range and a learner', async () => {
    const bad = await t.call(payCalls.list, { from_stamp: 200, to_stamp: 100 }, { token: admin.token });
    expect(bad.err?.kind).toBe('invalid_input');
    const learner = await createUser(t.deps);
    expect((await t.call(payCalls.list, {}, { token: learner.token })).err?.kind).toBe('forbidden');
  });
});

describe('trade/resolve', () => {
  it('grants a ManualInvalid trade through the membership module, once, with an event and an audit row', async () => {
    const buyer = await createUser(t.deps);
    const id = await wrongAmountTrade(buyer);
    const granted = await resolve(admin, { trade_id: id, action: 'grant', reason: '差额已线下补齐' });
    expect(granted.data).toMatchObject({ id, status: 'ApplySuccess' });
    expect(granted.data.note).toContain('差额已线下补齐');
    const user = await userRow(t.deps, buyer.user.id);
    expect(user.roleKind).toBe('VIP');
    expect(user.roleExpiresAt!.getTime()).toBe(clock.now().getTime() + 30 * 86_400_000);

    const again = await resolve(admin, { trade_id: id, action: 'grant' });
    expect(again.err?.kind).toBe('conflict');
    expect((await userRow(t.deps, buyer.user.id)).roleExpiresAt).toEqual(user.roleExpiresAt);
    const periods = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.tradeId, id));
    expect(periods).toHaveLength(1);

    const moves = (await tradeHistory(t.deps, id)).map((e) => [e.fromStatus, e.toStatus, e.source]);
    expect(moves.at(-1)).toEqual(['ManualInvalid', 'ApplySuccess', 'admin']);
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.outcome, r.reason])).toEqual([
      ['done', null],
      ['refused', 'conflict'],
    ]);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'trade/resolve',
      before: { status: 'ManualInvalid', paid_fen: 100, price: 9_900 },
      after: { status: 'ApplySuccess', reason: '差额已线下补齐' },
    });
  });

  it('five admins resolving one trade at once grant it exactly once', async () => {
    const buyer = await createUser(t.deps);
    const id = await wrongAmountTrade(buyer);
    const admins = await Promise.all(Array.from({ length: 5 }, () => createUser(t.deps, { isAdmin: true })));
    const bodies = await Promise.all(admins.map(async (a) => ({ a, op_code: await issueOpCode(t.deps, a.user) })));
    const answers = await Promise.all(
      bodies.map(({ a, op_code }) =>
        t.call(payCalls.resolve, { trade_id: id, action: 'grant', op_code }, { token: a.token }),
      ),
    );
    expect(answers.filter((r) => r.ok)).toHaveLength(1);
    expect(answers.filter((r) => !r.ok).map((r) => r.err?.kind)).toEqual([
      'conflict',
      'conflict',
      'conflict',
      'conflict',
    ]);
    const periods = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.tradeId, id));
    expect(periods).toHaveLength(1);
    expect((await userRow(t.deps, buyer.user.id)).roleExpiresAt!.getTime()).toBe(
      clock.now().getTime() + 30 * 86_400_000,
    );
    expect((await auditOf(id)).map((r) => r.outcome).sort()).toEqual([
      'done',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
  });

  it('closes a ManualInvalid or ApplyFail trade as refunded, with the reason it needs', async () => {
    const buyer = await createUser(t.deps);
    const id = await wrongAmountTrade(buyer);
    const noReason = await resolve(admin, { trade_id: id, action: 'close', reason: '  ' });
    expect(noReason.err?.kind).toBe('invalid_input');
    const closed = await resolve(admin, { trade_id: id, action: 'close', reason: '已原路退款' });
    expect(closed.data).toMatchObject({ status: 'Refund' });
    expect(closed.data.note).toContain('已原路退款');
    expect((await userRow(t.deps, buyer.user.id)).roleKind).toBe('Trail');
    expect((await resolve(admin, { trade_id: id, action: 'grant' })).err?.kind).toBe('conflict');

    const failed = await wrongAmountTrade(buyer);
    await t.deps.database.db.update(trades).set({ status: 'ApplyFail' }).where(eq(trades.id, failed));
    expect((await resolve(admin, { trade_id: failed, action: 'grant' })).err?.kind).toBe('conflict');
    expect((await resolve(admin, { trade_id: failed, action: 'close', reason: '退款' })).data.status).toBe('Refund');
  });

  it('leaves trades a person need not settle alone; a grant a rule refuses rolls back whole', async () => {
    const buyer = await createUser(t.deps);
    for (const status of ['WaitPay', 'PaySuccess', 'ApplySuccess', 'Refund'] satisfies TradeStatus[]) {
      const id = await wrongAmountTrade(buyer);
      await t.deps.database.db.update(trades).set({ status }).where(eq(trades.id, id));
      expect((await resolve(admin, { trade_id: id, action: 'grant' })).err?.kind).toBe('conflict');
      expect((await resolve(admin, { trade_id: id, action: 'close', reason: '退款' })).err?.kind).toBe('conflict');
      expect((await tradeRow(t.deps, id)).status).toBe(status);
    }
    expect((await resolve(admin, { trade_id: 987_654_321, action: 'grant' })).err?.kind).toBe('not_found');

    // The learner bought SVIP meanwhile: granting the VIP month is refused by the membership rule, nothing moves.
    const svip = await createUser(t.deps, {
      roleKind: 'SVIP',
      roleExpiresAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const id = await wrongAmountTrade(svip);
    const refused = await resolve(admin, { trade_id: id, action: 'grant' });
    expect(refused.err?.kind).toBe('buy_role_exist');
    expect((await tradeRow(t.deps, id)).status).toBe('ManualInvalid');
    expect((await userRow(t.deps, svip.user.id)).roleKind).toBe('SVIP');
    expect((await auditOf(id)).map((r) => [r.outcome, r.reason])).toEqual([['refused', 'buy_role_exist']]);
  });

  it('needs the admin’s own live confirmation code', async () => {
    const buyer = await createUser(t.deps);
    const id = await wrongAmountTrade(buyer);
    const other = await createUser(t.deps, { isAdmin: true });
    const missing = await t.call(payCalls.resolve, { trade_id: id, action: 'grant' }, { token: admin.token });
    expect(missing.err?.kind).toBe('invalid_input');
    const othersCode = await issueOpCode(t.deps, other.user);
    const borrowed = await t.call(
      payCalls.resolve,
      { trade_id: id, action: 'grant', op_code: othersCode },
      { token: admin.token },
    );
    expect(borrowed.err?.kind).toBe('code_invalid');
    expect((await tradeRow(t.deps, id)).status).toBe('ManualInvalid');
    expect((await auditOf(id)).map((r) => [r.actorId, r.outcome, r.reason])).toEqual([
      [admin.user.id, 'refused', 'code_invalid'],
    ]);
  });
});
