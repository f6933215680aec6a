// `npm run bench:craft -w bench`: /api/craft/update_v2 under load on PostgreSQL, against the foundation's bare
// one-query route in the same run (issue 5: p99 < 25 ms at 50 connections). Each connection keeps to one of 50
// questions and alternates Note and Collect on it, so every request is a real write of the one-statement upsert.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { craftCalls } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import autocannon from 'autocannon';
import { seedContent } from '../apps/server/src/modules/content-import/seed.js';
import { freshDatabase } from './databases.js';
import {
  call,
  clientHeaders,
  figures,
  measureOneQuery,
  registerUser,
  repoRoot,
  startServer,
  machineFacts,
} from './targets.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const QUESTIONS = 50;
const WARMUP = 2;
const TARGET = { max_p99_ms: 25 };

/** A note whose text changes with every request, the size of a real one (a few short Chinese inputs and reasons). */
function noteBody(questionId: string, n: number) {
  return {
    update_kind: 'Note',
    craft_id: 0,
    question_id: questionId,
    q_category: 0,
    craft: {
      note: {
        text_input: {
          review: `第 ${n} 次复盘：转折词没看到`,
          difficulty: '长难句',
          new_way: '先找线索词',
          puzzle: '',
          note: `note ${n}`,
        },
        reasons: [{ name: '逻辑关系判断失误', type: 'skill', checked: n % 2 === 0 }],
        review: { mastery: n % 5, reviewed: true, improvement: '', reasons: [{ reason_id: 'f-logic', input: '转折' }] },
      },
    },
    source: { name: '基准测试', page: 'Exam' },
  };
}

function collectBody(questionId: string, n: number, tags: number[]) {
  return {
    update_kind: 'Collect',
    craft_id: 0,
    question_id: questionId,
    q_category: 0,
    craft: { collect: { collected: n % 4 !== 3, collect_ids: tags.slice(0, 1 + (n % tags.length)) } },
  };
}

async function loadUpdates(base: string, token: string, questionIds: string[], tags: number[], seconds: number) {
  let next = 0;
  let refused = 0;
  const result = await autocannon({
    url: base + craftCalls.updateV2.path,
    method: 'POST',
    headers: clientHeaders(token),
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, ctx: { q?: string; n?: number }) => {
          ctx.q ??= questionIds[next++ % questionIds.length]!;
          ctx.n = (ctx.n ?? 0) + 1;
          const body = ctx.n % 2 === 0 ? noteBody(ctx.q, ctx.n) : collectBody(ctx.q, ctx.n, tags);
          return { ...req, body: JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          if (status === 200 && (JSON.parse(body) as { ok: boolean }).ok) return;
          refused += 1;
          if (refused <= 5) console.log(`  refused: ${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  return { ...figures(result), refused };
}

async function main() {
  const load_before = loadavg().map((n) => Number(n.toFixed(2)));
  const database = await freshDatabase('postgres');
  console.log(
    `craft update benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION} s (after ${WARMUP} s warm-up)\npostgres: ${database.describe}`,
  );
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    const setup = await startServer('app', appEnv);
    let user: { token: string; userId: number };
    let tags: number[];
    let questionIds: string[];
    try {
      user = await registerUser(setup.url);
      const db = await openDatabase({ url: database.env.DATABASE_URL, poolSize: 2 });
      await seedContent({ database: db });
      await db.pool!.query(
        `update users set role_kind = 'VIP', base_role_kind = 'VIP', role_expires_at = null where id = $1`,
        [user.userId],
      );
      questionIds = (
        await db.pool!.query<{ id: string }>(
          `select id from questions where visibility in ('public', 'locked') and category between 1 and 3 order by id limit $1`,
          [QUESTIONS],
        )
      ).rows.map((r) => r.id);
      await db.close();
      tags = [];
      for (const name of ['易错', '长难句', '再做一遍'])
        tags.push(
          (await call<{ collect: { id: number } }>(setup.url, craftCalls.collectAdd.path, { name }, user.token)).collect
            .id,
        );
    } finally {
      await setup.stop();
    }

    const floor = await measureOneQuery(database.env, user.userId, {
      connections: CONNECTIONS,
      warmup: WARMUP,
      duration: DURATION,
    });
    console.log(`  bare Fastify + one PK query        ${floor.requests_per_sec} req/s  p99 ${floor.latency_ms.p99} ms`);

    const app = await startServer('app', appEnv);
    let update;
    try {
      await loadUpdates(app.url, user.token, questionIds, tags, WARMUP);
      update = await loadUpdates(app.url, user.token, questionIds, tags, DURATION);
    } finally {
      await app.stop();
    }
    const load_after = loadavg().map((n) => Number(n.toFixed(2)));
    const ratio = Number((update.requests_per_sec / floor.requests_per_sec).toFixed(3));
    const met = update.latency_ms.p99 < TARGET.max_p99_ms && update.refused === 0;
    console.log(
      `  POST /api/craft/update_v2 (app)    ${update.requests_per_sec} req/s  p99 ${update.latency_ms.p99} ms  refused ${update.refused}`,
    );
    console.log(
      `  → ${(ratio * 100).toFixed(0)} % of the one-query route, p99 ${update.latency_ms.p99} ms (target p99 < 25 ms: ${met ? 'met' : 'MISSED'}); load average ${load_before.join(' ')} → ${load_after.join(' ')}`,
    );
    const result = {
      benchmark: 'craft-update',
      database: 'postgres',
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: machineFacts(
        load_before,
        load_after,
        'shared machine: other work was running; the one-query route in the same run is the yardstick',
      ),
      load: {
        tool: 'autocannon',
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        questions: questionIds.length,
        note: 'one learner; each connection keeps to one question and alternates Note and Collect (craft_id 0: the upsert path)',
      },
      targets: { one_query: floor, craft_update: update },
      ratios: { craft_update_vs_one_query_throughput: ratio },
      target: TARGET,
      target_met: met,
    };
    const dir = resolve(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'craft-update-postgres.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
  } finally {
    await database.drop();
  }
}

await main();
