import {
  QUOTA_COUNT_MAX,
  QUOTA_DEFAULTS,
  QUOTA_ROLES,
  ROLE_NAMES,
  quotaCalls,
  userCalls,
  type QuotaTable,
} from '@gre/contracts';
import { auditLog } from '@gre/db';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, examTestApp, lastCodeFor, learner, nextShanghaiNoon, publicIds } from '../../../test/fixtures.js';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { roleQuota } from '../../lib/quota.js';
import { quotaOverrideOf } from './quotas.service.js';

// The role quotas table of /web_manage: one source, the `quotas` setting over the product.md defaults, which every
// quota check reads. The clock stands at noon in Shanghai so a test's opens all fall on one day.

const clock = new ManualClock(nextShanghaiNoon());
let t: TestApp;
beforeAll(async () => {
  t = await examTestApp({}, { clock });
});
afterAll(() => t.close());

let phones = 0;
let ips = 0;
/** A fresh admin (their own phone, so no resend wait) with a confirmation code sent to it. */
async function adminWithCode() {
  phones += 1;
  ips += 1;
  const admin = await createUser(t.deps, { isAdmin: true, phone: `1390000${String(phones).padStart(4, '0')}` });
  const sent = await t.call(userCalls.sendOpCheckCode, {}, { token: admin.token, ip: `10.9.0.${ips}` });
  expect(sent.status).toBe(200);
  return { ...admin, code: lastCodeFor(t.deps, admin.user.phone!) };
}

const clone = (table: QuotaTable): QuotaTable => structuredClone(table);
const auditRows = () =>
  t.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin/set_quotas')).orderBy(desc(auditLog.id));

describe('/api/admin/get_quotas and set_quotas', () => {
  it('answers the product.md defaults until an admin changes them; learners are refused the admin call', async () => {
    const a = await adminWithCode();
    const got = await t.call(quotaCalls.getQuotas, {}, { token: a.token });
    expect(got.data.quotas).toEqual(QUOTA_DEFAULTS);
    expect((await t.call(quotaCalls.table, {})).data.quotas).toEqual(QUOTA_DEFAULTS);
    const l = await learner(t, { roleKind: 'SVIP' });
    expect((await t.call(quotaCalls.getQuotas, {}, { token: l.token })).err?.kind).toBe('forbidden');
  });

  it('a new daily limit binds the learner at once, and the change is audited with the table before and after', async () => {
    const a = await adminWithCode();
    const table = clone(QUOTA_DEFAULTS);
    table.Trail.daily.verbal = 2;
    table.VIP.essay = { n: 5, period: 'day' };
    const set = await t.call(quotaCalls.setQuotas, { quotas: table, op_code: a.code }, { token: a.token });
    expect(set.err).toBeNull();
    expect(set.data.quotas).toEqual(table);
    // Only what differs from the defaults is stored.
    expect(await t.deps.settings.override('quotas')).toEqual({
      Trail: { daily: { verbal: 2 } },
      VIP: { essay: { n: 5 } },
    });
    expect((await t.call(quotaCalls.getQuotas, {}, { token: a.token })).data.quotas).toEqual(table);
    // The rights tables read the same table, logged in or not.
    expect((await t.call(quotaCalls.table, {})).data.quotas).toEqual(table);

    const [row] = await auditRows();
    expect(row).toMatchObject({
      actorId: a.user.id,
      actorRole: 'admin',
      targetKind: 'settings',
      targetId: 'quotas',
      outcome: 'done',
      before: QUOTA_DEFAULTS,
      after: table,
    });

    const trail = await learner(t, { roleKind: 'Trail' });
    const fillings = await publicIds(t.deps.database.db, 1);
    expect((await trail.open(fillings.slice(0, 2))).err).toBeNull();
    const over = await trail.open([fillings[2]!]);
    expect(over.err?.kind).toBe('day_overflow');
    expect(over.err?.quota).toMatchObject({ subject: 'verbal', used: 2, limit: 2, role_name: ROLE_NAMES.Trail });
    expect((await trail.quotaToday()).data.subjects[0]).toEqual({ subject: 'verbal', used: 2, limit: 2 });

    // Back to the defaults: nothing stored, and the learner may open more again.
    const b = await adminWithCode();
    const back = await t.call(quotaCalls.setQuotas, { quotas: QUOTA_DEFAULTS, op_code: b.code }, { token: b.token });
    expect(back.data.quotas).toEqual(QUOTA_DEFAULTS);
    expect(await t.deps.settings.override('quotas')).toEqual({});
    expect((await trail.open([fillings[2]!])).err).toBeNull();
  });

  it('a wrong or reused confirmation code changes nothing and is audited as refused', async () => {
    const a = await adminWithCode();
    const table = clone(QUOTA_DEFAULTS);
    table.FreeVIP.simulate.n = 9;
    const wrong = a.code === '000000' ? '111111' : '000000';
    const r = await t.call(quotaCalls.setQuotas, { quotas: table, op_code: wrong }, { token: a.token });
    expect(r.err?.kind).toBe('code_invalid');
    expect(await t.deps.settings.override('quotas')).toEqual({});
    const [refused] = await auditRows();
    expect(refused).toMatchObject({ actorId: a.user.id, outcome: 'refused', reason: 'code_invalid', after: null });

    expect((await t.call(quotaCalls.setQuotas, { quotas: table, op_code: a.code }, { token: a.token })).err).toBeNull();
    const again = await t.call(quotaCalls.setQuotas, { quotas: QUOTA_DEFAULTS, op_code: a.code }, { token: a.token });
    expect(again.err?.kind).toBe('code_invalid');
    expect((await t.call(quotaCalls.getQuotas, {}, { token: a.token })).data.quotas.FreeVIP.simulate.n).toBe(9);
    const b = await adminWithCode();
    await t.call(quotaCalls.setQuotas, { quotas: QUOTA_DEFAULTS, op_code: b.code }, { token: b.token });
  });

  it('refuses a table with a role missing, a negative, fractional or huge count, or an unknown period', async () => {
    const a = await adminWithCode();
    const bad: unknown[] = [
      { Trail: QUOTA_DEFAULTS.Trail, FreeVIP: QUOTA_DEFAULTS.FreeVIP, VIP: QUOTA_DEFAULTS.VIP },
      { ...QUOTA_DEFAULTS, Trail: { ...QUOTA_DEFAULTS.Trail, total: -1 } },
      { ...QUOTA_DEFAULTS, VIP: { ...QUOTA_DEFAULTS.VIP, daily: { ...QUOTA_DEFAULTS.VIP.daily, quant: 2.5 } } },
      { ...QUOTA_DEFAULTS, SVIP: { ...QUOTA_DEFAULTS.SVIP, essay: { n: QUOTA_COUNT_MAX + 1, period: 'day' } } },
      { ...QUOTA_DEFAULTS, FreeVIP: { ...QUOTA_DEFAULTS.FreeVIP, simulate: { n: 3, period: 'month' } } },
      { ...QUOTA_DEFAULTS, Stranger: QUOTA_DEFAULTS.Trail },
    ];
    for (const quotas of bad) {
      const r = await t.call(quotaCalls.setQuotas, { quotas, op_code: a.code }, { token: a.token });
      expect([r.status, r.err?.kind]).toEqual([400, 'invalid_input']);
    }
    expect(await t.deps.settings.override('quotas')).toEqual({});
    // The code was never looked at, so it still works.
    expect(
      (await t.call(quotaCalls.setQuotas, { quotas: QUOTA_DEFAULTS, op_code: a.code }, { token: a.token })).err,
    ).toBeNull();
  });
});

const countArb = fc.oneof(fc.constant(null), fc.nat({ max: QUOTA_COUNT_MAX }));
const roleArb = fc.record({
  daily: fc.record({ verbal: countArb, quant: countArb, words: countArb }),
  total: countArb,
  simulate: fc.record({ n: countArb, period: fc.constantFrom('total' as const, 'week' as const) }),
  essay: fc.record({ n: countArb, period: fc.constantFrom('total' as const, 'day' as const) }),
  assistant: fc.record({ n: countArb, period: fc.constant('day' as const) }),
});
/** Tables near the defaults (most figures kept) as well as anywhere. */
const tableArb = fc.record({ Trail: roleArb, FreeVIP: roleArb, VIP: roleArb, SVIP: roleArb }).chain((random) =>
  fc.record({
    Trail: fc.constantFrom(random.Trail, QUOTA_DEFAULTS.Trail),
    FreeVIP: fc.constantFrom(random.FreeVIP, QUOTA_DEFAULTS.FreeVIP),
    VIP: fc.constantFrom(random.VIP, QUOTA_DEFAULTS.VIP),
    SVIP: fc.constantFrom(random.SVIP, QUOTA_DEFAULTS.SVIP),
  }),
);

describe('quotaOverrideOf', () => {
  it('stores nothing for the defaults', () => {
    expect(quotaOverrideOf(QUOTA_DEFAULTS)).toEqual({});
  });

  it('the quota checks read back exactly the table that was saved, whatever it holds', () => {
    fc.assert(
      fc.property(tableArb, (table) => {
        const override = quotaOverrideOf(table);
        for (const role of QUOTA_ROLES) {
          expect(roleQuota(role, override)).toEqual(table[role]);
          // A role left at its defaults stores nothing.
          if (JSON.stringify(table[role]) === JSON.stringify(QUOTA_DEFAULTS[role]))
            expect(override[role]).toBeUndefined();
        }
      }),
    );
  });
});
