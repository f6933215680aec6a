// What every fault script shares: a lighter load (50 learners, 60 s) on a target, the fault injected in the middle
// by `inject`, then the figures a fault is judged by — requests by outcome per second, the seconds from the service's
// return to the first clean second after which every second is clean, lost acknowledged answers, and whether every
// instance is the process it was at the start (no restart) and answers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkLedger, type LedgerCheck } from '../ledger.js';
import type { LearnerAccount } from '../learner.js';
import type { Sql } from '../learners.js';
import { runLoad } from '../load.js';
import { OUTCOMES, type Outcome, type Recorder } from '../record.js';
import { alive, loadAverage, numberOption, type Target } from '../targets.js';
import { machineFacts, repoRoot } from '../../targets.js';

export const FAULT_LEARNERS = numberOption('learners', 50);
export const FAULT_SECONDS = numberOption('seconds', 60);
/** When the fault starts, seconds into the load. */
export const FAULT_AT = numberOption('fault-at', 20);
export const SEED = numberOption('seed', 1);

export interface Mark {
  at: number;
  event: string;
}

export interface FaultContext {
  target: Target;
  recorder: Recorder;
  mark(event: string): void;
  /** Resolves at `seconds` into the load. */
  at(seconds: number): Promise<void>;
}

export interface FaultPlan {
  name: string;
  description: string;
  target: Target;
  accounts: LearnerAccount[];
  books: string[];
  /** Injects the fault and undoes it; calls ctx.mark('fault') and ctx.mark('restored'). */
  inject(ctx: FaultContext): Promise<void>;
  /** Reads the database for the lost-answer check, after the load (a PGlite target may be stopped first). */
  ledgerSql: () => Promise<{ sql: Sql; close(): Promise<void> }>;
  /** Extra figures for the results file (what the learners saw, log lines…), after the load. */
  extra?: () => Promise<Record<string, unknown>>;
  expectation: string;
  /** Instances the fault itself restarts (kill): left out of the no-restart verdict. */
  restarts?: string[];
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const BAD: Outcome[] = ['retryable', 'other_4xx', 'server_error', 'balancer', 'network'];

/** One request per second for 10 s through the target, after the load: the app answers without a restart. */
async function probeAfter(target: Target): Promise<{ ok: number; failed: number; statuses: number[] }> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    try {
      const res = await fetch(`${target.url}/readyz`, { signal: AbortSignal.timeout(5000) });
      statuses.push(res.status);
      await res.arrayBuffer();
    } catch {
      statuses.push(0);
    }
    await sleep(1000);
  }
  // 404: an app without /readyz still answered.
  const answered = (s: number) => s === 200 || s === 404;
  return {
    ok: statuses.filter(answered).length,
    failed: statuses.filter((s) => !answered(s)).length,
    statuses,
  };
}

export async function runFault(plan: FaultPlan) {
  const loadBefore = loadAverage();
  const pids = plan.target.instances.map((i) => i.pid);
  const marks: Mark[] = [];
  console.log(
    `fault ${plan.name}: ${plan.accounts.length} learners for ${FAULT_SECONDS} s at ${plan.target.url}, fault at ${FAULT_AT} s`,
  );
  const run = await runLoad({
    url: plan.target.url,
    accounts: plan.accounts,
    books: plan.books,
    seconds: FAULT_SECONDS,
    seed: SEED,
    during: async (recorder) => {
      const began = performance.now();
      await plan.inject({
        target: plan.target,
        recorder,
        mark: (event) => {
          marks.push({ at: recorder.now(), event });
          console.log(`  ${recorder.now().toFixed(1)} s: ${event}`);
        },
        at: (seconds) => sleep(Math.max(0, began + seconds * 1000 - performance.now())),
      });
    },
  });
  const timeline = run.recorder.timeline();
  const restored = marks.find((m) => m.event.startsWith('restored'))?.at ?? null;
  const faultAt = marks.find((m) => m.event.startsWith('fault'))?.at ?? null;
  const bad = (row: (typeof timeline)[number]) => BAD.some((o) => (row.counts[o] ?? 0) > 0);
  // The last second with a failure; recovery is from the service's return to the second after it.
  let lastBad = -1;
  for (const row of timeline) if (bad(row)) lastBad = row.second;
  const recovery_s = restored === null ? null : Math.max(0, Number((lastBad + 1 - restored).toFixed(2)));
  const totals: Partial<Record<Outcome, number>> = {};
  for (const row of timeline) for (const o of OUTCOMES) totals[o] = (totals[o] ?? 0) + (row.counts[o] ?? 0);
  const window = faultAt === null || lastBad < faultAt ? null : run.recorder.perCall(1, faultAt, lastBad + 1);
  // What learners did while the fault lasted, call by call (logins while Redis is away…).
  const duringFault =
    faultAt === null || restored === null
      ? null
      : Object.fromEntries(
          Object.entries(run.recorder.perCall(restored - faultAt, faultAt, restored)).map(([call, f]) => [
            call,
            { count: f.count, by_outcome: f.by_outcome, p99_ms: f.latency_ms.p99 },
          ]),
        );

  const probe = await probeAfter(plan.target);
  const sameProcesses = plan.target.instances.map((i, k) => ({
    id: i.id,
    pid_at_start: pids[k],
    pid_at_end: i.pid,
    alive: alive(i.pid),
  }));
  const db = await plan.ledgerSql();
  let answers: LedgerCheck;
  try {
    answers = await checkLedger(db.sql, run.ledger);
  } finally {
    await db.close();
  }
  const extra = (await plan.extra?.()) ?? {};
  const loadAfter = loadAverage();
  const serverErrors = totals.server_error ?? 0;
  console.log(
    `  outcomes ${JSON.stringify(totals)}; recovery ${recovery_s} s after the service returned; answers acknowledged ${answers.acknowledged}, lost ${answers.lost}; probe after: ${probe.ok}/10 ready`,
  );
  const result = {
    benchmark: `cluster-fault-${plan.name}`,
    measured_at: new Date().toISOString(),
    machine: machineFacts(
      loadBefore,
      loadAfter,
      'shared machine: the load generator, the app instances, HAProxy, PostgreSQL and Redis share these cores',
    ),
    fault: plan.description,
    expectation: plan.expectation,
    load: {
      learners: plan.accounts.length,
      seconds: FAULT_SECONDS,
      fault_at_s: FAULT_AT,
      seed: SEED,
      think_time_ms: run.think_ms,
      target: plan.target.balancer ? `${plan.target.instances.length} instances behind HAProxy` : 'one instance',
    },
    marks,
    outcomes_total: totals,
    outcomes_are:
      "ok: 200 ok; refusal: an expected business refusal; retryable: 503 server_upgrading / pay_unavailable (the app's envelope); other_4xx; server_error: any other 5xx from the app; balancer: HAProxy's own 502/503/504 page (no instance could take the request); network: no answer (refused, reset, 15 s timeout)",
    recovery_s,
    recovery_is:
      'seconds from the service coming back (the "restored" mark) to the end of the last second with a failed request; 0 when nothing failed after it',
    window_by_call: window,
    during_fault_by_call: duringFault,
    server_errors: serverErrors,
    balancer_errors: totals.balancer ?? 0,
    error_examples: run.recorder.examples,
    answers,
    recovered_without_restart: {
      instances: sameProcesses,
      probe_after_load: probe,
      verdict:
        sameProcesses.every(
          (p) => p.alive && (p.pid_at_start === p.pid_at_end || (plan.restarts ?? []).includes(p.id)),
        ) && probe.failed === 0,
    },
    ...extra,
    timeline: timeline.map((r) => ({ s: r.second, ...r.counts })),
  };
  const dir = resolve(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `cluster-fault-${plan.name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
  return result;
}
