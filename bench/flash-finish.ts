// `npm run bench:flash -w bench`: /api/flash/finish_round with 20 cards under load on PostgreSQL, against the
// foundation's bare one-query route in the same run (issue 14: p99 < 25 ms at 50 connections). Each of the 50
// connections is one learner finishing rounds of their own decks. A round finishes once, so each learner gets a supply
// of decks whose round is open: one 20-card deck is created and opened through the API, and is then copied in the
// database (the deck row with its stored round, exactly as open_flash wrote it, and its cards). Every timed call is a
// real finish_round of a real running round — read the deck with its cards, grade every choice from the stored round,
// move 20 cards, close the round, schedule the cards that reach Master — and nothing else runs between the calls.
// Every answer is checked (200, ok, 20 moves to the stages the rules give); a single failure voids the figure. The
// one-query route runs under the same loop.
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_DECKS (decks per learner, 800).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { FLASH_SOURCES, flashCalls, HEADERS, systemCalls, userCalls, type CardStage } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedContent } from '../apps/server/src/modules/content-import/seed.js';
import { freshDatabase } from './databases.js';
import { call, clientHeaders, repoRoot, startServer, machineFacts } from './targets.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CARDS = 20;
const DECKS = Number(process.env.BENCH_DECKS ?? 800);
const TARGET = { max_p99_ms: 25 };
/** The deck's stages before the measured round: five cards at each stage below Master. */
const START_STAGES: CardStage[] = ['NotSeen', 'Learn', 'Quiz', 'Exam'].flatMap((s) =>
  Array<CardStage>(5).fill(s as CardStage),
);
const AFTER: Record<string, CardStage> = { NotSeen: 'Quiz', Learn: 'Quiz', Quiz: 'Exam', Exam: 'Master' };

interface Learner {
  userId: number;
  token: string;
  deviceId: string;
  /** The learner's decks with a round open, used one per request. */
  decks: number[];
  /** The finish_round body with the deck id left as FLASH_ID: every card passed. */
  body: string;
  expected: { word: string; to: CardStage }[];
}

async function post<T>(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { ok: boolean; data: T; err_data: { kind: string; detail: string } | null };
  if (!json.ok) throw new Error(`${path}: ${json.err_data?.kind} ${json.err_data?.detail}`);
  return json.data;
}

/** Registers learner `i` through the public API from its own address (the per-address code budget). */
async function register(base: string, i: number): Promise<Pick<Learner, 'userId' | 'token' | 'deviceId'>> {
  const email = `bench-flash-${process.pid}-${i}@example.com`;
  const deviceId = `bench-device-${i}`;
  const anonymous = { ...clientHeaders(), [HEADERS.deviceId]: deviceId, 'x-forwarded-for': `198.18.1.${i + 1}` };
  await post(base, userCalls.emailSendCode.path, { email, purpose: 'register' }, anonymous);
  const info = await call<{ recent_codes: { target: string; code: string }[] }>(base, systemCalls.debugInfo.path, {});
  const code = info.recent_codes.find((c) => c.target === email)?.code;
  if (!code) throw new Error(`no code for ${email} in /api/debug/info`);
  const session = await post<{ token: string; user: { id: number } }>(
    base,
    userCalls.register.path,
    { account: email, code, password: 'bench-password-1' },
    anonymous,
  );
  return { userId: session.user.id, token: session.token, deviceId };
}

const headersOf = (l: Pick<Learner, 'token' | 'deviceId'>) => ({
  ...clientHeaders(l.token),
  [HEADERS.deviceId]: l.deviceId,
});

type StoredRound = {
  index: number;
  runtimes: { word: string; stage: CardStage }[];
  items: { quiz: { answer: number } | null; recall: { answer: string } | null }[];
};

/** The learner's deck: 20 six-two words, staged five per stage, its first round opened through the API. */
async function prepareDeck(base: string, pool: pg.Pool, l: Pick<Learner, 'userId' | 'token' | 'deviceId'>) {
  const made = await post<{ flash: { id: number } }>(
    base,
    flashCalls.createFlash.path,
    { range_kind: FLASH_SOURCES.six_two, limit: CARDS },
    headersOf(l),
  );
  const flashId = made.flash.id;
  await pool.query(
    `update flash_cards c set stage = s.stage from jsonb_to_recordset($2::jsonb) s(position int, stage text)
     where c.flash_id = $1 and c.position = s.position`,
    [flashId, JSON.stringify(START_STAGES.map((stage, position) => ({ position, stage })))],
  );
  await post(base, flashCalls.openFlash.path, { id: flashId }, headersOf(l));
  const { rows } = await pool.query<{ round: StoredRound }>('select round from flashes where id = $1', [flashId]);
  const round = rows[0]!.round;
  if (round.runtimes.length !== CARDS) throw new Error(`round of ${round.runtimes.length} cards`);
  const runtimes = round.runtimes.map((r, i) => {
    const item = round.items[i]!;
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
    gave_up, coins_spent, created_at, updated_at)
  select f.user_id, f.name, f.status, f.range_kind, f.scope, f.all_card_count, f.round_index, f.round_count, f.round,
    f.gave_up, f.coins_spent, f.created_at, f.updated_at
  from flashes f cross join generate_series(1, $2::int) where f.id = $1
  returning id)
insert into flash_cards (flash_id, word, position, source_qid, stage, misses, updated_at)
select made.id, c.word, c.position, c.source_qid, c.stage, c.misses, c.updated_at
from made cross join flash_cards c where c.flash_id = $1`;

/** autocannon's figures with p90, and the answers refused by the check. */
function figures(r: autocannon.Result, refused: number, exhausted: number) {
  return {
    requests: r.requests.total,
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: r.latency.mean,
    },
    errors: r.errors,
    timeouts: r.timeouts,
    non_2xx: r.non2xx,
    refused,
    /** Connections that used up their learner's decks before the end (sent again, then refused). */
    workers_out_of_decks: exhausted,
  };
}
type Figures = ReturnType<typeof figures>;

/**
 * A closed loop of CONNECTIONS autocannon connections, each its own learner: `request(k)` is connection k's next body
 * (null when it has none left: the run is then void). Every answer is checked with `accept`.
 */
async function load(
  url: string,
  seconds: number,
  request: (k: number) => { headers: Record<string, string>; body: string } | null,
  accept: (k: number, status: number, json: unknown) => boolean,
): Promise<Figures> {
  let refused = 0;
  const exhausted = new Set<number>();
  const { pathname } = new URL(url);
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    // Called once per connection as autocannon opens it: that connection's learner from then on, a new deck of
    // theirs for every request.
    setupClient: (client) => {
      const k = next++;
      const first = request(k);
      if (!first) throw new Error(`learner ${k} has no deck`);
      let last = first.body;
      client.setRequests([
        {
          method: 'POST',
          path: pathname,
          headers: first.headers,
          body: first.body,
          setupRequest: (req) => {
            const r = request(k);
            if (r) last = r.body;
            else exhausted.add(k);
            return { ...req, body: last };
          },
          onResponse: (status, text) => {
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              // Not JSON is not an answer: refused below.
            }
            if (accept(k, status, json)) return;
            refused += 1;
            if (refused <= 5) console.log(`  refused (connection ${k}): ${status} ${text.slice(0, 200)}`);
          },
        },
      ]);
    },
  });
  return figures(result, refused, exhausted.size);
}

function report(label: string, f: Figures) {
  console.log(
    `  ${label.padEnd(36)}${String(f.requests_per_sec).padStart(6)} req/s  p50 ${f.latency_ms.p50}  p90 ${f.latency_ms.p90}  p99 ${f.latency_ms.p99}  max ${f.latency_ms.max} ms   refused ${f.refused}`,
  );
}

async function main() {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const database = await freshDatabase('postgres');
  console.log(
    `flash finish benchmark: ${CONNECTIONS} connections (one learner and deck each), ${DURATION} s (after ${WARMUP} s warm-up)\npostgres: ${database.describe}`,
  );
  const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: CONNECTIONS });
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
      for (let i = 0; i < CONNECTIONS; i++) {
        const l = await register(setup.url, i);
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

    const floorServer = await startServer('one-query', { ...database.env, BENCH_USER_ID: String(learners[0]!.userId) });
    let floor: Figures;
    try {
      const run = (seconds: number) =>
        load(
          `${floorServer.url}/one-query`,
          seconds,
          () => ({ headers: clientHeaders(), body: '{}' }),
          (_k, status, json) =>
            status === 200 &&
            String((json as { row?: { id?: unknown } } | null)?.row?.id) === String(learners[0]!.userId),
        );
      await run(WARMUP);
      floor = await run(DURATION);
    } finally {
      await floorServer.stop();
    }
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
    const app = await startServer('app', appEnv);
    let finish: Figures;
    try {
      // Warm-up and measured run share each learner's supply of decks, one deck per request.
      const used = learners.map(() => 0);
      const run = (seconds: number) =>
        load(
          app.url + flashCalls.finishRound.path,
          seconds,
          (k) => {
            const l = learners[k]!;
            const deck = l.decks[used[k]!++];
            return deck === undefined
              ? null
              : { headers: headersOf(l), body: l.body.replace('FLASH_ID', String(deck)) };
          },
          (k, status, json) => {
            const data = (json as { ok?: boolean; data?: { moves?: { word: string; to: string }[] } } | null)?.data;
            const want = learners[k]!.expected;
            return (
              status === 200 &&
              (json as { ok?: boolean }).ok === true &&
              data?.moves?.length === want.length &&
              data.moves.every((m, i) => m.word === want[i]!.word && m.to === want[i]!.to)
            );
          },
        );
      await run(WARMUP);
      const before = await commits();
      finish = await run(DURATION);
      commitsPerFinish = Number(((await commits()) - before) / finish.requests).toFixed(3);
    } finally {
      await app.stop();
    }
    report('POST /api/flash/finish_round (app)', finish);
    console.log(
      `  app transactions per finish (gate, read and write statements, shared when batched): ${commitsPerFinish}`,
    );
    const loadAfter = loadavg().map((n) => Number(n.toFixed(2)));

    const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
    const ratios = {
      finish_round_vs_one_query_p99: ratio(finish.latency_ms.p99, floor.latency_ms.p99),
      finish_round_vs_one_query_throughput: ratio(finish.requests_per_sec, floor.requests_per_sec),
    };
    const clean = (f: Figures) =>
      f.refused === 0 && f.errors === 0 && f.timeouts === 0 && f.non_2xx === 0 && f.workers_out_of_decks === 0;
    const valid = clean(finish) && clean(floor);
    const met = valid && finish.latency_ms.p99 < TARGET.max_p99_ms;
    console.log(
      `  → p99 ${finish.latency_ms.p99} ms, ${ratios.finish_round_vs_one_query_p99}× the one-query route's p99, ${(ratios.finish_round_vs_one_query_throughput * 100).toFixed(0)} % of its throughput` +
        ` (target p99 < 25 ms: ${!valid ? 'VOID, failed answers' : met ? 'met' : 'MISSED'}); load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
    );
    const result = {
      benchmark: 'flash-finish',
      database: 'postgres',
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: machineFacts(loadBefore, loadAfter),
      load: {
        tool: "autocannon, closed loop (a new deck of the connection's learner for every request)",
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        cards_per_round: CARDS,
        decks_per_learner: DECKS,
        note: 'each connection is one learner finishing the running round of one of their own 20-card decks per request (5 cards each at NotSeen, Learn, Quiz, Exam; every card passed, 5 reach Master: FSRS review rows on the first finish, kept on later ones); the decks are database copies of one deck created and opened through the API, stored round included; nothing runs between requests; the one-query route runs under the same loop',
      },
      app_log_level: appEnv.LOG_LEVEL,
      targets: { one_query: floor, finish_round: finish },
      ratios,
      app_transactions_per_finish: Number(commitsPerFinish),
      target: TARGET,
      valid,
      target_met: met,
    };
    const dir = resolve(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'flash-finish-postgres.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
    if (!valid) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.drop();
  }
}

await main();
