// `npm run bench:flash -w bench`: /api/flash/finish_round with 20 cards under load on PostgreSQL, against the
// foundation's bare one-query route in the same run (issue 14: p99 < 25 ms at 50 connections). Each of the 50
// connections is one learner finishing rounds of their own decks. A round finishes once, so each learner gets a supply
// of decks whose round is open: one 20-card deck is created and opened through the API, and is then copied in the
// database (the deck row with its stored round, exactly as open_flash wrote it, and its cards). Every timed call is a
// real finish_round of a real running round — read the deck with its cards, grade every choice from the stored round,
// move 20 cards, close the round, schedule the cards that reach Master — and nothing else runs between the calls.
// Every answer is checked (200, ok, 20 moves to the stages the rules give); a single failure voids the figure. The
// one-query route runs under the same loop.
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_DECKS (decks per learner, 1500: enough for ~5,000 finishes a second).
import { loadavg } from 'node:os';
import { FLASH_SOURCES, flashCalls, type CardStage } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import pg from 'pg';
import { seedContent } from '../apps/server/src/modules/content-import/seed.js';
import {
  checkedRun,
  clean,
  ENV_SHAPE,
  figures,
  isOk,
  learnerHeaders,
  measureCheckedOneQuery,
  post,
  registerLearner,
  report,
  shapeFacts,
  verdict,
  writeResult,
  type BenchLearner,
  type CheckedRun,
} from './checked-load.js';
import { freshDatabase } from './databases.js';
import { startServer } from './targets.js';

const CARDS = 20;
const DECKS = Number(process.env.BENCH_DECKS ?? 1500);
const TARGET = { max_p99_ms: 25 };
/** The deck's stages before the measured round: five cards at each stage below Master. */
const START_STAGES: CardStage[] = ['NotSeen', 'Learn', 'Quiz', 'Exam'].flatMap((s) =>
  Array<CardStage>(5).fill(s as CardStage),
);
const AFTER: Record<string, CardStage> = { NotSeen: 'Quiz', Learn: 'Quiz', Quiz: 'Exam', Exam: 'Master' };

interface Learner extends BenchLearner {
  /** The learner's decks with a round open, used one per request. */
  decks: number[];
  /** The finish_round body with the deck id left as FLASH_ID: every card passed. */
  body: string;
  expected: { word: string; to: CardStage }[];
}

type StoredRound = {
  index: number;
  runtimes: { word: string; stage: CardStage }[];
  keys: { quiz: { answer: number } | null; recall: { answer: string } | null }[];
};

/** The learner's deck: 20 six-two words, staged five per stage, its first round opened through the API. */
async function prepareDeck(base: string, pool: pg.Pool, l: BenchLearner) {
  const made = await post<{ flash: { id: number } }>(
    base,
    flashCalls.createFlash.path,
    { range_kind: FLASH_SOURCES.six_two, limit: CARDS },
    learnerHeaders(l),
  );
  const flashId = made.flash.id;
  await pool.query('update flashes set stages = $2 where id = $1', [flashId, START_STAGES]);
  await post(base, flashCalls.openFlash.path, { id: flashId }, learnerHeaders(l));
  const { rows } = await pool.query<{ round: StoredRound }>('select round from flashes where id = $1', [flashId]);
  const round = rows[0]!.round;
  if (round.runtimes.length !== CARDS) throw new Error(`round of ${round.runtimes.length} cards`);
  const runtimes = round.runtimes.map((r, i) => {
    const item = round.keys[i]!;
    const choice =
      r.stage === 'Quiz'
        ? { step: 'quiz', option: item.quiz!.answer }
        : r.stage === 'Exam'
          ? { step: 'exam', text: item.recall!.answer }
          : { step: 'flip', know: true };
    return { word: r.word, stage: r.stage, choice };
  });
  await pool.query(CLONE, [flashId, DECKS - 1]);
  const decks = await pool.query<{ id: string }>('select id from flashes where user_id = $1 order by id', [l.userId]);
  return {
    decks: decks.rows.map((r) => Number(r.id)),
    body: JSON.stringify({ flash_id: 0, round: { index: round.index, cursor_index: CARDS, runtimes } }).replace(
      '"flash_id":0',
      '"flash_id":FLASH_ID',
    ),
    expected: round.runtimes.map((r) => ({ word: r.word, to: AFTER[r.stage]! })),
  };
}

/** Copies of a deck with its stored round and cards, made in one statement. */
const CLONE = `
with made as (
  insert into flashes (user_id, name, status, range_kind, scope, all_card_count, round_index, round_count, round,
    round_cards, stages, misses, gave_up, coins_spent, created_at, updated_at)
  select f.user_id, f.name, f.status, f.range_kind, f.scope, f.all_card_count, f.round_index, f.round_count, f.round,
    f.round_cards, f.stages, f.misses, f.gave_up, f.coins_spent, f.created_at, f.updated_at
  from flashes f cross join generate_series(1, $2::int) where f.id = $1
  returning id)
insert into flash_cards (flash_id, word, position, source_qid)
select made.id, c.word, c.position, c.source_qid
from made cross join flash_cards c where c.flash_id = $1`;

/**
 * The figures as this benchmark writes them: bench/results' usual ones with the mean latency instead of p97.5, and
 * the connections that ran out of decks.
 */
function deckFigures(run: CheckedRun) {
  const f = figures(run);
  const { p50, p90, p99, max } = f.latency_ms;
  return {
    requests: f.requests,
    requests_per_sec: f.requests_per_sec,
    latency_ms: { p50, p90, p99, max, mean: run.result.latency.mean },
    errors: f.errors,
    timeouts: f.timeouts,
    non_2xx: f.non_2xx,
    refused: f.refused,
    /** Connections that used up their learner's decks before the end (sent again, then refused). */
    workers_out_of_decks: run.outOfBodies,
  };
}
type Figures = ReturnType<typeof deckFigures>;

async function main() {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const database = await freshDatabase('postgres');
  console.log(
    `flash finish benchmark: ${ENV_SHAPE.connections} connections (one learner and deck each), ${ENV_SHAPE.duration} s (after ${ENV_SHAPE.warmup} s warm-up)\npostgres: ${database.describe}`,
  );
  const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: ENV_SHAPE.connections });
  // Dropping the database ends these connections from the server's side; that is not an error of the run.
  pool.on('error', () => undefined);
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    const setup = await startServer('app', { ...appEnv, TRUST_PROXY: 'true' });
    const learners: Learner[] = [];
    try {
      const db = await openDatabase({ url: database.env.DATABASE_URL, poolSize: 2 });
      await seedContent({ database: db });
      await db.close();
      for (let i = 0; i < ENV_SHAPE.connections; i++) {
        const l = await registerLearner(setup.url, i, 'flash');
        await pool.query(
          `update users set role_kind = 'VIP', base_role_kind = 'VIP', role_expires_at = null, flash_coins = 100 where id = $1`,
          [l.userId],
        );
        learners.push({ ...l, ...(await prepareDeck(setup.url, pool, l)) });
      }
      // Fresh statistics after the copies, as autovacuum would gather them on a live server.
      await pool.query('analyze flashes, flash_cards, card_reviews');
    } finally {
      await setup.stop();
    }
    console.log(
      `  ${learners.length} learners, each with ${DECKS} copies of a 20-card deck (5 NotSeen, 5 Learn, 5 Quiz, 5 Exam) with its round open`,
    );

    const floor = await measureCheckedOneQuery(database.env, learners[0]!.userId, ENV_SHAPE, deckFigures);
    report('bare Fastify + one PK query', floor);

    const commits = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            'select xact_commit::text as n from pg_stat_database where datname = current_database()',
          )
        ).rows[0]!.n,
      );
    let commitsPerFinish = '0';
    // WAL written per finish: what a round's write costs the database's log (one deck row, its reviews).
    const walAt = async () =>
      Number(
        (await pool.query<{ b: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as b")).rows[0]!.b,
      );
    let walPerFinish = 0;
    const app = await startServer('app', appEnv);
    let finish: Figures;
    try {
      // Warm-up and measured run share each learner's supply of decks, one deck per request.
      const used = learners.map(() => 0);
      const nextBody = (k: number) => {
        const l = learners[k]!;
        const deck = l.decks[used[k]!++];
        return deck === undefined ? null : l.body.replace('FLASH_ID', String(deck));
      };
      const run = async (seconds: number) =>
        deckFigures(
          await checkedRun(
            app.url + flashCalls.finishRound.path,
            ENV_SHAPE.connections,
            seconds,
            (k) => {
              const body = nextBody(k);
              if (body === null) throw new Error(`learner ${k} has no deck`);
              return { headers: learnerHeaders(learners[k]!), body };
            },
            (k, status, json) => {
              if (status !== 200 || !isOk(json)) return false;
              const moves = (json.data as { moves?: { word: string; to: string }[] }).moves;
              const want = learners[k]!.expected;
              return (
                moves?.length === want.length && moves.every((m, i) => m.word === want[i]!.word && m.to === want[i]!.to)
              );
            },
            nextBody,
          ),
        );
      await run(ENV_SHAPE.warmup);
      const before = await commits();
      const walBefore = await walAt();
      finish = await run(ENV_SHAPE.duration);
      walPerFinish = Math.round(((await walAt()) - walBefore) / finish.requests);
      commitsPerFinish = Number(((await commits()) - before) / finish.requests).toFixed(3);
    } finally {
      await app.stop();
    }
    report('POST /api/flash/finish_round (app)', finish);
    console.log(
      `  app transactions per finish (gate, read and write statements, shared when batched): ${commitsPerFinish}; WAL per finish: ${walPerFinish} bytes`,
    );
    const loadAfter = loadavg().map((n) => Number(n.toFixed(2)));

    const valid =
      clean(finish) && finish.workers_out_of_decks === 0 && clean(floor) && floor.workers_out_of_decks === 0;
    const { ratios, met } = verdict('finish_round', finish, { one_query: floor }, valid, TARGET, loadBefore, loadAfter);
    writeResult('flash-finish', database, loadBefore, loadAfter, {
      load: {
        tool: "autocannon, closed loop (a new deck of the connection's learner for every request)",
        ...shapeFacts(ENV_SHAPE),
        cards_per_round: CARDS,
        decks_per_learner: DECKS,
        note: 'each connection is one learner finishing the running round of one of their own 20-card decks per request (5 cards each at NotSeen, Learn, Quiz, Exam; every card passed, 5 reach Master: FSRS review rows on the first finish, kept on later ones); the decks are database copies of one deck created and opened through the API, stored round included; nothing runs between requests; the one-query route runs under the same loop',
      },
      app_log_level: appEnv.LOG_LEVEL,
      targets: { one_query: floor, finish_round: finish },
      ratios,
      app_transactions_per_finish: Number(commitsPerFinish),
      wal_bytes_per_finish: walPerFinish,
      target: TARGET,
      valid,
      target_met: met,
    });
    if (!valid) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.drop();
  }
}

await main();
