import { codeCalls, mailCalls, payCalls, systemCalls, userCalls, type CallDef } from '@gre/contracts';
import { auditLog, discountCodes, notices } from '@gre/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, issueOpCode, type TestUser } from '../../../test/fixtures.js';

// The staff calls that existed before the audit log, each now writing its row in the unit of work of its change; the
// money- and role-changing ones (freeze, code/create, set_prices) behind a confirmation code, their refusals audited.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true });
});
afterAll(() => t.close());

const rowsOf = (action: string, targetId?: string) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(
      targetId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
    )
    .orderBy(auditLog.id);
const newest = async () => (await t.deps.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

async function asAdmin<C extends CallDef>(call: C, body: Record<string, unknown>, opCode = false) {
  const op = opCode ? { op_code: await issueOpCode(t.deps, admin.user) } : {};
  return t.call(call, { ...body, ...op }, { token: admin.token, ip: '10.9.8.7' });
}

describe('user/freeze', () => {
  it('ends every session of the user at once and records who froze whom, why, from which device and address', async () => {
    const learner = await createUser(t.deps);
    const second = await sessionFor(t.deps.database.db, learner.user.id, 'phone');
    const frozen = await asAdmin(
      userCalls.freeze,
      { user_id: learner.user.id, freeze: true, reason: '恶意刷题' },
      true,
    );
    expect(frozen.data.is_freeze).toBe(true);
    for (const token of [learner.token, second.token])
      expect((await t.call(userCalls.get, {}, { token })).err?.kind).toBe('unauthorized');
    const [row] = await rowsOf('user/freeze', String(learner.user.id));
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      targetKind: 'user',
      before: { is_freeze: false },
      after: { is_freeze: true, reason: '恶意刷题' },
      outcome: 'done',
      deviceId: admin.deviceId,
      ip: '10.9.8.7',
    });
    await asAdmin(userCalls.freeze, { user_id: learner.user.id, freeze: false }, true);
    expect((await rowsOf('user/freeze', String(learner.user.id))).map((r) => r.after)).toEqual([
      { is_freeze: true, reason: '恶意刷题' },
      { is_freeze: false, reason: '' },
    ]);
  });

  it('refused — a wrong code, an unknown user, oneself — changes nothing and is audited', async () => {
    const learner = await createUser(t.deps);
    const wrong = await t.call(
      userCalls.freeze,
      { user_id: learner.user.id, freeze: true, op_code: '000000' },
      { token: admin.token },
    );
    expect(wrong.err?.kind).toBe('code_invalid');
    expect((await t.call(userCalls.get, {}, { token: learner.token })).ok).toBe(true);
    expect((await asAdmin(userCalls.freeze, { user_id: 987_654_321, freeze: true }, true)).err?.kind).toBe('not_found');
    expect((await asAdmin(userCalls.freeze, { user_id: admin.user.id, freeze: true }, true)).err?.kind).toBe(
      'forbidden',
    );
    const rows = [
      ...(await rowsOf('user/freeze', String(learner.user.id))),
      ...(await rowsOf('user/freeze', '987654321')),
      ...(await rowsOf('user/freeze', String(admin.user.id))),
    ];
    expect(rows.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'code_invalid'],
      ['refused', 'not_found'],
      ['refused', 'forbidden'],
    ]);
  });
});

describe('discount codes', () => {
  const create = (code: string) => ({
    code,
    name: '审计券',
    kind: 'fixed',
    value: 500,
    start_stamp: 1_800_000_000,
    end_stamp: 1_900_000_000,
    max_uses: 5,
  });

  it('code/create records the code made; a duplicate or a missing code is refused and audited, nothing made', async () => {
    const made = await asAdmin(codeCalls.create, create('audit-1'), true);
    expect(made.ok).toBe(true);
    const [row] = await rowsOf('code/create', String(made.data.id));
    expect(row).toMatchObject({ targetKind: 'code', outcome: 'done', after: { code: 'AUDIT-1', max_uses: 5 } });

    const duplicate = await asAdmin(codeCalls.create, create('AUDIT-1'), true);
    expect(duplicate.err?.kind).toBe('conflict');
    expect(await rowsOf('code/create', 'AUDIT-1')).toMatchObject([{ outcome: 'refused', reason: 'conflict' }]);
    expect((await asAdmin(codeCalls.create, create('AUDIT-2'))).err?.kind).toBe('invalid_input');
    const stored = await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.name, '审计券'));
    expect(stored.map((c) => c.code)).toEqual(['AUDIT-1']);
  });

  it('code/mark_invalid records the code before and after', async () => {
    const made = await asAdmin(codeCalls.create, create('audit-3'), true);
    await asAdmin(codeCalls.markInvalid, { id: made.data.id });
    const [row] = await rowsOf('code/mark_invalid', String(made.data.id));
    expect(row).toMatchObject({ before: { invalid: false }, after: { invalid: true } });
    expect((await asAdmin(codeCalls.markInvalid, { id: 987_654_321 })).err?.kind).toBe('not_found');
    expect(await rowsOf('code/mark_invalid', '987654321')).toEqual([]);
  });
});

describe('site settings', () => {
  it('pay/set_prices records the override before and after; a refused one leaves the prices', async () => {
    await asAdmin(payCalls.setPrices, { override: { VIP: { 2: 8_800 } } }, true);
    await asAdmin(payCalls.setPrices, { override: { SVIP: { 1: 5_000 } } }, true);
    expect((await rowsOf('pay/set_prices')).slice(-1)[0]).toMatchObject({
      targetKind: 'prices',
      before: { VIP: { 2: 8_800 } },
      after: { SVIP: { 1: 5_000 } },
    });
    const refused = await t.call(payCalls.setPrices, { override: {}, op_code: '123456' }, { token: admin.token });
    expect(refused.err?.kind).toBe('code_invalid');
    expect((await t.call(payCalls.prices, {})).data.SVIP['1']).toBe(5_000);
    expect(await newest()).toMatchObject({ action: 'pay/set_prices', outcome: 'refused', reason: 'code_invalid' });
    await asAdmin(payCalls.setPrices, { override: {} }, true);
  });

  it('the maintenance switch and the lowest API version record what they were and became', async () => {
    await asAdmin(systemCalls.setMaintenance, { on: true });
    await asAdmin(systemCalls.setMaintenance, { on: false });
    expect((await rowsOf('admin/set_maintenance', 'maintenance')).map((r) => [r.before, r.after])).toEqual([
      [{ maintenance: false }, { maintenance: true }],
      [{ maintenance: true }, { maintenance: false }],
    ]);
    await asAdmin(systemCalls.setMinApiVersion, { min_api_version: 0 });
    expect(await newest()).toMatchObject({
      action: 'admin/set_min_api_version',
      targetKind: 'settings',
      targetId: 'min_api_version',
      before: { min_api_version: 0 },
      after: { min_api_version: 0 },
    });
  });
});

describe('mail/send_notice', () => {
  it('records the notice sent and to whom; a refused notice writes neither', async () => {
    const operator = await createUser(t.deps, { isOperator: true });
    const body = { subject: '停机通知', content: '<p>今晚维护</p>', audience: { kind: 'all' } };
    const sent = await t.call(mailCalls.sendNotice, body, { token: operator.token });
    const [row] = await rowsOf('mail/send_notice', String(sent.data.id));
    expect(row).toMatchObject({
      actorId: operator.user.id,
      actorRole: 'operator',
      targetKind: 'notice',
      after: { subject: '停机通知', audience: { kind: 'all' }, link: null },
    });
    const before = (await rowsOf('mail/send_notice')).length;
    const empty = await t.call(mailCalls.sendNotice, { ...body, content: '<p> </p>' }, { token: operator.token });
    expect(empty.err?.kind).toBe('invalid_input');
    expect(await rowsOf('mail/send_notice')).toHaveLength(before);
    expect(await t.deps.database.db.select().from(notices)).toHaveLength(1);
  });
});
