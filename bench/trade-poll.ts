// `npm run bench:trade -w bench`: the payment dialog's poll, POST /api/trade/get, under load on PostgreSQL, against
// the foundation's bare one-query route in the same run (target p99 < 25 ms at 50 connections). Like real dialogs,
// every connection is its own learner polling its own open trade: 50 learners register (each from its own address,
// as the per-address code budget expects), each opens a VIP trade through /api/pay/init on the sandbox provider, and
// each autocannon connection carries one learner's token and trade id for the whole run. Every answer is checked:
// 200, `ok: true` and the learner's own trade; a single failure voids the figure. /api/user/get is measured on the
// same server after it, as the app's own yardstick: the same gate (whose session-and-user look-up, batched across
// concurrent requests, is its only query) without the trade read.
// Options: --profile (V8 CPU profile of the measured app server into .test-output/bench-profiles).
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s).
import { payCalls, type Payment } from '@gre/contracts';
import { learnerHeaders, post, registerLearner, runLearnerBenchmark, type BenchLearner } from './checked-load.js';

interface Learner extends BenchLearner {
  tradeId: number;
}

/** Registers learner `i` (bench/checked-load.ts), then opens a VIP trade of one month for them. */
async function newLearnerWithTrade(base: string, i: number): Promise<Learner> {
  const learner = await registerLearner(base, i, 'trade');
  const payment = await post<Payment>(
    base,
    payCalls.init.path,
    { user_id: learner.userId, kind: 'VIP', param: 2 },
    learnerHeaders(learner),
  );
  if (payment.trade.status !== 'WaitPay') throw new Error(`trade ${payment.trade.id} is ${payment.trade.status}`);
  return { ...learner, tradeId: payment.trade.id };
}

await runLearnerBenchmark({
  benchmark: 'trade-poll',
  title: 'trade poll benchmark',
  each: 'one learner and trade each',
  learner: newLearnerWithTrade,
  prepare: async (_database, learners) => {
    console.log(`  ${learners.length} learners, each with an open VIP trade (WaitPay, sandbox provider)`);
  },
  call: { key: 'trade_get', label: 'POST /api/trade/get (app)', path: payCalls.get.path },
  body: (l) => JSON.stringify({ id: l.tradeId }),
  accept: (l, data) => {
    const trade = data.trade as { id?: number; user_id?: number } | undefined;
    return trade?.id === l.tradeId && trade.user_id === l.userId;
  },
  note: 'closed loop, no think time; each connection is one learner (own token and device) polling their own open VIP trade (param 2, WaitPay, sandbox provider); every answer checked: 200, ok true, that trade',
  target: { max_p99_ms: 25 },
});
