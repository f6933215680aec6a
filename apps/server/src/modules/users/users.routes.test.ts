import { shanghaiDate, userCalls } from '@gre/contracts';
import { sessions } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { issueOpCode } from '../../../test/op-code.js';
import { createUser, quietMessaging } from './users.fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

describe('get', () => {
  it('returns the spec User shape from the session row', async () => {
    const expires = new Date(Date.now() + 30 * 86_400_000);
    const { user, token } = await createUser(t.deps, {
      roleKind: 'VIP',
      baseRoleKind: 'Trail',
      roleExpiresAt: expires,
      flashCoins: 42,
      isTeacher: true,
      hasCrown: true,
      canVisitMaterial: true,
      records: [{ role_kind: 'VIP', source: 'trade', start_date: '2026-01-01', end_date: '2026-02-01' }],
    });
    const r = await t.call(userCalls.get, {}, { token });
    expect(r.data).toEqual({
      id: user.id,
      name: user.name,
      signature: '',
      is_admin: false,
      accessibility: {
        has_crown: true,
        show_tailor_shelf: false,
        show_higher_collect: false,
        can_visit_material: true,
      },
      data: {
        phone: null,
        email: user.email,
        today_aim: 50,
        created_at: user.createdAt.toISOString(),
        exam_ets_mode: true,
      },
      authority: {
        role_name: '会员',
        role_kind: 'VIP',
        expire_date: shanghaiDate(expires),
        flash_coins: 42,
        is_freeze: false,
        is_operator: false,
        is_teacher: true,
        records: [{ role_kind: 'VIP', source: 'trade', start_date: '2026-01-01', end_date: '2026-02-01' }],
      },
    });
  });

  it('shows the base tier, without an expiry, once a paid tier lapsed', async () => {
    const { token } = await createUser(t.deps, {
      roleKind: 'SVIP',
      baseRoleKind: 'FreeVIP',
      roleExpiresAt: new Date(Date.now() - 1000),
    });
    const r = await t.call(userCalls.get, {}, { token });
    expect(r.data.authority).toMatchObject({ role_kind: 'FreeVIP', role_name: '免费会员', expire_date: null });
  });

  it('dates the expiry in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(shanghaiDate(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
  });
});

describe('get_info and get_infos', () => {
  it('shows public info only', async () => {
    const { user } = await createUser(t.deps, { phone: '13800138000', signature: 'hi' });
    const me = await createUser(t.deps);
    const r = await t.call(userCalls.getInfo, { user_id: user.id }, { token: me.token });
    expect(r.data).toEqual({
      id: user.id,
      name: user.name,
      signature: 'hi',
      role_kind: 'Trail',
      role_name: '试用用户',
      is_teacher: false,
    });
  });

  it('answers not_found for an unknown id', async () => {
    const me = await createUser(t.deps);
    expect(await t.call(userCalls.getInfo, { user_id: 987_654_321 }, { token: me.token })).toMatchObject({
      status: 404,
      err: { kind: 'not_found' },
    });
  });

  it('leaves unknown ids out and keeps the asked order without duplicates', async () => {
    const me = await createUser(t.deps);
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    const r = await t.call(
      userCalls.getInfos,
      { user_ids: [b.user.id, 999_999_999, a.user.id, b.user.id] },
      { token: me.token },
    );
    expect(r.data.users.map((u) => u.id)).toEqual([b.user.id, a.user.id]);
  });

  it('takes up to 100 ids; more, zero, negative or fractional ids are invalid_input', async () => {
    const me = await createUser(t.deps);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect((await t.call(userCalls.getInfos, { user_ids: hundred }, { token: me.token })).ok).toBe(true);
    expect((await t.call(userCalls.getInfos, { user_ids: [] }, { token: me.token })).data).toEqual({ users: [] });
    for (const bad of [[...hundred, 101], [0], [-1], [1.5], ['1']]) {
      expect((await t.call(userCalls.getInfos, { user_ids: bad }, { token: me.token })).err?.kind).toBe(
        'invalid_input',
      );
    }
  });

  it('needs a login', async () => {
    expect((await t.call(userCalls.getInfos, { user_ids: [1] })).status).toBe(401);
  });
});

describe('get_profile', () => {
  it('lists live sessions and marks the current one', async () => {
    const a = await createUser(t.deps, { deviceId: 'dev-a' });
    const b = await t.call(
      userCalls.login,
      { account: a.user.email!, password: a.password },
      { deviceId: 'dev-b', ip: '10.5.0.1' },
    );
    const c = await t.call(
      userCalls.login,
      { account: a.user.email!, password: a.password },
      { deviceId: 'dev-c', ip: '10.5.0.1' },
    );
    await t.call(userCalls.logout, {}, { token: c.data.token });
    const r = await t.call(userCalls.getProfile, {}, { token: b.data.token });
    expect(r.data.user.id).toBe(a.user.id);
    expect(r.data.sessions.map((s) => [s.device_id, s.current]).sort()).toEqual([
      ['dev-a', false],
      ['dev-b', true],
    ]);
  });

  it('leaves idle sessions out', async () => {
    const a = await createUser(t.deps, { deviceId: 'dev-idle' });
    const b = await t.call(
      userCalls.login,
      { account: a.user.email!, password: a.password },
      { deviceId: 'dev-now', ip: '10.5.0.2' },
    );
    await t.deps.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 days'` })
      .where(eq(sessions.deviceId, 'dev-idle'));
    const r = await t.call(userCalls.getProfile, {}, { token: b.data.token });
    expect(r.data.sessions.map((s) => s.device_id)).toEqual(['dev-now']);
  });
});

describe('update_signature and update_today_aim', () => {
  it('strips control characters and keeps markup as plain text', async () => {
    const a = await createUser(t.deps);
    const r = await t.call(
      userCalls.updateSignature,
      { signature: ' <b>加油</b>\n\u202e<script>x</script> ' },
      { token: a.token },
    );
    expect(r.data.signature).toBe('<b>加油</b><script>x</script>');
    expect((await t.call(userCalls.get, {}, { token: a.token })).data.signature).toBe('<b>加油</b><script>x</script>');
  });

  it('bounds the signature to 100 characters', async () => {
    const a = await createUser(t.deps);
    expect((await t.call(userCalls.updateSignature, { signature: '字'.repeat(100) }, { token: a.token })).ok).toBe(
      true,
    );
    expect(
      (await t.call(userCalls.updateSignature, { signature: '字'.repeat(101) }, { token: a.token })).err?.kind,
    ).toBe('invalid_input');
  });

  it('sets the daily aim within 1..1000', async () => {
    const a = await createUser(t.deps);
    expect((await t.call(userCalls.updateTodayAim, { aim: 120 }, { token: a.token })).data.data.today_aim).toBe(120);
    for (const aim of [0, 1001, 2.5])
      expect((await t.call(userCalls.updateTodayAim, { aim }, { token: a.token })).err?.kind).toBe('invalid_input');
  });
});

describe('update_exam_ets_mode', () => {
  it('is on by default; switching it off and on is remembered for that learner only', async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    const off = await t.call(userCalls.updateExamEtsMode, { ets_mode: false }, { token: a.token });
    expect(off.data.data.exam_ets_mode).toBe(false);
    expect((await t.call(userCalls.get, {}, { token: a.token })).data.data.exam_ets_mode).toBe(false);
    expect((await t.call(userCalls.getProfile, {}, { token: a.token })).data.user.data.exam_ets_mode).toBe(false);
    expect((await t.call(userCalls.get, {}, { token: b.token })).data.data.exam_ets_mode).toBe(true);
    const on = await t.call(userCalls.updateExamEtsMode, { ets_mode: true }, { token: a.token });
    expect(on.data.data.exam_ets_mode).toBe(true);
    expect((await t.call(userCalls.get, {}, { token: a.token })).data.data.exam_ets_mode).toBe(true);
  });

  it('takes a boolean only, and a logged-in caller', async () => {
    const a = await createUser(t.deps);
    for (const body of [{}, { ets_mode: 'false' }, { ets_mode: 0 }, { ets_mode: true, user_id: 1 }])
      expect((await t.call(userCalls.updateExamEtsMode, body, { token: a.token })).err?.kind).toBe('invalid_input');
    expect(await t.call(userCalls.updateExamEtsMode, { ets_mode: false })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
    expect((await t.call(userCalls.get, {}, { token: a.token })).data.data.exam_ets_mode).toBe(true);
  });
});

describe('freeze', () => {
  it('is for admins only', async () => {
    const target = await createUser(t.deps);
    for (const staff of [{}, { isOperator: true }, { isTeacher: true }]) {
      const caller = await createUser(t.deps, staff);
      expect(
        await t.call(
          userCalls.freeze,
          { user_id: target.user.id, freeze: true, op_code: await issueOpCode(t.deps, caller.user) },
          { token: caller.token },
        ),
      ).toMatchObject({
        status: 403,
        err: { kind: 'forbidden' },
      });
    }
    expect((await t.call(userCalls.get, {}, { token: target.token })).ok).toBe(true);
  });

  it('ends every session at once; unfreezing lets the user log in again but does not revive old tokens', async () => {
    const admin = await createUser(t.deps, { isAdmin: true });
    const target = await createUser(t.deps);
    const frozen = await t.call(
      userCalls.freeze,
      { user_id: target.user.id, freeze: true, op_code: await issueOpCode(t.deps, admin.user) },
      { token: admin.token },
    );
    expect(frozen.data).toMatchObject({ id: target.user.id, is_freeze: true });
    expect(await t.call(userCalls.get, {}, { token: target.token })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
    expect(
      (await t.call(userCalls.login, { account: target.user.email!, password: target.password }, { ip: '10.6.0.1' }))
        .err?.kind,
    ).toBe('user_frozen');

    const thawed = await t.call(
      userCalls.freeze,
      { user_id: target.user.id, freeze: false, op_code: await issueOpCode(t.deps, admin.user) },
      { token: admin.token },
    );
    expect(thawed.data.is_freeze).toBe(false);
    expect((await t.call(userCalls.get, {}, { token: target.token })).status).toBe(401);
    expect(
      (await t.call(userCalls.login, { account: target.user.email!, password: target.password }, { ip: '10.6.0.1' }))
        .ok,
    ).toBe(true);
  });

  it('an admin cannot freeze themselves; an unknown id is not_found', async () => {
    const admin = await createUser(t.deps, { isAdmin: true });
    expect(
      await t.call(
        userCalls.freeze,
        { user_id: admin.user.id, freeze: true, op_code: await issueOpCode(t.deps, admin.user) },
        { token: admin.token },
      ),
    ).toMatchObject({
      status: 403,
      err: { kind: 'forbidden' },
    });
    expect((await t.call(userCalls.get, {}, { token: admin.token })).ok).toBe(true);
    expect(
      (
        await t.call(
          userCalls.freeze,
          { user_id: 987_654_321, freeze: true, op_code: await issueOpCode(t.deps, admin.user) },
          { token: admin.token },
        )
      ).err?.kind,
    ).toBe('not_found');
  });
});
