import { convertVipSeconds, PRICE_DEFAULTS, ROLE_RANK, type MembershipTier } from '@gre/contracts';
import { entitlements } from '@gre/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser } from '../../../test/fixtures.js';
import { AppError } from '../../lib/app-error.js';
import { effectiveRole } from '../../lib/authorize.js';
import { addFlashCoins, grantTier } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
const step = fc.record({
  tier: fc.constantFrom<MembershipTier>('VIP', 'SVIP'),
  days: fc.constantFrom(7, 30, 60, 90),
  /** Days between this grant and the previous one. */
  gap: fc.integer({ min: 0, max: 120 }),
  coins: fc.constantFrom(0, 50, 100, 200),
});

describe('the membership module, against a model', () => {
  it('renewals extend from the later of now and the expiry, SVIP converts VIP, lower tiers are refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const { user } = await createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
        let now = Date.UTC(2026, 10, 25) / 1000;
        // The model: the tier in force and its expiry (seconds), coins.
        let tier: 'Trail' | MembershipTier = 'Trail';
        let expiry: number | null = null;
        let coins = 0;
        let granted = 0;
        for (const s of steps) {
          now += s.gap * DAY;
          const held: 'Trail' | MembershipTier = expiry !== null && expiry > now ? tier : 'Trail';
          const at = new Date(now * 1000);
          const attempt = t.deps.database.db.transaction((tx) =>
            grantTier(tx, user.id, { tier: s.tier, days: s.days, source: 'trade', now: at, prices: PRICE_DEFAULTS }),
          );
          if (ROLE_RANK[s.tier] < ROLE_RANK[held]) {
            await expect(attempt).rejects.toSatisfy((e) => e instanceof AppError && e.kind === 'buy_role_exist');
          } else {
            await attempt;
            granted += 1;
            const base: number =
              held === s.tier
                ? expiry!
                : held === 'VIP' && s.tier === 'SVIP'
                  ? now + convertVipSeconds(expiry! - now)
                  : now;
            expiry = Math.max(now, base) + s.days * DAY;
            tier = s.tier;
          }
          if (s.coins > 0) {
            await t.deps.database.db.transaction((tx) => addFlashCoins(tx, user.id, s.coins));
            coins += s.coins;
          }
          const [row] = await t.deps.database.db
            .execute<{
              role_kind: string;
              role_expires_at: string | null;
              base_role_kind: string;
              flash_coins: number;
            }>(`select role_kind, role_expires_at, base_role_kind, flash_coins from users where id = ${user.id}`)
            .then((r) => r.rows);
          expect(row!.flash_coins).toBe(coins);
          if (granted > 0) {
            expect(row!.role_kind).toBe(tier);
            expect(new Date(row!.role_expires_at!).getTime() / 1000).toBe(expiry);
          }
          const roleNow = effectiveRole(
            {
              roleKind: row!.role_kind,
              baseRoleKind: row!.base_role_kind,
              roleExpiresAt: row!.role_expires_at ? new Date(row!.role_expires_at) : null,
            },
            at,
          );
          expect(roleNow).toBe(expiry !== null && expiry > now ? tier : 'Trail');
        }
        const periods = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
        expect(periods).toHaveLength(granted);
        // users.records is the periods, rewritten with them.
        const [rec] = await t.deps.database.db
          .execute<{ n: number }>(`select jsonb_array_length(records)::int as n from users where id = ${user.id}`)
          .then((r) => r.rows);
        expect(rec!.n).toBe(granted);
      }),
      { numRuns: 40 },
    );
  });

  it('a trade grants at most once: the second grant with the same trade id fails and changes nothing', async () => {
    const { user } = await createUser(t.deps);
    const [trade] = await t.deps.database.db
      .execute<{ id: number }>(
        `insert into trades (user_id, kind, param, "order", status, provider, list_price_fen, amount_fen, title, expires_at)
       values (${user.id}, 'VIP', 2, 'GTESTONCE000000000000000001', 'PaySuccess', 'sandbox', 9900, 9900, 't', now()) returning id`,
      )
      .then((r) => r.rows);
    const grant = () =>
      t.deps.database.db.transaction((tx) =>
        grantTier(tx, user.id, {
          tier: 'VIP',
          days: 30,
          source: 'trade',
          tradeId: trade!.id,
          now: new Date(),
          prices: PRICE_DEFAULTS,
        }),
      );
    await grant();
    await expect(grant()).rejects.toThrow();
    const periods = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(periods).toHaveLength(1);
  });
});
