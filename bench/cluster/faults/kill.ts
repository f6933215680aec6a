// kill -9 of one instance under load: HAProxy's health check and `retry-on conn-failure` route around it; requests in
// flight on it may fail (counted); nothing acknowledged may be lost; then it is started again and must rejoin.
import { FAULT_AT } from './fault-run.js';
import { withCluster } from './cluster-setup.js';
import { balancerView } from '../targets.js';

const DOWN_S = 15;

export async function killFault() {
  let victim = 'app-2';
  let rejoin: unknown = null;
  return withCluster('kill', ({ target }) => ({
    name: 'kill',
    description: `kill -9 (SIGKILL) of ${victim} at ${FAULT_AT} s; started again ${DOWN_S} s later (a new process on the same port)`,
    expectation:
      'the balancer stops sending to the dead instance; only requests in flight on it when it died may fail (network or 502/503 from HAProxy); 0 lost acknowledged answers; the restarted instance is back in the balancer',
    restarts: [victim],
    inject: async (ctx) => {
      const instance = target.instances[1]!;
      victim = instance.id;
      await ctx.at(FAULT_AT);
      ctx.mark(`fault: SIGKILL ${instance.id} (pid ${instance.pid})`);
      await instance.kill('SIGKILL');
      await new Promise((done) => setTimeout(done, DOWN_S * 1000));
      await instance.restart();
      ctx.mark(`restored: ${instance.id} started again (pid ${instance.pid}), ready`);
      // HAProxy takes it back after its health check passes (rise): watch for UP.
      const since = performance.now();
      while (performance.now() - since < 20_000) {
        const view = await balancerView(target.balancer!.statsUrl);
        const row = Array.isArray(view) ? view.find((r) => r.server === instance.id) : undefined;
        if (row?.status === 'UP') {
          rejoin = { seconds_after_restart: Number(((performance.now() - since) / 1000).toFixed(1)) };
          ctx.mark(`${instance.id} UP in the balancer again`);
          return;
        }
        await new Promise((done) => setTimeout(done, 250));
      }
      rejoin = 'not UP within 20 s of its restart';
    },
    extra: async () => ({ rejoin, balancer_stats_at_end: await balancerView(target.balancer!.statsUrl) }),
  }));
}
