import { codeCalls, payCalls } from '@gre/contracts';
import { discountCodes, trades } from '@gre/db';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, issueOpCode, sandboxThroughInject } from '../../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: sandboxThroughInject });
});
afterAll(() => t.close());

let serial = 0;
async function code(maxUses: number) {
  const a = await createUser(t.deps, { isAdmin: true });
  const now = Math.floor(Date.now() / 1000);
  serial += 1;
  const r = await t.call(
    codeCalls.create,
    {
      code: `RACE-${serial}`,
      name: '并发券',
      kind: 'fixed',
      value: 500,
      start_stamp: now - 60,
      end_stamp: now + 3600,
      max_uses: maxUses,
      op_code: await issueOpCode(t.deps, a.user),
    },
    { token: a.token },
  );
  return r.data;
}

describe('payments under concurrency', () => {
  it('concurrent trades never take more uses of a code than it has (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 8 }), async (maxUses, buyers) => {
        const c = await code(maxUses);
        const users = await Promise.all(Array.from({ length: buyers }, () => createUser(t.deps)));
        const answers = await Promise.all(
          users.map((u) =>
            t.call(
              payCalls.init,
              { user_id: u.user.id, kind: 'FlashCoin', param: 1, code: c.code },
              { token: u.token },
            ),
          ),
        );
        const priced = answers.filter((a) => a.ok);
        expect(priced.length).toBe(Math.min(maxUses, buyers));
        for (const a of priced) expect(a.data.price).toBe(990 - 500);
        for (const a of answers.filter((x) => !x.ok)) expect(a.err?.kind).toBe('discount_invalid');
        const [row] = await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.id, c.id));
        expect(row!.usedCount).toBe(priced.length);
      }),
      { numRuns: 8 },
    );
  });

  it('a learner opening the dialog in many tabs at once ends with exactly one open trade of the kind', async () => {
    const u = await createUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: (i % 4) + 1 }, { token: u.token }),
      ),
    );
    for (const a of answers) if (!a.ok) expect(['conflict', 'pay_unavailable']).toContain(a.err?.kind);
    expect(answers.some((a) => a.ok)).toBe(true);
    const open = await t.deps.database.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, u.user.id), inArray(trades.status, ['None', 'WaitPay'])));
    expect(open).toHaveLength(1);
  });

  it('concurrent polls share statements yet each sees only its own trade', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(t.deps)));
    const made = await Promise.all(
      buyers.map((u) => t.call(payCalls.init, { user_id: u.user.id, kind: 'SVIP', param: 1 }, { token: u.token })),
    );
    const polls = await Promise.all(
      buyers.flatMap((u, i) => [
        t.call(payCalls.get, { id: made[i]!.data.trade.id }, { token: u.token }),
        t.call(payCalls.get, { id: made[(i + 1) % buyers.length]!.data.trade.id }, { token: u.token }),
      ]),
    );
    polls.forEach((p, k) => {
      const i = Math.floor(k / 2);
      if (k % 2 === 0) expect(p.data.trade).toMatchObject({ id: made[i]!.data.trade.id, user_id: buyers[i]!.user.id });
      else expect(p.err?.kind).toBe('not_found');
    });
  });
});
