import { createHmac, randomBytes } from 'node:crypto';
import { payCalls } from '@gre/contracts';
import { entitlements, sandboxOrders, tradeEvents } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, sandboxThroughInject, tradeRow, userRow } from '../../../test/fixtures.js';
import { sharedSecret } from '../../lib/secrets.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: sandboxThroughInject });
});
afterAll(() => t.close());

/** The gateway's key: the one the app made on first use (made here if this is the first use). */
function secret(): Promise<string> {
  return sharedSecret(t.deps.database.db, 'pay_sandbox_secret');
}

interface Notice {
  order: string;
  status?: 'Paid' | 'Closed';
  txn?: string;
  amount?: number;
  at?: number;
  key?: string;
}

/** A sandbox notification as the gateway signs it; each field can be bent to forge one. */
async function notification(n: Notice) {
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    order: n.order,
    status: n.status ?? 'Paid',
    txn_id: n.txn ?? `TXN-${n.order}`,
    amount_fen: n.amount ?? 9_900,
    paid_at: new Date().toISOString(),
  });
  const ts = String(n.at ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = createHmac('sha256', n.key ?? (await secret()))
    .update(`${ts}\n${nonce}\n${body}\n`)
    .digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': ts,
      'x-sandbox-nonce': nonce,
      'x-sandbox-signature': signature,
    },
  };
}

async function post(n: { body: string; headers: Record<string, string> }, provider = 'sandbox') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/notify/${provider}`,
    headers: n.headers,
    payload: n.body,
  });
  return { status: res.statusCode, body: res.body };
}

async function waitingTrade(kind: 'VIP' | 'FlashCoin' = 'VIP', param = 2) {
  const u = await createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
  const r = await t.call(payCalls.init, { user_id: u.user.id, kind, param }, { token: u.token });
  expect(r.data.trade.status).toBe('WaitPay');
  // The gateway's own books say paid, as they would once the payer scanned and paid.
  await t.deps.database.db
    .update(sandboxOrders)
    .set({ status: 'Paid', txnId: `TXN-${r.data.trade.order}`, paidAt: new Date(), notifiedAt: new Date() })
    .where(eq(sandboxOrders.order, r.data.trade.order));
  return { u, trade: r.data.trade };
}

// A thousand notifications through the real path: a correctness test that needs room on a busy machine.
describe('payment notifications', { timeout: 120_000 }, () => {
  it('1,000 duplicated, concurrent and reordered notifications for 10 paid trades grant exactly once each', async () => {
    const paid = await Promise.all(Array.from({ length: 10 }, () => waitingTrade('FlashCoin', 1)));
    const notices = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const p = paid[i % paid.length]!;
        return notification({ order: p.trade.order, amount: 990 });
      }),
    );
    // Reordered: shuffled, then fired in bursts of 100 at once.
    const shuffled = fc.sample(fc.shuffledSubarray(notices, { minLength: 1000, maxLength: 1000 }), 1)[0]!;
    const answers: number[] = [];
    for (let i = 0; i < shuffled.length; i += 100) {
      answers.push(...(await Promise.all(shuffled.slice(i, i + 100).map((n) => post(n)))).map((r) => r.status));
    }
    // Each is answered as the gateway expects: success, whether it moved the trade or found it moved.
    expect(answers.every((s) => s === 200)).toBe(true);
    for (const p of paid) {
      expect((await tradeRow(t.deps, p.trade.id)).status).toBe('ApplySuccess');
      expect((await userRow(t.deps, p.u.user.id)).flashCoins).toBe(50);
      const moves = await t.deps.database.db
        .select()
        .from(tradeEvents)
        .where(and(eq(tradeEvents.tradeId, p.trade.id), eq(tradeEvents.toStatus, 'ApplySuccess')));
      expect(moves).toHaveLength(1);
    }
  });

  it('concurrent notifications for a membership write one entitlement', async () => {
    const p = await waitingTrade('VIP', 2);
    const n = await notification({ order: p.trade.order });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(n)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const rows = await t.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, p.u.user.id));
    expect(rows.filter((r) => r.source === 'trade')).toHaveLength(1);
  });

  it('refuses forged, stale and malformed notifications with a 4xx and moves nothing', async () => {
    const p = await waitingTrade();
    const forged = await post(await notification({ order: p.trade.order, key: 'not-the-key-not-the-key-not-the-key' }));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const stale = await post(await notification({ order: p.trade.order, at: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(400);
    const good = await notification({ order: p.trade.order });
    const tampered = await post({ ...good, body: good.body.replace('9900', '1') });
    expect(tampered.status).toBe(401);
    const noHeaders = await post({ body: good.body, headers: { 'content-type': 'application/json' } });
    expect(noHeaders.status).toBe(400);
    const wrongProvider = await post(good, 'wechatpay');
    expect(wrongProvider.status).toBe(404);
    expect((await tradeRow(t.deps, p.trade.id)).status).toBe('WaitPay');
  });

  it('an unknown order is refused; a wrong amount goes to ManualInvalid with an alert, granting nothing', async () => {
    expect((await post(await notification({ order: 'G00000000000000NOSUCHORDER0' }))).status).toBe(404);
    const p = await waitingTrade('VIP', 2);
    expect((await post(await notification({ order: p.trade.order, amount: 100 }))).status).toBe(200);
    expect((await tradeRow(t.deps, p.trade.id)).status).toBe('ManualInvalid');
    expect((await userRow(t.deps, p.u.user.id)).roleKind).toBe('Trail');
    const alerts = await t.deps.database.db
      .select()
      .from(tradeEvents)
      .where(and(eq(tradeEvents.tradeId, p.trade.id), eq(tradeEvents.alert, true)));
    expect(alerts).toHaveLength(1);
  });

  it('money for a closed trade the gateway took anyway is granted (decision 024)', async () => {
    const u = await createUser(t.deps);
    const first = await t.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: 1 }, { token: u.token });
    await t.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: 2 }, { token: u.token });
    expect((await tradeRow(t.deps, first.data.trade.id)).status).toBe('PayCancel');
    expect((await post(await notification({ order: first.data.trade.order, amount: 3_900 }))).status).toBe(200);
    expect((await tradeRow(t.deps, first.data.trade.id)).status).toBe('ApplySuccess');
    expect((await userRow(t.deps, u.user.id)).roleKind).toBe('VIP');
  });

  it('hostile bodies on the notify route answer 4xx, never 500', async () => {
    for (const payload of ['', 'not json', '{"__proto__":{"x":1}}', 'x'.repeat(70_000), '\u0000\u0001']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': '1',
          'x-sandbox-nonce': 'n',
          'x-sandbox-signature': 's',
        },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
