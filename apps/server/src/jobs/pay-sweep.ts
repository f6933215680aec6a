import type { Deps } from '../lib/deps.js';
import { sweepTrades } from '../modules/pay/index.js';

export const PAY_SWEEP_JOB = 'pay.sweep';

/**
 * Every minute: unpaid trades past 15 minutes get their last query and close (PayTimeout), paid trades left ungranted
 * by a crash are granted, and the sandbox gateway re-sends the notifications the app has not acknowledged.
 */
export async function runPaySweep(deps: Deps) {
  const trades = await sweepTrades(deps);
  const redelivered = deps.pay.name === 'sandbox' ? await deps.pay.deliverDue() : 0;
  return { ...trades, redelivered };
}

export async function registerPaySweep(deps: Deps): Promise<void> {
  await deps.queue.work(PAY_SWEEP_JOB, (_data, d) => runPaySweep(d));
  await deps.queue.schedule(PAY_SWEEP_JOB, '* * * * *');
}
