import { payCalls } from '@gre/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, sandboxThroughInject } from '../../../test/fixtures.js';
import { METRIC } from '../../lib/metrics.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { beforeReady: sandboxThroughInject });
});
afterAll(() => t.close());

it('counts a granted payment once in /metrics, however often the payment is reported', async () => {
  const u = await createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
  const r = await t.call(payCalls.init, { user_id: u.user.id, kind: 'VIP', param: 2 }, { token: u.token });
  expect(t.deps.metrics.value(METRIC.paymentGrants)).toBe(0);
  expect((await t.call(payCalls.sandboxAct, { order: r.data.trade.order, action: 'pay' })).data.status).toBe('Paid');
  expect((await t.call(payCalls.get, { id: r.data.trade.id }, { token: u.token })).data.trade.status).toBe(
    'ApplySuccess',
  );
  await t.call(payCalls.sandboxAct, { order: r.data.trade.order, action: 'pay' });
  await t.call(payCalls.checkPaid, { trade_id: r.data.trade.id }, { token: u.token });
  expect(t.deps.metrics.value(METRIC.paymentGrants)).toBe(1);
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(text).toContain(`${METRIC.paymentGrants} 1\n`);
});
