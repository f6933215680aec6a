// The latency part of `npm run bench:essay -w bench` (bench/essay-judge.ts runs it): what essay judging does to the
// requests of learners while it runs, on PGlite (the embedded default database). The real app server runs in its own
// process on a fresh PGlite with its job queue (pg-boss, BENCH_JOBS=on), so the 'essay.judge' job judges on the
// server's own event loop, as in production. Three phases of --latency-seconds each, with the same open-loop read
// load (load-loop.ts: /api/user/get and /api/essay/list of one learner): quiet (nothing else), submitting (writers
// also finish essay-only mocks at --essay-rate, each a real held-out corpus essay: create, start, answer,
// finish_section) and draining (no more submissions; the queue judges the backlog). Essays judged per phase and the
// lag from an essay's row (the finishing transaction) to Finished come from the database after the server stops.
import { essayCalls, examCalls, userCalls } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import { loadavg } from 'node:os';
import { post, registerLearner, learnerHeaders, type BenchLearner } from './checked-load.js';
import { freshDatabase } from './databases.js';
import { driveRate, openLoop, percentile, type LoadFigures } from './load-loop.js';
import { machineFacts, startServer } from './targets.js';
import { seedContent } from '../apps/server/src/modules/content-import/index.js';

export interface LatencyOptions {
  /** Each phase's length. */
  seconds: number;
  /** /api/user/get per second; /api/essay/list runs at a fifth of it. */
  readRate: number;
  /** Essays submitted per second in the submitting phase. */
  essayRate: number;
}

/** The mock whose Issue section alone is written (select_kind 'issue'), as essays.fixtures.ts writeEssay does. */
const MOCK = 'b-mock-1';
/** SVIP's essay judgings a day (QUOTA_DEFAULTS): each writer stays below it. */
const ESSAYS_PER_WRITER = 8;
/** Essays the reader writes before timing, so its list has judged essays in it. */
const READER_ESSAYS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 2) => Number(x.toFixed(d));
const loadAverage = () => loadavg().map((n) => round(n));

/** One essay-only mock written and submitted through the public API; the essay's judging job goes out on commit. */
async function submitEssay(base: string, l: BenchLearner, text: string): Promise<void> {
  const h = learnerHeaders(l);
  const { id } = await post<{ id: number }>(
    base,
    examCalls.create.path,
    { source: 'simulate', version: MOCK, select_kind: 'issue' },
    h,
  );
  const started = await post<{ revision: number }>(base, examCalls.start.path, { id, revision: 0 }, h);
  const answered = await post<{ revision: number }>(
    base,
    examCalls.answer.path,
    { id, revision: started.revision, section_index: 0, question_index: 0, answer: { essay: text } },
    h,
  );
  await post(base, examCalls.finishSection.path, { id, revision: answered.revision, section_index: 0 }, h);
}

/** Writers submit `rate` essays a second for `seconds` (open loop, round robin): how long each took, and failures. */
async function submitAt(base: string, writers: BenchLearner[], essays: string[], rate: number, seconds: number) {
  const ms: number[] = [];
  let failed = 0;
  await openLoop(rate, seconds, async (i) => {
    const t = performance.now();
    try {
      await submitEssay(base, writers[i % writers.length]!, essays[i % essays.length]!);
      ms.push(performance.now() - t);
    } catch (error) {
      failed += 1;
      if (failed <= 3) console.log(`  submit failed: ${(error as Error).message}`);
    }
  });
  ms.sort((a, b) => a - b);
  return { submitted: ms.length, failed, ms: { p50: round(percentile(ms, 0.5)), p95: round(percentile(ms, 0.95)) } };
}

/** The reader's two calls at the phase's rates, side by side. */
function readLoad(base: string, reader: BenchLearner, opts: LatencyOptions, seconds = opts.seconds) {
  const h = learnerHeaders(reader);
  return Promise.all([
    driveRate(base + userCalls.get.path, h, ['{}'], opts.readRate, seconds),
    driveRate(base + essayCalls.list.path, h, ['{"page":1,"page_size":20}'], opts.readRate / 5, seconds),
  ]).then(([user_get, essay_list]) => ({ user_get, essay_list }));
}

/** Waits until none of these learners' essays is Judging (polling their lists); false at the deadline. */
async function judged(base: string, learners: BenchLearner[], deadlineMs: number): Promise<boolean> {
  for (;;) {
    let judging = 0;
    for (const l of learners) {
      const { items } = await post<{ items: { status: string }[] }>(
        base,
        essayCalls.list.path,
        { page: 1, page_size: 50 },
        learnerHeaders(l),
      );
      judging += items.filter((e) => e.status === 'Judging').length;
    }
    if (judging === 0) return true;
    if (Date.now() > deadlineMs) return false;
    await sleep(2000);
  }
}

type Phase = 'quiet' | 'submitting' | 'draining';

/** The reader's essays judged and its calls warmed, then the three phases; then the rest of the backlog judged. */
async function runPhases(
  base: string,
  reader: BenchLearner,
  writers: BenchLearner[],
  essays: string[],
  opts: LatencyOptions,
) {
  for (let i = 0; i < READER_ESSAYS; i++) await submitEssay(base, reader, essays[i % essays.length]!);
  if (!(await judged(base, [reader], Date.now() + 120_000))) throw new Error("the reader's essays were not judged");
  await readLoad(base, reader, opts, 3); // warm-up, not recorded
  const windows = {} as Record<Phase, [number, number]>;
  const phase = async <T>(name: Phase, run: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const out = await run();
    windows[name] = [t0, Date.now()];
    return out;
  };
  const quiet = await phase('quiet', () => readLoad(base, reader, opts));
  const [submitting, submitted] = await phase('submitting', () =>
    Promise.all([
      readLoad(base, reader, opts),
      submitAt(base, writers, essays.slice(READER_ESSAYS), opts.essayRate, opts.seconds),
    ]),
  );
  const draining = await phase('draining', () => readLoad(base, reader, opts));
  // Past the phases, unmeasured: the rest of the backlog, for every essay's lag (the queue's pace is in the figures).
  const backlogSeconds = 60 + submitted.submitted * 4;
  const drained = await judged(base, writers, Date.now() + backlogSeconds * 1000);
  return { quiet, submitting, draining, submitted, windows, drained };
}

interface EssayRow {
  user_id: string | number;
  status: string;
  created: number;
  judged: number | null;
}

const summary = (f: LoadFigures) => ({ requests: f.requests, errors: f.errors, latency_ms: f.latency_ms });

/** Measures it all on a fresh PGlite; the results file's `latency_pglite`. */
export async function measureLatencyPglite(opts: LatencyOptions, essays: string[]) {
  const loadBefore = loadAverage();
  const database = await freshDatabase('pglite');
  const appEnv = {
    ...database.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    REDIS_URL: '',
    ESSAY_JUDGE_URL: '',
  };
  const submissions = Math.max(1, Math.round(opts.essayRate * opts.seconds));
  const writerCount = Math.ceil(submissions / ESSAYS_PER_WRITER) + 1;
  console.log(
    `essay judging and request latency on PGlite: ${opts.seconds} s per phase, /api/user/get at ${opts.readRate}/s and /api/essay/list at ${opts.readRate / 5}/s, ${submissions} essays at ${opts.essayRate}/s from ${writerCount} writers`,
  );
  try {
    // The app migrates the fresh database; the learners register through the public API, each from its own address.
    const setup = await startServer('app', { ...appEnv, TRUST_PROXY: 'true' });
    const learners: BenchLearner[] = [];
    try {
      for (let i = 0; i <= writerCount; i++) learners.push(await registerLearner(setup.url, i, 'essay'));
    } finally {
      await setup.stop();
    }
    const [reader, ...writers] = learners as [BenchLearner, ...BenchLearner[]];
    // The shipped bank and mocks, as the first `npm start` imports them; SVIP: no question quota, ten judgings a day.
    const db = await openDatabase({ dataDir: `${database.env.DATA_DIR}/db` });
    await seedContent({ database: db });
    await db.pglite!.query(
      `update users set role_kind = 'SVIP', base_role_kind = 'SVIP', role_expires_at = null where id = any($1::bigint[])`,
      [learners.map((l) => l.userId)],
    );
    await db.close();

    const app = await startServer('app', { ...appEnv, BENCH_JOBS: 'on' });
    const run = await runPhases(app.url, reader, writers, essays, opts).finally(() => app.stop());
    const { quiet, submitting, draining, submitted, windows } = run;

    const after = await openDatabase({ dataDir: `${database.env.DATA_DIR}/db` });
    const rows = (
      await after.pglite!.query<EssayRow>(
        `select user_id, status, extract(epoch from created_at) * 1000 as created,
                extract(epoch from judged_at) * 1000 as judged from essays`,
      )
    ).rows.map((r) => ({ ...r, created: Number(r.created), judged: r.judged === null ? null : Number(r.judged) }));
    await after.close();
    const loadAfter = loadAverage();

    const writerIds = new Set(writers.map((w) => String(w.userId)));
    const written = rows.filter((r) => writerIds.has(String(r.user_id)));
    const statuses: Record<string, number> = {};
    for (const r of written) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const lags = written
      .filter((r) => r.status === 'Finished' && r.judged !== null)
      .map((r) => (r.judged! - r.created) / 1000)
      .sort((a, b) => a - b);
    /** Essays that turned Finished inside a phase, per second, and how many were waiting at its start and end. */
    const judging = ([from, to]: [number, number]) => {
      const waiting = (t: number) => written.filter((r) => r.created <= t && (r.judged === null || r.judged > t));
      const done = written.filter((r) => r.judged !== null && r.judged >= from && r.judged < to).length;
      return {
        essays_judged: done,
        essays_judged_per_second: round(done / ((to - from) / 1000)),
        waiting_at_start: waiting(from).length,
        waiting_at_end: waiting(to).length,
      };
    };
    const ratio = (a: LoadFigures, b: LoadFigures) => round(a.latency_ms.p99 / b.latency_ms.p99);
    const result = {
      measured_at: new Date().toISOString(),
      database_detail: database.describe,
      method:
        'the real app server (bench/server.ts app, BENCH_JOBS=on: pg-boss and every job handler, built-in judge only) on a fresh PGlite with the shipped content, learners registered through the public API and made SVIP in SQL; ' +
        'one learner reads /api/user/get and their own /api/essay/list (5 judged essays) in an open loop at fixed rates, timed one by one, in three phases: quiet (the queue idle), submitting (writers also finish essay-only mocks of b-mock-1 at a fixed rate, each a held-out calibration essay: create, start, answer, finish_section, the judging job sent on commit) and draining (no more submissions while the queue judges the backlog). ' +
        'Essays judged per phase and each essay’s lag (row created in the finishing transaction → judged_at) are read from the database after the server stops, not polled, so the reads are the only other load; the corpus essays answer other prompts and may be flagged off topic, which the judge decides after computing every feature.',
      load: {
        phase_seconds: opts.seconds,
        user_get_per_second: opts.readRate,
        essay_list_per_second: opts.readRate / 5,
        essays_per_second: opts.essayRate,
        writers: writers.length,
      },
      quiet: { user_get: summary(quiet.user_get), essay_list: summary(quiet.essay_list), ...judging(windows.quiet) },
      submitting: {
        user_get: summary(submitting.user_get),
        essay_list: summary(submitting.essay_list),
        essays_submitted: submitted.submitted,
        submit_failures: submitted.failed,
        submit_ms: submitted.ms,
        ...judging(windows.submitting),
      },
      draining: {
        user_get: summary(draining.user_get),
        essay_list: summary(draining.essay_list),
        ...judging(windows.draining),
      },
      p99_vs_quiet: {
        user_get_submitting: ratio(submitting.user_get, quiet.user_get),
        user_get_draining: ratio(draining.user_get, quiet.user_get),
        essay_list_submitting: ratio(submitting.essay_list, quiet.essay_list),
        essay_list_draining: ratio(draining.essay_list, quiet.essay_list),
      },
      judging_lag_s: {
        essays: lags.length,
        p50: round(percentile(lags, 0.5)),
        p95: round(percentile(lags, 0.95)),
        max: round(lags.at(-1) ?? 0),
      },
      essay_statuses: statuses,
      all_judged: run.drained,
      machine: machineFacts(
        loadBefore,
        loadAfter,
        'shared machine: the load generator and the app server (with its PGlite) share these cores with anything else running; the load averages say how busy it was',
      ),
    };
    const valid =
      run.drained &&
      submitted.failed === 0 &&
      [quiet, submitting, draining].every((p) => p.user_get.errors === 0 && p.essay_list.errors === 0);
    return { result: { valid, ...result }, valid };
  } finally {
    await database.drop();
  }
}
