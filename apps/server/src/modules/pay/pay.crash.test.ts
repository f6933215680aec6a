import { payCalls, type CallDef } from '@gre/contracts';
import { entitlements, sandboxOrders, trades, type Database } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/fixtures.js';
import { crashDatabase, freePort, httpCalls, spawnServer, type SpawnedServer } from '../../../test/spawned-server.js';
import { runPaySweep } from '../../jobs/pay-sweep.js';
import { ManualClock } from '../../lib/clock.js';
import type { Deps } from '../../lib/deps.js';
import { PAY_FAULT_POINTS, type FaultPoint } from '../../lib/faults.js';

/**
 * The server killed with SIGKILL at each step of a payment, then started again: grants equal paid orders, nothing is
 * granted twice, and nothing is granted that the gateway did not take. On PostgreSQL — the production database, whose
 * durability a power cut tests — always, on its own database.
 */
let db: Awaited<ReturnType<typeof crashDatabase>>;
let database: Database;
let deps: Deps;
let dbUrl: string;

beforeAll(async () => {
  db = await crashDatabase('gre_crash');
  ({ database, deps, url: dbUrl } = db);
}, 60_000);

afterAll(() => db?.drop());

/** The real server on the crash database, on the port the trades' notify URL names; with `fault`, it kills itself there. */
function startServer(fault?: FaultPoint): Promise<SpawnedServer> {
  // The sweep runs only when the test says: a scheduled run would deliver an earlier kill's notification first.
  return spawnServer({ DATABASE_URL: dbUrl, FAULT_KILL_AT: fault ?? '', JOBS: 'off' }, port);
}
let port = 0;

async function call<T>(server: SpawnedServer, c: CallDef, body: object, token?: string): Promise<T> {
  const res = await httpCalls(server).call(c, body, { token });
  if (!res.ok) throw new Error(`${c.path}: ${JSON.stringify(res.err)}`);
  return res.data as T;
}

interface Bought {
  userId: number;
  token: string;
  tradeId: number;
  kind: 'VIP' | 'FlashCoin';
}

async function startTrade(server: SpawnedServer, kind: 'VIP' | 'FlashCoin'): Promise<Bought & { order: string }> {
  const u = await createUser(deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
  const p = await call<{ trade: { id: number; order: string } }>(
    server,
    payCalls.init,
    { user_id: u.user.id, kind, param: kind === 'VIP' ? 2 : 1 },
    u.token,
  );
  return { userId: u.user.id, token: u.token, tradeId: p.trade.id, order: p.trade.order, kind };
}

describe('a payment survives SIGKILL at every step', () => {
  it('grants equal paid orders, once each; nothing unpaid is granted', async () => {
    port = await freePort();
    // Where each kill leaves the trade: the recovery paths must bring every one of them to ApplySuccess.
    const leftAt: Record<FaultPoint, string> = {
      'pay.gateway_paid': 'WaitPay',
      'pay.notify_received': 'WaitPay',
      'pay.payment_recorded': 'PaySuccess',
      'pay.grant_uncommitted': 'PaySuccess',
      'pay.granted': 'ApplySuccess',
    };
    const bought: Bought[] = [];
    const unpaid: Bought[] = [];
    for (const [i, fault] of PAY_FAULT_POINTS.entries()) {
      const server = await startServer(fault);
      const kind = i % 2 === 0 ? 'VIP' : 'FlashCoin';
      unpaid.push(await startTrade(server, kind));
      const trade = await startTrade(server, kind);
      bought.push(trade);
      // The payer pays on the sandbox page; somewhere on the way from the gateway to the grant the server dies.
      await call(server, payCalls.sandboxAct, { order: trade.order, action: 'pay' }).catch(() => undefined);
      expect(await server.exited).toBeNull(); // killed by a signal, not exited
      expect(server.child.signalCode).toBe('SIGKILL');
      expect((await tradeOf(trade)).status).toBe(leftAt[fault]);
    }

    // What the gateway took, before any recovery: every paid order, and nothing more.
    const paidAtGateway = await database.db.select().from(sandboxOrders).where(eq(sandboxOrders.status, 'Paid'));
    expect(paidAtGateway.map((o) => o.order).sort()).toEqual(
      (await Promise.all(bought.map(async (b) => (await tradeOf(b)).order))).sort(),
    );
    // No ApplySuccess without the gateway's payment, at any point.
    await expectNoGrantWithoutPayment();

    // Started again, with no learner doing anything: the minute sweep — the gateway re-sending what was never
    // acknowledged, paid trades left ungranted granted — brings every paid trade to ApplySuccess.
    const server = await startServer();
    try {
      const clock = new ManualClock(new Date(Date.now() + 31_000));
      await runPaySweep({ ...deps, clock });
      for (const b of bought) expect((await tradeOf(b)).status).toBe('ApplySuccess');
      // 'I have paid' afterwards, and the gateway's notifications again, change nothing.
      for (const b of bought) await call(server, payCalls.checkPaid, { trade_id: b.tradeId }, b.token);
      await runPaySweep({ ...deps, clock });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    for (const b of bought) {
      expect((await tradeOf(b)).status).toBe('ApplySuccess');
      const periods = await database.db.select().from(entitlements).where(eq(entitlements.userId, b.userId));
      const [user] = await database.db
        .execute<{ flash_coins: number; role_kind: string }>(
          `select flash_coins, role_kind from users where id = ${b.userId}`,
        )
        .then((r) => r.rows);
      if (b.kind === 'VIP') {
        expect(periods.filter((p) => p.source === 'trade')).toHaveLength(1);
        expect(user!.role_kind).toBe('VIP');
      } else {
        expect(user!.flash_coins).toBe(50);
      }
    }
    for (const u of unpaid) expect((await tradeOf(u)).status).toBe('WaitPay');
    await expectNoGrantWithoutPayment();
    const granted = await database.db.select().from(trades).where(eq(trades.status, 'ApplySuccess'));
    expect(granted).toHaveLength(paidAtGateway.length);
  }, 240_000);
});

async function tradeOf(b: Bought) {
  const [row] = await database.db.select().from(trades).where(eq(trades.id, b.tradeId));
  return row!;
}

async function expectNoGrantWithoutPayment() {
  const { rows } = await database.db.execute<{ n: number }>(
    `select count(*)::int as n from trades t left join sandbox_orders o on o."order" = t."order"
     where t.status = 'ApplySuccess' and (o.status is distinct from 'Paid' or t.provider_txn_id is distinct from o.txn_id)`,
  );
  expect(rows[0]!.n).toBe(0);
}
