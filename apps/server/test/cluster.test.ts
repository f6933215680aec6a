import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { codeCalls, INVALID_CODE_FREEZE_AT, payCalls, systemCalls, userCalls } from '@gre/contracts';
import { entitlements, openDatabase, sandboxOrders, type Database } from '@gre/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp, createDeps } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { PgBossQueue } from '../src/jobs/queue.js';
import { redisRateLimiter } from '../src/lib/rate-limiter.js';
import { sharedSecret } from '../src/lib/secrets.repository.js';
import { LOGIN_LIMITS } from '../src/modules/auth/limits.js';
import { createUser, issueOpCode, lastCodeFor, quietMessaging, sandboxThroughInject, userRow } from './fixtures.js';
import { dropDatabaseWhenIdle } from './pg-admin.js';
import { connectTestRedis, redisUrl } from './redis.js';
import { injectCall, type TestApp } from './test-app.js';
import { withDatabase } from './global-setup.js';

// Two instances of the app, as `npm run cluster` runs them (docs/deploy.md): two Deps with their own connection pools
// on ONE PostgreSQL database, their own Redis connections over one key prefix, and pg-boss on both. What one instance
// counts, ends or grants must hold on the other. PostgreSQL only: PGlite is one process's database.

const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const template = inject('pgTemplate');
const { up: redisUp } = await connectTestRedis();

interface Instance extends TestApp {
  queue: PgBossQueue;
  redis: Redis;
}

async function startInstance(database: Database, prefix: string): Promise<Instance> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', MIGRATE: 'off' });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const queue = new PgBossQueue(database, 0.5);
  const deps = await createDeps(env, {
    database,
    queue,
    limiter: redisRateLimiter(redis, prefix),
    ...quietMessaging(),
  });
  const app = await buildApp(deps);
  sandboxThroughInject(app, deps);
  await app.ready();
  return {
    app,
    deps,
    queue,
    redis,
    call: injectCall(app),
    async close() {
      await app.close();
      // The limiter's close quits its Redis connection.
      await deps.close();
    },
  };
}

describe.skipIf(!pgUrl || !template || !redisUp)('two instances on one database and one Redis', () => {
  let admin: pg.Client;
  let name: string;
  let a: Instance;
  let b: Instance;
  let n = 0;
  const freshIp = () => `10.44.${Math.floor(++n / 250)}.${n % 250}`;
  const both = () => [a, b] as const;

  beforeAll(async () => {
    name = `gre_t_cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = withDatabase(pgUrl!, name);
    const prefix = `test:cluster:${randomUUID()}:`;
    [a, b] = await Promise.all([
      openDatabase({ url, poolSize: 5 }).then((db) => startInstance(db, prefix)),
      openDatabase({ url, poolSize: 5 }).then((db) => startInstance(db, prefix)),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    for (const i of [a, b]) await i?.deps.database.close().catch(() => undefined);
    if (name) await dropDatabaseWhenIdle(admin, name);
    await admin?.end();
  });

  it(`wrong passwords split between the two hit the per-address limit at the same total (${LOGIN_LIMITS.perAccountAndIp.max})`, async () => {
    const { user, password } = await createUser(a.deps);
    const ip = freshIp();
    const kinds: string[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max + 3; i++) {
      const r = await both()[i % 2]!.call(userCalls.login, { account: user.email!, password: `guess-${i}` }, { ip });
      kinds.push(r.err!.kind);
    }
    expect(kinds.filter((k) => k === 'wrong_credentials')).toHaveLength(LOGIN_LIMITS.perAccountAndIp.max);
    expect(kinds.slice(LOGIN_LIMITS.perAccountAndIp.max)).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    // The right password on either instance is refused from that address too.
    for (const i of both())
      expect((await i.call(userCalls.login, { account: user.email!, password }, { ip })).err?.kind).toBe(
        'rate_limited',
      );
  });

  it('a parallel burst of wrong passwords on both instances lets exactly the budget through', async () => {
    const { user } = await createUser(a.deps);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        both()[i % 2]!.call(userCalls.login, { account: user.email!, password: `burst-${i}` }, { ip }),
      ),
    );
    const kinds = answers.map((r) => r.err!.kind);
    expect(kinds.filter((k) => k === 'wrong_credentials')).toHaveLength(LOGIN_LIMITS.perAccountAndIp.max);
    expect(kinds.filter((k) => k === 'rate_limited')).toHaveLength(40 - LOGIN_LIMITS.perAccountAndIp.max);
  });

  it(`invalid discount codes tried on both are counted together: the ${INVALID_CODE_FREEZE_AT}th freezes, on both`, async () => {
    const u = await createUser(a.deps);
    for (let i = 1; i < INVALID_CODE_FREEZE_AT; i++) {
      const r = await both()[i % 2]!.call(codeCalls.get, { code: `NOPE${i}` }, { token: u.token });
      expect(r.data.valid).toBe(false);
    }
    const tenth = await b.call(codeCalls.get, { code: 'NOPE-LAST' }, { token: u.token });
    expect(tenth.err?.kind).toBe('user_frozen');
    expect((await userRow(a.deps, u.user.id)).isFreeze).toBe(true);
    for (const i of both()) expect((await i.call(userCalls.get, {}, { token: u.token })).status).toBe(401);
  });

  it('a parallel burst of invalid codes on both lets no more than the allowance through before the freeze', async () => {
    const u = await createUser(a.deps);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        both()[i % 2]!.call(codeCalls.get, { code: `BURST${i}` }, { token: u.token }),
      ),
    );
    const kinds = answers.map((r) => (r.ok ? 'invalid' : r.err!.kind));
    expect(kinds.filter((k) => k === 'invalid')).toHaveLength(INVALID_CODE_FREEZE_AT - 1);
    expect(kinds.filter((k) => k !== 'invalid').every((k) => k === 'user_frozen' || k === 'unauthorized')).toBe(true);
    expect((await userRow(a.deps, u.user.id)).isFreeze).toBe(true);
  });

  it('a freeze by an admin on A ends the learner’s session on B at its next request', async () => {
    const staff = await createUser(a.deps, { isAdmin: true });
    const learner = await createUser(a.deps);
    expect((await b.call(userCalls.get, {}, { token: learner.token })).ok).toBe(true);
    const frozen = await a.call(
      userCalls.freeze,
      { user_id: learner.user.id, freeze: true, op_code: await issueOpCode(a.deps, staff.user) },
      { token: staff.token },
    );
    expect(frozen.ok).toBe(true);
    expect(await b.call(userCalls.get, {}, { token: learner.token })).toMatchObject({
      status: 401,
      err: { kind: 'unauthorized' },
    });
    const again = await b.call(
      userCalls.login,
      { account: learner.user.email!, password: learner.password },
      { ip: freshIp() },
    );
    expect(again.err?.kind).toBe('user_frozen');
  });

  it('a password reset on A ends the other sessions on B; the new password works on B', async () => {
    const u = await createUser(a.deps);
    const onB = await b.call(userCalls.login, { account: u.user.email!, password: u.password }, { ip: freshIp() });
    expect(onB.ok).toBe(true);
    const sent = await a.call(
      userCalls.emailSendCode,
      { email: u.user.email!, purpose: 'reset_password' },
      { ip: freshIp() },
    );
    expect(sent.ok).toBe(true);
    const reset = await a.call(
      userCalls.resetPassword,
      { account: u.user.email!, code: lastCodeFor(a.deps, u.user.email!), password: 'brand-new-pass' },
      { ip: freshIp() },
    );
    expect(reset.ok).toBe(true);
    for (const token of [u.token, onB.data.token])
      expect((await b.call(userCalls.get, {}, { token })).status).toBe(401);
    expect((await b.call(userCalls.get, {}, { token: reset.data.token })).ok).toBe(true);
    const fresh = await b.call(
      userCalls.login,
      { account: u.user.email!, password: 'brand-new-pass' },
      { ip: freshIp() },
    );
    expect(fresh.ok).toBe(true);
  });

  it('the same payment notification delivered to A and B at once grants the membership once', async () => {
    const u = await createUser(a.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
    const init = await a.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: 2 }, { token: u.token });
    expect(init.data.trade.status).toBe('WaitPay');
    const order = init.data.trade.order;
    await a.deps.database.db
      .update(sandboxOrders)
      .set({ status: 'Paid', txnId: `TXN-${order}`, paidAt: new Date(), notifiedAt: new Date() })
      .where(eq(sandboxOrders.order, order));
    // The gateway's notification, signed with the key both instances read from `settings`.
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      order,
      status: 'Paid',
      txn_id: `TXN-${order}`,
      amount_fen: init.data.trade.price,
      paid_at: new Date().toISOString(),
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const key = await sharedSecret(b.deps.database.db, 'pay_sandbox_secret');
    const headers = {
      'content-type': 'application/json',
      'x-sandbox-timestamp': ts,
      'x-sandbox-nonce': nonce,
      'x-sandbox-signature': createHmac('sha256', key).update(`${ts}\n${nonce}\n${body}\n`).digest('base64'),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        both()[i % 2]!.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers, payload: body }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await a.deps.database.db.select().from(entitlements).where(eq(entitlements.userId, u.user.id));
    expect(rows.filter((r) => r.source === 'trade')).toHaveLength(1);
    for (const i of both())
      expect((await i.call(payCalls.get, { id: init.data.trade.id }, { token: u.token })).data.trade.status).toBe(
        'ApplySuccess',
      );
  });

  it('a job sent once is handled once while both instances work the queue', async () => {
    const queueName = `cluster-test-${randomUUID().slice(0, 8)}`;
    const handled: { by: 'A' | 'B'; job: number }[] = [];
    await a.queue.work<{ job: number }>(queueName, async (data) => void handled.push({ by: 'A', job: data.job }));
    await b.queue.work<{ job: number }>(queueName, async (data) => void handled.push({ by: 'B', job: data.job }));
    const jobs = 30;
    for (let job = 0; job < jobs; job++) await both()[job % 2]!.queue.send(queueName, { job });
    for (let waited = 0; handled.length < jobs && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    // Two more polling rounds of both workers: a job handled twice would show up now.
    await new Promise((r) => setTimeout(r, 1500));
    expect(handled.map((h) => h.job).sort((x, y) => x - y)).toEqual(Array.from({ length: jobs }, (_, i) => i));
  }, 60_000);

  it('the maintenance switch set on A is seen by B within the settings cache window (2 s)', async () => {
    const staff = await createUser(a.deps, { isAdmin: true });
    const learner = await createUser(a.deps);
    expect((await b.call(userCalls.get, {}, { token: learner.token })).ok).toBe(true);
    expect((await a.call(systemCalls.setMaintenance, { on: true }, { token: staff.token })).ok).toBe(true);
    try {
      // A's own next call sees it at once: its write dropped its cache.
      expect((await a.call(userCalls.get, {}, { token: learner.token })).err?.kind).toBe('server_upgrading');
      let seen = false;
      // B reads through its cache: bounded by the documented window, with room for a loaded machine.
      for (let waited = 0; !seen && waited < 6000; waited += 100) {
        seen = (await b.call(userCalls.get, {}, { token: learner.token })).err?.kind === 'server_upgrading';
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(true);
    } finally {
      await a.call(systemCalls.setMaintenance, { on: false }, { token: staff.token });
    }
  });
});
