// `npm run bench:mail -w bench`: the inbox, POST /api/mail/inbox/get (read on every page load for the nav badge and
// the home briefs), under load on PostgreSQL, against the foundation's bare one-query route in the same run (target
// p99 < 25 ms at 50 connections). Every connection is its own learner: 50 learners register through the public API,
// then SQL gives each of them 1,000 mails (half reminders, 30 % notice copies of 300 notices, 20 % chat; about 10 %
// unread, spread over the last weeks), and BENCH_OTHER_USERS (950) more users get as many, so the learners' rows sit
// in a table of a million. Every answer is checked: 200, `ok: true`, five briefs of each race with has_more, and the
// learner's own unread count. /api/user/get is measured after it on the same server: the same gate without the inbox.
// Options: --profile (V8 CPU profile of the measured app server into .test-output/bench-profiles).
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_OTHER_USERS (950).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { INBOX_BRIEFS, mailCalls, userCalls } from '@gre/contracts';
import pg from 'pg';
import {
  checkedLoad,
  clean,
  isOk,
  learnerHeaders,
  measureCheckedOneQuery,
  registerLearner,
  report,
  warmAndMeasure,
  type BenchLearner,
  type CheckedFigures,
  type LoadShape,
} from './checked-load.js';
import { freshDatabase } from './databases.js';
import { machineFacts, repoRoot, startServer } from './targets.js';

const SHAPE: LoadShape = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};
const LEARNERS = SHAPE.connections;
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 950);
const MAILS_PER_USER = 1000;
const NOTICES = 300;
const TARGET = { max_p99_ms: 25 };
const PROFILE = process.argv.includes('--profile');
const profileDir = resolve(repoRoot, '.test-output/bench-profiles');

/**
 * 1,000 mails for each listed user: of every ten, five reminders, three notice copies (each user's 300 copies are
 * the 300 notices, once each) and two chat mails, a minute apart going back from now, about one in ten unread.
 */
const SEED_MAILS = `
insert into mails (user_id, race, subject, content, link, status, notice_id, occasion, created_at)
select u.id,
  case when g % 10 < 5 then 'remind' when g % 10 < 8 then 'notice' else 'chat' end,
  case when g % 10 < 5 then '今日目标还没有完成 ' || g when g % 10 < 8 then '站内通知 ' || g else '有人回复了你的评论 ' || g end,
  case when g % 10 between 5 and 7 then '' else '正文 ' || g end,
  case when g % 10 < 5 then '/home' when g % 10 < 8 then null else '/personal' end,
  case when random() < 0.1 then 'Inbox' else 'Read' end,
  case when g % 10 between 5 and 7 then $2::bigint + (g / 10) * 3 + (g % 10 - 5) end,
  case when g % 10 < 5 then 'bench:' || g end,
  now() - make_interval(mins => ${MAILS_PER_USER} - g + (u.id % 60)::int)
from unnest($1::bigint[]) as u(id), generate_series(0, ${MAILS_PER_USER - 1}) g`;

async function seed(url: string, learners: BenchLearner[]): Promise<Map<number, number>> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    const others = await pool.query<{ id: string }>(
      `insert into users (name, email, password_hash)
       select '学员' || g, 'bench-mail-other-' || g || '@example.com', 'not-a-hash' from generate_series(1, $1::int) g
       returning id`,
      [OTHER_USERS],
    );
    const notices = await pool.query<{ first: string }>(
      `with made as (
         insert into notices (subject, content, audience, status, delivered, created_by, created_at)
         select '站内通知 ' || g, '<p>通知正文</p>', '{"kind":"all"}'::jsonb, 'Done', $2::int, $1::bigint, now() - make_interval(hours => g)
         from generate_series(1, ${NOTICES}) g returning id)
       select min(id) as first from made`,
      [learners[0]!.userId, LEARNERS + OTHER_USERS],
    );
    const first = notices.rows[0]!.first;
    const ids = [...learners.map((l) => l.userId), ...others.rows.map((r) => Number(r.id))];
    for (let i = 0; i < ids.length; i += 100) await pool.query(SEED_MAILS, [ids.slice(i, i + 100), first]);
    // A table in steady state: autovacuum has set the visibility map, so the unread count is an index-only scan.
    await pool.query('vacuum analyze mails');
    const unread = await pool.query<{ user_id: string; n: number }>(
      `select user_id, count(*)::int as n from mails where status = 'Inbox' and user_id = any($1::bigint[]) group by user_id`,
      [learners.map((l) => l.userId)],
    );
    return new Map(unread.rows.map((r) => [Number(r.user_id), r.n]));
  } finally {
    await pool.end();
  }
}

interface InboxRace {
  mails: unknown[];
  has_more: boolean;
}

async function main() {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const database = await freshDatabase('postgres');
  console.log(
    `mail inbox benchmark: autocannon, ${SHAPE.connections} connections (one learner each), ${SHAPE.duration} s (after ${SHAPE.warmup} s warm-up)\npostgres: ${database.describe}`,
  );
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    // The app migrates the fresh database; the learners register through the public API.
    const setup = await startServer('app', { ...appEnv, TRUST_PROXY: 'true' });
    const learners: BenchLearner[] = [];
    try {
      for (let i = 0; i < LEARNERS; i++) learners.push(await registerLearner(setup.url, i, 'mail'));
    } finally {
      await setup.stop();
    }
    const seededAt = Date.now();
    const unread = await seed(database.env.DATABASE_URL!, learners);
    const total = (LEARNERS + OTHER_USERS) * MAILS_PER_USER;
    console.log(
      `  ${learners.length} learners and ${OTHER_USERS} other users, ${MAILS_PER_USER} mails each (${total.toLocaleString()} rows, seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s)`,
    );

    const floor = await measureCheckedOneQuery(database.env, learners[0]!.userId, SHAPE);
    report('bare Fastify + one PK query', floor);

    const app = await startServer('app', appEnv, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    let inbox: CheckedFigures;
    let userGet: CheckedFigures;
    try {
      const mine = (k: number) => learners[k % learners.length]!;
      const full = (race: InboxRace) => race.mails.length === INBOX_BRIEFS && race.has_more;
      inbox = await warmAndMeasure(SHAPE, (seconds) =>
        checkedLoad(
          app.url + mailCalls.inboxGet.path,
          SHAPE.connections,
          seconds,
          (k) => ({ headers: learnerHeaders(mine(k)), body: '{}' }),
          (k, status, json) => {
            if (status !== 200 || !isOk(json)) return false;
            const d = json.data as { remind: InboxRace; notice: InboxRace; unread_count: number };
            return full(d.remind) && full(d.notice) && d.unread_count === unread.get(mine(k).userId);
          },
        ),
      );
      report('POST /api/mail/inbox/get (app)', inbox);

      userGet = await warmAndMeasure(SHAPE, (seconds) =>
        checkedLoad(
          app.url + userCalls.get.path,
          SHAPE.connections,
          seconds,
          (k) => ({ headers: learnerHeaders(mine(k)), body: '{}' }),
          (k, status, json) => status === 200 && isOk(json) && json.data.id === mine(k).userId,
        ),
      );
      report('POST /api/user/get (app, same gate)', userGet);
    } finally {
      await app.stop();
    }
    const loadAfter = loadavg().map((n) => Number(n.toFixed(2)));

    const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
    const ratios = {
      inbox_get_vs_one_query_p99: ratio(inbox.latency_ms.p99, floor.latency_ms.p99),
      inbox_get_vs_one_query_throughput: ratio(inbox.requests_per_sec, floor.requests_per_sec),
      inbox_get_vs_user_get_p99: ratio(inbox.latency_ms.p99, userGet.latency_ms.p99),
      inbox_get_vs_user_get_throughput: ratio(inbox.requests_per_sec, userGet.requests_per_sec),
    };
    const valid = clean(inbox) && clean(floor);
    const met = valid && inbox.latency_ms.p99 < TARGET.max_p99_ms;
    console.log(
      `  → p99 ${inbox.latency_ms.p99} ms, ${ratios.inbox_get_vs_one_query_p99}× the one-query route's p99, ${(ratios.inbox_get_vs_one_query_throughput * 100).toFixed(0)} % of its throughput` +
        ` (target p99 < 25 ms: ${!valid ? 'VOID, failed answers' : met ? 'met' : 'MISSED'}); load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}`,
    );

    const result = {
      benchmark: 'mail-inbox',
      database: 'postgres',
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: machineFacts(loadBefore, loadAfter),
      load: {
        tool: 'autocannon',
        connections: SHAPE.connections,
        duration_s: SHAPE.duration,
        warmup_s: SHAPE.warmup,
        learners: learners.length,
        note: `closed loop, no think time; each connection is one learner (own token and device) reading their own inbox; ${MAILS_PER_USER} mails per user (5 remind : 3 notice : 2 chat, ~10 % unread) for ${LEARNERS + OTHER_USERS} users, ${total} rows; every answer checked: 200, ok true, ${INBOX_BRIEFS} briefs of each race with has_more, the learner's unread count`,
      },
      app_log_level: appEnv.LOG_LEVEL,
      targets: { one_query: floor, inbox_get: inbox, user_get: userGet },
      ratios,
      target: TARGET,
      /** False when any request failed: the latency of a run with failures is not the call's. */
      valid,
      target_met: met,
    };
    const dir = resolve(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'mail-inbox-postgres.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
    if (PROFILE) console.log(`  CPU profile of the app server: ${profileDir.replace(`${repoRoot}/`, '')}`);
    if (!valid) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}

await main();
