import { bookCalls, permissionCalls, userCalls } from '@gre/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPackage, actorOf, createUser, issueOpCode, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { auditRows, auditRowsFor, storedUser } from './permission.fixtures.js';
import { manualGrantVip } from './rights.service.js';

let t: TestApp;
let admin: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true, name: '管理员' });
  await importPackage(t.deps.database.db, accessPackage());
});
afterAll(() => t.close());

const op = () => issueOpCode(t.deps, admin.user);
const learner = () => createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });

describe('access rights', () => {
  it('set_high gives the crown with the study materials, and takes both back', async () => {
    const l = await learner();
    const on = await t.call(permissionCalls.setHigh, { user_id: l.user.id, on: true, op_code: await op() }, admin);
    expect(on.err).toBeNull();
    expect(on.data).toMatchObject({ has_crown: true, material_access: true });
    const seen = await t.call(userCalls.get, {}, l);
    expect(seen.data.accessibility).toMatchObject({ has_crown: true, can_visit_material: true });
    const off = await t.call(permissionCalls.setHigh, { user_id: l.user.id, on: false, op_code: await op() }, admin);
    expect(off.data).toMatchObject({ has_crown: false, material_access: false });
    const [done, undone] = await auditRowsFor(t.deps, 'permission/set_high', l.user.id);
    expect(done).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', outcome: 'done', targetKind: 'user' });
    expect(done!.before).toMatchObject({ has_crown: false, can_visit_material: false });
    expect(done!.after).toMatchObject({ has_crown: true, can_visit_material: true });
    expect(undone!.after).toMatchObject({ has_crown: false });
  });

  it('set_higher opens the higher bank and its personal pages to an SVIP learner', async () => {
    const l = await createUser(t.deps, { roleKind: 'SVIP', roleExpiresAt: new Date(Date.now() + 30 * DAY) });
    const higherBooks = async () =>
      (await t.call(bookCalls.list, { kind: 'higher' }, l)).data.books.filter((b) => b.refusal !== null);
    expect((await higherBooks()).length).toBeGreaterThan(0);
    const r = await t.call(permissionCalls.setHigher, { user_id: l.user.id, on: true, op_code: await op() }, admin);
    expect(r.data.higher_access).toBe(true);
    expect((await t.call(userCalls.get, {}, l)).data.accessibility.show_higher_collect).toBe(true);
    expect(await higherBooks()).toEqual([]);
  });

  it('the shared tailor shelf and tailored-book uses, which never go below zero', async () => {
    const l = await learner();
    const shelf = await t.call(
      permissionCalls.assignCommonTailorUse,
      { user_id: l.user.id, on: true, op_code: await op() },
      admin,
    );
    expect(shelf.data.show_tailor_shelf).toBe(true);
    const add = (delta: number) =>
      op().then((code) =>
        t.call(permissionCalls.assignCustomTailorUse, { user_id: l.user.id, delta, op_code: code }, admin),
      );
    expect((await add(3)).data.custom_tailor_uses).toBe(3);
    expect((await add(-2)).data.custom_tailor_uses).toBe(1);
    const under = await add(-5);
    expect(under.err?.kind).toBe('conflict');
    expect(under.err?.show).toContain('只剩 1 次');
    expect((await storedUser(t.deps, l.user.id)).customTailorUses).toBe(1);
    const rows = await auditRowsFor(t.deps, 'permission/assign_custom_tailor_use', l.user.id);
    expect(rows.map((r) => r.outcome)).toEqual(['done', 'done', 'refused']);
    expect(rows[2]!.reason).toBe('conflict');
  });
});

describe('tiers', () => {
  it('manual_grant_vip grants, renews and converts like a purchase, with source manual; a lower tier is refused', async () => {
    const l = await learner();
    const vip = await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 30, op_code: await op() },
      admin,
    );
    expect(vip.data.role_kind).toBe('VIP');
    const firstEnd = vip.data.expire_stamp!;
    expect(firstEnd * 1000 - Date.now()).toBeGreaterThan(29 * DAY);
    const again = await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 7, op_code: await op() },
      admin,
    );
    expect(again.data.expire_stamp).toBe(firstEnd + 7 * 86_400);
    const svip = await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'SVIP', days: 30, op_code: await op() },
      admin,
    );
    expect(svip.data.role_kind).toBe('SVIP');
    const lower = await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 30, op_code: await op() },
      admin,
    );
    expect(lower.err?.kind).toBe('buy_role_exist');
    const full = await t.call(permissionCalls.getUser, { user_id: l.user.id }, admin);
    const manual = full.data.records.filter((r) => r.source === 'manual');
    expect(manual.map((r) => r.role_kind).sort()).toEqual(['SVIP', 'VIP', 'VIP']);
    expect((await t.call(userCalls.get, {}, l)).data.authority.role_kind).toBe('SVIP');
  });

  it('grants with the price table read inside the transaction, even when the settings cache is empty', async () => {
    // A write empties the instance's settings cache, and the service is called without the gate (whose read would
    // refill it), so the grant must read the prices itself: through its transaction, or on PGlite's one connection
    // the read would wait for that transaction forever.
    await t.deps.settings.setOverride('prices', { SVIP: { 2: 16_800 } });
    const l = await learner();
    const body = { user_id: l.user.id, tier: 'SVIP' as const, days: 7, op_code: await op() };
    expect((await manualGrantVip(t.deps, actorOf(admin), body)).role_kind).toBe('SVIP');
  });

  it('remove_vip puts the learner back on the base tier now and ends every period above it', async () => {
    const l = await learner();
    await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 30, op_code: await op() },
      admin,
    );
    await t.call(
      permissionCalls.manualGrantVip,
      { user_id: l.user.id, tier: 'VIP', days: 30, op_code: await op() },
      admin,
    );
    const removed = await t.call(permissionCalls.removeVip, { user_id: l.user.id, op_code: await op() }, admin);
    expect(removed.err).toBeNull();
    expect(removed.data).toMatchObject({ role_kind: 'Trail', expire_stamp: null });
    expect((await t.call(userCalls.get, {}, l)).data.authority.role_kind).toBe('Trail');
    const records = (await t.call(permissionCalls.getUser, { user_id: l.user.id }, admin)).data.records;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    for (const r of records.filter((x) => x.role_kind === 'VIP')) {
      expect(r.end_date).toBe(today);
      expect(r.start_date <= r.end_date).toBe(true);
    }
    const twice = await t.call(permissionCalls.removeVip, { user_id: l.user.id, op_code: await op() }, admin);
    expect(twice.err?.kind).toBe('conflict');
    const rows = await auditRowsFor(t.deps, 'permission/remove_vip', l.user.id);
    expect(rows.map((r) => [r.outcome, r.reason])).toEqual([
      ['done', null],
      ['refused', 'conflict'],
    ]);
    expect(rows[0]!.before).toMatchObject({ role_kind: 'VIP' });
    expect(rows[0]!.after).toMatchObject({ role_kind: 'Trail', role_expires_at: null });
  });
});

describe('flash coins', () => {
  it('follow a model of any additions and takes, never below zero; every take past the balance is refused and audited', async () => {
    const l = await learner();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -60, max: 60 }).filter((n) => n !== 0),
          { maxLength: 8 },
        ),
        async (deltas) => {
          let balance = (await storedUser(t.deps, l.user.id)).flashCoins;
          const before = (await auditRowsFor(t.deps, 'permission/manual_change_flash_coin', l.user.id)).length;
          let refused = 0;
          for (const delta of deltas) {
            const r = await t.call(
              permissionCalls.manualChangeFlashCoin,
              { user_id: l.user.id, delta, op_code: await op() },
              admin,
            );
            if (balance + delta < 0) {
              expect(r.err?.kind).toBe('conflict');
              refused += 1;
            } else {
              balance += delta;
              expect(r.data.flash_coins).toBe(balance);
            }
            expect((await storedUser(t.deps, l.user.id)).flashCoins).toBe(balance);
          }
          const rows = (await auditRowsFor(t.deps, 'permission/manual_change_flash_coin', l.user.id)).slice(before);
          expect(rows.filter((r) => r.outcome === 'refused')).toHaveLength(refused);
          expect(rows).toHaveLength(deltas.length);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('check_coin shows the balance and the manual changes behind it', async () => {
    const l = await learner();
    for (const delta of [50, -20]) {
      await t.call(permissionCalls.manualChangeFlashCoin, { user_id: l.user.id, delta, op_code: await op() }, admin);
    }
    const r = await t.call(permissionCalls.checkCoin, { user_id: l.user.id }, admin);
    expect(r.data.coins).toBe(30);
    expect(r.data.history.map((h) => [h.kind, h.delta])).toEqual(
      expect.arrayContaining([
        ['manual', 50],
        ['manual', -20],
      ]),
    );
    expect(r.data.history.reduce((s, h) => s + h.delta, 0)).toBe(30);
  });
});

describe('bad input and refusals', () => {
  it('an unknown user is not_found, changes nothing and is audited', async () => {
    const r = await t.call(
      permissionCalls.manualChangeFlashCoin,
      { user_id: 987_654, delta: 5, op_code: await op() },
      admin,
    );
    expect(r.err?.kind).toBe('not_found');
    const [row] = await auditRowsFor(t.deps, 'permission/manual_change_flash_coin', 987_654);
    expect(row).toMatchObject({ outcome: 'refused', reason: 'not_found', actorId: admin.user.id });
  });

  it('a wrong, reused or another admin’s code is code_invalid and the change is not made', async () => {
    const l = await learner();
    const other = await createUser(t.deps, { isAdmin: true });
    const theirs = await issueOpCode(t.deps, other.user);
    const body = (code: string) => ({ user_id: l.user.id, delta: 10, op_code: code });
    expect((await t.call(permissionCalls.manualChangeFlashCoin, body(theirs), admin)).err?.kind).toBe('code_invalid');
    const mine = await op();
    const wrong = mine === '000000' ? '111111' : '000000';
    expect((await t.call(permissionCalls.manualChangeFlashCoin, body(wrong), admin)).err?.kind).toBe('code_invalid');
    expect((await t.call(permissionCalls.manualChangeFlashCoin, body(mine), admin)).err).toBeNull();
    expect((await t.call(permissionCalls.manualChangeFlashCoin, body(mine), admin)).err?.kind).toBe('code_invalid');
    expect((await storedUser(t.deps, l.user.id)).flashCoins).toBe(10);
    const rows = await auditRowsFor(t.deps, 'permission/manual_change_flash_coin', l.user.id);
    expect(rows.map((r) => r.reason)).toEqual(['code_invalid', 'code_invalid', null, 'code_invalid']);
  });

  it('learners, teachers and operators are forbidden, and the attempt is audited', async () => {
    const l = await learner();
    for (const caller of [
      l,
      await createUser(t.deps, { isTeacher: true }),
      await createUser(t.deps, { isOperator: true }),
    ]) {
      const code = await issueOpCode(t.deps, caller.user);
      const r = await t.call(
        permissionCalls.manualGrantVip,
        { user_id: l.user.id, tier: 'SVIP', days: 30, op_code: code },
        caller,
      );
      expect(r.status).toBe(403);
      expect(r.err?.kind).toBe('forbidden');
      const mine = (await auditRows(t.deps, 'permission/manual_grant_vip')).filter((a) => a.actorId === caller.user.id);
      expect(mine).toMatchObject([{ outcome: 'refused', reason: 'forbidden' }]);
    }
    expect((await storedUser(t.deps, l.user.id)).roleKind).toBe('Trail');
  });

  it('bounds are declared in the contract: zero, negative days, too many coins', async () => {
    const l = await learner();
    const code = await op();
    const bad = [
      [permissionCalls.manualChangeFlashCoin, { user_id: l.user.id, delta: 0, op_code: code }],
      [permissionCalls.manualChangeFlashCoin, { user_id: l.user.id, delta: 1_000_000, op_code: code }],
      [permissionCalls.manualGrantVip, { user_id: l.user.id, tier: 'VIP', days: -3, op_code: code }],
      [permissionCalls.manualGrantVip, { user_id: l.user.id, tier: 'FreeVIP', days: 3, op_code: code }],
      [permissionCalls.setHigh, { user_id: l.user.id, on: true }],
    ] as const;
    for (const [call, body] of bad) expect((await t.call(call, body, admin)).err?.kind).toBe('invalid_input');
    // The code was never spent on a refused body: it still works.
    expect(
      (await t.call(permissionCalls.setHigh, { user_id: l.user.id, on: true, op_code: code }, admin)).err,
    ).toBeNull();
  });
});
