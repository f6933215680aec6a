// Redis shut down for 20 s under load, then started again with the machine's own command: the app must keep
// answering (the limiter falls back, decision 035); what learners saw is the result.
import { FAULT_AT } from './fault-run.js';
import { withCluster } from './cluster-setup.js';
import { ensureRedis, REDIS_START, REDIS_STOP, redisUp, run } from './services.js';

const OUTAGE_S = 20;

export async function redisFault() {
  try {
    return await withCluster('redis', () => ({
      name: 'redis',
      description: `Redis shut down (${REDIS_STOP}) at ${FAULT_AT} s, started again ${OUTAGE_S} s later (${REDIS_START})`,
      expectation:
        'the app keeps answering while Redis is away (the shared counters fall back); learners see no 500 and no network error; 0 lost acknowledged answers',
      inject: async (ctx) => {
        await ctx.at(FAULT_AT);
        ctx.mark('fault: shutting Redis down');
        try {
          try {
            run(REDIS_STOP);
          } catch {
            // redis-cli reports the closed connection of a shutdown as an error.
          }
          ctx.mark(`Redis down (ping: ${redisUp()})`);
          await new Promise((done) => setTimeout(done, OUTAGE_S * 1000));
        } finally {
          run(REDIS_START);
          ctx.mark(`restored: Redis started (ping: ${redisUp()})`);
        }
      },
    }));
  } finally {
    await ensureRedis();
  }
}
