// PostgreSQL stopped for 5 s under load, then started again (the app is not restarted): during the outage every
// request must get the retryable `server_upgrading` (503), never a 500; afterwards all ok, nothing acknowledged lost.
import { FAULT_AT } from './fault-run.js';
import { withCluster } from './cluster-setup.js';
import { ensurePostgres, PG_START, PG_STOP, postgresUp, run } from './services.js';

const OUTAGE_S = 5;

export async function pgFault() {
  try {
    return await withCluster('pg', () => ({
      name: 'pg',
      description: `PostgreSQL stopped (${PG_STOP()}) at ${FAULT_AT} s, started again ${OUTAGE_S} s later (${PG_START()}); the instances keep running`,
      expectation:
        'requests during the outage get server_upgrading (503, retryable), never a 500; all ok again within seconds of PostgreSQL’s return; no instance restarted; 0 lost acknowledged answers',
      inject: async (ctx) => {
        await ctx.at(FAULT_AT);
        ctx.mark('fault: stopping PostgreSQL');
        try {
          run(PG_STOP());
          ctx.mark('PostgreSQL stopped');
          await new Promise((done) => setTimeout(done, OUTAGE_S * 1000));
        } finally {
          run(PG_START());
          ctx.mark(`restored: PostgreSQL started (ready: ${postgresUp()})`);
        }
      },
    }));
  } finally {
    await ensurePostgres();
  }
}
