import { permissionCalls, voucherCalls, type CallRequest } from '@gre/contracts';
import { voucherRedemptions, vouchers } from '@gre/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorOf,
  auditRows,
  auditRowsFor,
  createUser,
  issueOpCode,
  storedUser,
  type TestUser,
} from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { redeemVoucher } from './vouchers.service.js';

let t: TestApp;
let admin: TestUser;
const HOUR = 3600;
const nowSec = () => Math.floor(Date.now() / 1000);
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true });
});
afterAll(() => t.close());

const op = () => issueOpCode(t.deps, admin.user);
const learner = () => createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
type AddBody = CallRequest<typeof voucherCalls.addVoucher>;

/** A live coins voucher unless `extra` says otherwise; its code is unique per call. */
async function addVoucher(extra: Partial<AddBody> = {}) {
  serial += 1;
  const body = {
    code: `test-${serial}-${Math.random().toString(36).slice(2, 8)}`,
    name: '测试兑换码',
    grant_kind: 'coins' as const,
    coins: 20,
    use_limit: 5,
    start_stamp: nowSec() - HOUR,
    end_stamp: nowSec() + 24 * HOUR,
    op_code: await op(),
    ...extra,
  };
  const r = await t.call(voucherCalls.addVoucher, body, admin);
  if (r.err) throw new Error(`add_voucher: ${r.err.kind} ${r.err.detail}`);
  return r.data;
}

describe('admin voucher calls', () => {
  it('add, list, update and delete, each with its audit row', async () => {
    const v = await addVoucher({ grant_kind: 'tier', coins: undefined, role_kind: 'VIP', days: 7 });
    expect(v).toMatchObject({ grant_kind: 'tier', role_kind: 'VIP', days: 7, coins: null, used_count: 0 });
    expect(v.code).toBe(v.code.toUpperCase());
    const listed = await t.call(voucherCalls.getVouchers, {}, admin);
    expect(listed.data.items.map((x) => x.id)).toContain(v.id);
    const up = await t.call(
      voucherCalls.updateVoucher,
      { id: v.id, name: '改名', use_limit: 9, op_code: await op() },
      admin,
    );
    expect(up.data).toMatchObject({ name: '改名', use_limit: 9, role_kind: 'VIP' });
    const del = await t.call(voucherCalls.deleteVoucher, { id: v.id, op_code: await op() }, admin);
    expect(del.data.deleted).toBe(true);
    expect((await t.call(voucherCalls.getVouchers, {}, admin)).data.items.map((x) => x.id)).not.toContain(v.id);
    const withDeleted = await t.call(voucherCalls.getVouchers, { include_deleted: true }, admin);
    expect(withDeleted.data.items.map((x) => x.id)).toContain(v.id);
    const again = await t.call(voucherCalls.deleteVoucher, { id: v.id, op_code: await op() }, admin);
    expect(again.err?.kind).toBe('not_found');
    const rows = await auditRowsFor(t.deps, 'permission/update_voucher', v.id);
    expect(rows[0]!.before).toMatchObject({ name: '测试兑换码', use_limit: 5 });
    expect(rows[0]!.after).toMatchObject({ name: '改名', use_limit: 9 });
    expect((await auditRowsFor(t.deps, 'permission/delete_voucher', v.id)).map((r) => r.outcome)).toEqual([
      'done',
      'refused',
    ]);
  });

  it('refuses a taken code, a limit below the uses taken, a window that ends first and a mixed grant', async () => {
    const v = await addVoucher({ use_limit: 2 });
    const same = await t.call(
      voucherCalls.addVoucher,
      {
        code: v.code.toLowerCase(),
        name: 'x',
        grant_kind: 'coins',
        coins: 1,
        use_limit: 1,
        start_stamp: v.start_stamp,
        end_stamp: v.end_stamp,
        op_code: await op(),
      },
      admin,
    );
    expect(same.err?.kind).toBe('conflict');
    await t.call(voucherCalls.redeem, { code: v.code }, await learner());
    await t.call(voucherCalls.redeem, { code: v.code }, await learner());
    const low = await t.call(voucherCalls.updateVoucher, { id: v.id, use_limit: 0, op_code: await op() }, admin);
    expect(low.err?.kind).toBe('invalid_input');
    const below = await t.call(voucherCalls.updateVoucher, { id: v.id, use_limit: 1, op_code: await op() }, admin);
    expect(below.err?.kind).toBe('conflict');
    const early = await t.call(
      voucherCalls.updateVoucher,
      { id: v.id, end_stamp: v.start_stamp - 10, op_code: await op() },
      admin,
    );
    expect(early.err?.kind).toBe('invalid_input');
    const mixed = await t.call(
      voucherCalls.addVoucher,
      {
        code: 'MIXED-1',
        name: 'x',
        grant_kind: 'tier',
        coins: 5,
        use_limit: 1,
        start_stamp: 0,
        end_stamp: 10,
        op_code: await op(),
      },
      admin,
    );
    expect(mixed.err?.kind).toBe('invalid_input');
    const [row] = await t.deps.database.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row).toMatchObject({ useLimit: 2, usedCount: 2 });
    expect((await auditRowsFor(t.deps, 'permission/update_voucher', v.id)).map((r) => r.reason)).toEqual([
      'conflict',
      'invalid_input',
    ]);
  });

  it('learners cannot manage vouchers', async () => {
    const l = await learner();
    const r = await t.call(voucherCalls.getVouchers, {}, l);
    expect(r.err?.kind).toBe('forbidden');
    const add = await t.call(voucherCalls.deleteVoucher, { id: 1, op_code: await issueOpCode(t.deps, l.user) }, l);
    expect(add.err?.kind).toBe('forbidden');
    expect((await auditRows(t.deps, 'permission/delete_voucher')).filter((a) => a.actorId === l.user.id)).toHaveLength(
      1,
    );
  });
});

describe('redeeming', () => {
  it('grants coins or a tier once per learner, with the user as they are after it', async () => {
    const coins = await addVoucher({ coins: 30 });
    const l = await learner();
    const r = await t.call(voucherCalls.redeem, { code: coins.code.toLowerCase() }, l);
    expect(r.err).toBeNull();
    expect(r.data.voucher).toMatchObject({ grant_kind: 'coins', coins: 30 });
    expect(r.data.user.authority.flash_coins).toBe(30);
    const twice = await t.call(voucherCalls.redeem, { code: coins.code }, l);
    expect(twice.err?.kind).toBe('conflict');
    expect(twice.err?.show).toBe('你已经兑换过这个兑换码');
    expect((await storedUser(t.deps, l.user.id)).flashCoins).toBe(30);
    const history = await t.call(permissionCalls.checkCoin, { user_id: l.user.id }, admin);
    expect(history.data.history).toMatchObject([{ kind: 'voucher', delta: 30, note: coins.code }]);

    const tier = await addVoucher({ grant_kind: 'tier', coins: undefined, role_kind: 'FreeVIP', days: 14 });
    const got = await t.call(voucherCalls.redeem, { code: tier.code }, l);
    expect(got.data.user.authority.role_kind).toBe('FreeVIP');
    expect(got.data.user.authority.records.at(-1)).toMatchObject({ role_kind: 'FreeVIP', source: 'gift' });
    const audit = await auditRowsFor(t.deps, 'voucher/redeem', tier.id);
    expect(audit).toMatchObject([{ actorId: l.user.id, actorRole: 'learner', outcome: 'done' }]);
  });

  it('grants a tier with the price table read inside the transaction when the settings cache is empty', async () => {
    const v = await addVoucher({ grant_kind: 'tier', coins: undefined, role_kind: 'SVIP', days: 3 });
    const l = await learner();
    await t.deps.settings.setOverride('prices', { SVIP: { 2: 16_800 } });
    expect((await redeemVoucher(t.deps, actorOf(l), v.code)).user.authority.role_kind).toBe('SVIP');
  });

  it('answers each refusal with its kind and a Chinese reason, and changes nothing', async () => {
    const l = await createUser(t.deps, { roleKind: 'SVIP', roleExpiresAt: new Date(Date.now() + 9 * 86_400_000) });
    const future = await addVoucher({ start_stamp: nowSec() + HOUR, end_stamp: nowSec() + 2 * HOUR });
    const past = await addVoucher({ start_stamp: nowSec() - 2 * HOUR, end_stamp: nowSec() - HOUR });
    const gone = await addVoucher();
    await t.call(voucherCalls.deleteVoucher, { id: gone.id, op_code: await op() }, admin);
    const lower = await addVoucher({ grant_kind: 'tier', coins: undefined, role_kind: 'VIP', days: 7 });
    const full = await addVoucher({ use_limit: 1 });
    await t.call(voucherCalls.redeem, { code: full.code }, await learner());
    const cases: [string, string, string][] = [
      ['NOPE-NOPE', 'not_found', '兑换码不存在'],
      [future.code, 'conflict', '该兑换码尚未到使用时间'],
      [past.code, 'conflict', '该兑换码已过期'],
      [gone.code, 'not_found', '兑换码不存在'],
      [lower.code, 'buy_role_exist', '你已是更高等级的会员，无需兑换此兑换码'],
      [full.code, 'conflict', '该兑换码已被兑换完'],
    ];
    for (const [code, kind, show] of cases) {
      const r = await t.call(voucherCalls.redeem, { code }, l);
      expect([code, r.err?.kind, r.err?.show]).toEqual([code, kind, show]);
    }
    const mine = await t.deps.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.userId, l.user.id));
    expect(mine).toEqual([]);
    expect(await storedUser(t.deps, l.user.id)).toMatchObject({ flashCoins: 0, roleKind: 'SVIP' });
    const refused = (await auditRows(t.deps, 'voucher/redeem')).filter((a) => a.actorId === l.user.id);
    expect(refused.map((a) => a.reason)).toEqual(cases.map((c) => c[1]));
    expect((await t.call(voucherCalls.redeem, { code: 'ab' }, l)).err?.kind).toBe('invalid_input');
  });

  it('unknown codes are limited per learner; known ones do not count', async () => {
    const l = await learner();
    const known = await addVoucher({ start_stamp: nowSec() + HOUR, end_stamp: nowSec() + 2 * HOUR });
    for (let i = 0; i < 25; i++) await t.call(voucherCalls.redeem, { code: known.code }, l);
    for (let i = 0; i < 20; i++)
      expect((await t.call(voucherCalls.redeem, { code: `MISS-${i}` }, l)).err?.kind).toBe('not_found');
    expect((await t.call(voucherCalls.redeem, { code: 'MISS-X' }, l)).err?.kind).toBe('rate_limited');
  });
});

describe('concurrent redemptions', () => {
  it('never pass the use limit, and each learner redeems once, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }),
        async (limit, tries) => {
          const v = await addVoucher({ use_limit: limit, coins: 7 });
          const learners = await Promise.all(tries.map(() => learner()));
          const attempts = learners.flatMap((l, i) =>
            Array.from({ length: tries[i]! }, () => t.call(voucherCalls.redeem, { code: v.code }, l)),
          );
          const results = await Promise.all(attempts);
          const granted = results.filter((r) => r.err === null).length;
          expect(granted).toBe(Math.min(limit, learners.length));
          for (const r of results) if (r.err) expect(['conflict']).toContain(r.err.kind);
          const [row] = await t.deps.database.db.select().from(vouchers).where(eq(vouchers.id, v.id));
          expect(row!.usedCount).toBe(granted);
          const redemptions = await t.deps.database.db
            .select()
            .from(voucherRedemptions)
            .where(eq(voucherRedemptions.voucherId, v.id));
          expect(redemptions).toHaveLength(granted);
          expect(new Set(redemptions.map((r) => r.userId)).size).toBe(granted);
          for (const l of learners) {
            const redeemed = redemptions.some((r) => r.userId === l.user.id);
            expect((await storedUser(t.deps, l.user.id)).flashCoins).toBe(redeemed ? 7 : 0);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
