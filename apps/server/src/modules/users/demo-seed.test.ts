import { shanghaiDate, userCalls } from '@gre/contracts';
import { entitlements, users } from '@gre/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { loadEnv } from '../../env.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { demoAccountsTable, demoSeedEnabled, presentDemoAccounts, seedDemoAccounts } from './demo-seed.js';
import { createUser, quietMessaging } from './users.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'auto' }, quietMessaging());
});
afterAll(() => t.close());

const envOf = (SEED_DEMO: string, NODE_ENV: string) => loadEnv({ SEED_DEMO, NODE_ENV });

describe('demo seed', () => {
  it('is on by default outside production, off in production unless asked', () => {
    expect(demoSeedEnabled(envOf('auto', 'development'))).toBe(true);
    expect(demoSeedEnabled(envOf('auto', 'test'))).toBe(true);
    expect(demoSeedEnabled(envOf('auto', 'production'))).toBe(false);
    expect(demoSeedEnabled(envOf('true', 'production'))).toBe(true);
    expect(demoSeedEnabled(envOf('false', 'development'))).toBe(false);
  });

  it('does nothing when disabled', async () => {
    expect(
      await seedDemoAccounts({ database: t.deps.database, clock: t.deps.clock, env: envOf('auto', 'production') }),
    ).toBe(false);
    expect(await t.deps.database.db.select().from(users)).toHaveLength(0);
  });

  it('seeds one account per role into an empty database, once', async () => {
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    expect(await seedDemoAccounts(t.deps)).toBe(false);
    expect(await t.deps.database.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
    expect((await presentDemoAccounts(t.deps)).map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
  });

  it('every account logs in with the demo password and has its role; the frozen one is refused', async () => {
    const yearOut = shanghaiDate(new Date(Date.now() + 365 * 86_400_000));
    const expected: Record<string, object> = {
      'trial@demo.gre': {
        authority: { role_kind: 'Trail', expire_date: shanghaiDate(new Date(Date.now() + 7 * 86_400_000)) },
      },
      'freevip@demo.gre': { authority: { role_kind: 'FreeVIP', expire_date: null, records: [] } },
      'vip@demo.gre': { authority: { role_kind: 'VIP', role_name: '会员', expire_date: yearOut } },
      'svip@demo.gre': { authority: { role_kind: 'SVIP', role_name: '超级会员', expire_date: yearOut } },
      'admin@demo.gre': { is_admin: true },
      'operator@demo.gre': { is_admin: false, authority: { is_operator: true } },
      'teacher@demo.gre': { is_admin: false, authority: { is_teacher: true } },
    };
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const r = await t.call(
        userCalls.login,
        { account: account.email, password: account.password },
        { ip: `10.7.0.${i}` },
      );
      if (account.email === 'frozen@demo.gre') {
        expect(r.err?.kind).toBe('user_frozen');
        continue;
      }
      expect(r.ok).toBe(true);
      expect(r.data.user).toMatchObject(expected[account.email]!);
    }
    const rows = await t.deps.database.db.select().from(entitlements);
    expect(rows.map((e) => `${e.roleKind}/${e.source}`).sort()).toEqual([
      'SVIP/manual',
      'Trail/trial',
      'Trail/trial',
      'VIP/manual',
    ]);
  });

  it('skips a database that already has users', async () => {
    const other = await createTestApp({}, quietMessaging());
    try {
      await createUser(other.deps);
      expect(await seedDemoAccounts(other.deps)).toBe(false);
      expect(await presentDemoAccounts(other.deps)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('prints a table with every login', () => {
    const table = demoAccountsTable(DEMO_ACCOUNTS);
    for (const a of DEMO_ACCOUNTS) expect(table).toContain(a.email);
    expect(demoAccountsTable([])).toBe('');
  });
});
