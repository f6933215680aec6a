// `npm run bench:mail -w bench`: the inbox, POST /api/mail/inbox/get (read on every page load for the nav badge and
// the home briefs), under load on PostgreSQL, against the foundation's bare one-query route in the same run (target
// p99 < 25 ms at 50 connections). Every connection is its own learner: 50 learners register through the public API,
// then SQL gives each of them 1,000 mails (half reminders, 30 % notice copies of 300 notices, 20 % chat; about 10 %
// unread, spread over the last weeks), and BENCH_OTHER_USERS (950) more users get as many, so the learners' rows sit
// in a table of a million. Every answer is checked: 200, `ok: true`, five briefs of each race with has_more, and the
// learner's own unread count. /api/user/get is measured after it on the same server: the same gate without the inbox.
// Nothing writes mails during the run, so after its first read each inbox is answered from the copy kept at the
// user's mail_rev (modules/mail/inbox-lookup.ts), as between two mails in real use; a read after a write costs the one
// batched statement (FAST_PATHS=off in the environment turns both the copy and the batching off).
// Options: --profile (V8 CPU profile of the measured app server into .test-output/bench-profiles).
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_OTHER_USERS (950).
import { INBOX_BRIEFS, mailCalls } from '@gre/contracts';
import pg from 'pg';
import { ENV_SHAPE, registerLearner, runLearnerBenchmark, type BenchLearner } from './checked-load.js';

const LEARNERS = ENV_SHAPE.connections;
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 950);
const MAILS_PER_USER = 1000;
const NOTICES = 300;
const TOTAL = (LEARNERS + OTHER_USERS) * MAILS_PER_USER;

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
const full = (race: InboxRace) => race.mails.length === INBOX_BRIEFS && race.has_more;

await runLearnerBenchmark({
  benchmark: 'mail-inbox',
  title: 'mail inbox benchmark',
  each: 'one learner each',
  learner: (base, i) => registerLearner(base, i, 'mail'),
  prepare: async (database, learners) => {
    const seededAt = Date.now();
    const unread = await seed(database.env.DATABASE_URL!, learners);
    console.log(
      `  ${learners.length} learners and ${OTHER_USERS} other users, ${MAILS_PER_USER} mails each (${TOTAL.toLocaleString()} rows, seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s)`,
    );
    return unread;
  },
  call: { key: 'inbox_get', label: 'POST /api/mail/inbox/get (app)', path: mailCalls.inboxGet.path },
  body: () => '{}',
  accept: (l, data, unread) => {
    const d = data as { remind: InboxRace; notice: InboxRace; unread_count: number };
    return full(d.remind) && full(d.notice) && d.unread_count === unread.get(l.userId);
  },
  note: `closed loop, no think time; each connection is one learner (own token and device) reading their own inbox; ${MAILS_PER_USER} mails per user (5 remind : 3 notice : 2 chat, ~10 % unread) for ${LEARNERS + OTHER_USERS} users, ${TOTAL} rows; every answer checked: 200, ok true, ${INBOX_BRIEFS} briefs of each race with has_more, the learner's unread count; no mail written during the run, so inboxes after their first read come from the copy kept at the user's mail_rev`,
  target: { max_p99_ms: 25 },
});
