import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { buildApp, createDeps } from '../app.js';
import { loadEnv } from '../env.js';
import { InProcessQueue } from './job-queue.js';
import { shutdown } from './shutdown.js';

const { database, drop } = await openTestDatabase();
afterAll(() => drop());

/** A promise and the function that settles it. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((r) => (fire = r));
  return { fired, fire };
}

it('drains: not ready first, then closes only after the request in flight has been answered', async () => {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', SHUTDOWN_DRAIN_MS: '200' });
  const deps = await createDeps(env, { database, queue: new InProcessQueue() });
  const app = await buildApp(deps);
  const entered = signal();
  const release = signal();
  const closing = signal();
  app.post('/test/slow', async () => {
    entered.fire();
    await release.fired;
    return { done: true };
  });
  app.addHook('preClose', async () => closing.fire());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const slow = fetch(`${base}/test/slow`, { method: 'POST' });
  await entered.fired;
  const exits: number[] = [];
  const done = shutdown(app, deps, 'SIGTERM', (code) => exits.push(code));

  // During the drain the instance still serves, but tells the balancer it is not ready.
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ draining: true, database: 'up' });
  expect((await fetch(`${base}/healthz`)).status).toBe(200);

  await closing.fired;
  expect(exits).toEqual([]);
  release.fire();
  const answered = await slow;
  expect(answered.status).toBe(200);
  expect(await answered.json()).toEqual({ done: true });
  await done;
  expect(exits).toEqual([0]);
});
