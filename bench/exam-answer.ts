// `npm run bench:exam -w bench`: the exam answer call under load on PostgreSQL, against the foundation's bare one-query
// route in the same run (issue 4: p99 < 25 ms and at least 50 % of that route's throughput at 50 connections).
// Every answer goes to an untimed exam no other request is carrying, with the revision the exam's last answer returned,
// so every request is a real, accepted change (a replay would be refused as stale_revision and counted as a failure).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { examCalls, type Answer, type ExamView } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import autocannon from 'autocannon';
import { seedContent } from '../apps/server/src/modules/content-import/seed.js';
import { freshDatabase } from './databases.js';
import { call, clientHeaders, figures, measureOneQuery, registerUser, repoRoot, startServer } from './targets.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const TARGET = { max_p99_ms: 25, min_throughput_ratio: 0.5 };

/** Two valid answers for a question, alternated so every call really changes the stored answer. */
function answersFor(q: ExamView['sections'][number]['items'][number]['question']): [Answer, Answer] {
  const empty: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
  const groups = q.input_method.option_groups;
  const key = (g: number, i: number) => groups[g]?.options[i]?.key ?? 'A';
  switch (q.input_method.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return [
        { ...empty, multi_selects: [key(0, 0), key(0, 1)] },
        { ...empty, multi_selects: [key(0, 2), key(0, 3)] },
      ];
    case 'TextFill':
      return [
        { ...empty, text: '12' },
        { ...empty, text: '3.5' },
      ];
    case 'Fraction':
      return [
        { ...empty, text: '1', text2: '2' },
        { ...empty, text: '3', text2: '4' },
      ];
    case 'SelectSentence':
      return [
        { ...empty, selects: ['0'] },
        { ...empty, selects: ['1'] },
      ];
    case 'Essay':
      return [
        { ...empty, essay: 'A first draft.' },
        { ...empty, essay: 'A second draft.' },
      ];
    default:
      return [
        { ...empty, selects: groups.map((_, g) => key(g, 0)) },
        { ...empty, selects: groups.map((_, g) => key(g, 1)) },
      ];
  }
}

interface Slot {
  id: number;
  revision: number;
  /** Answers sent so far: picks the question and which of its two answers. */
  n: number;
  questions: [Answer, Answer][];
}

async function loadAnswers(base: string, token: string, slots: Slot[], seconds: number) {
  // autocannon clears a request's context before every request when the list holds one request, so a connection
  // cannot keep its exam there: each request takes an exam no other request is carrying, and gives it back with
  // the revision its response returns. No two answers are ever in flight on one exam.
  const free = [...slots];
  let refused = 0;
  const result = await autocannon({
    url: base + examCalls.answer.path,
    method: 'POST',
    headers: clientHeaders(token),
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, ctx: { slot?: Slot }) => {
          const s = free.shift()!;
          ctx.slot = s;
          s.n += 1;
          const q = s.n % s.questions.length;
          const answer = s.questions[q]![Math.floor(s.n / s.questions.length) % 2]!;
          return {
            ...req,
            body: JSON.stringify({ id: s.id, revision: s.revision, section_index: 0, question_index: q, answer }),
          };
        },
        onResponse: (status, body, ctx: { slot?: Slot }) => {
          const s = ctx.slot!;
          const json = JSON.parse(body) as { ok: boolean; data?: { revision: number }; err_data?: { detail: string } };
          if (status === 200 && json.ok) s.revision = json.data!.revision;
          else {
            // A refusal is counted and the exam resynchronised from the server's current revision.
            const current = /current (\d+)/.exec(json.err_data?.detail ?? '');
            if (current) s.revision = Number(current[1]);
            refused += 1;
            if (refused <= 5) console.log(`  refused: ${status} ${body.slice(0, 200)}`);
          }
          free.push(s);
        },
      },
    ],
  });
  return { ...figures(result), refused };
}

async function main() {
  const database = await freshDatabase('postgres');
  console.log(
    `exam answer benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION} s (after ${WARMUP} s warm-up)\npostgres: ${database.describe}`,
  );
  try {
    const appEnv = { ...database.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', REDIS_URL: '' };
    const setup = await startServer('app', appEnv);
    const user = await registerUser(setup.url).finally(() => setup.stop());
    // The shipped bank and mocks, as the first `npm start` imports them; an SVIP has no daily question quota.
    const db = await openDatabase({ url: database.env.DATABASE_URL, poolSize: 2 });
    await seedContent({ database: db });
    await db.pool!.query(
      `update users set role_kind = 'SVIP', base_role_kind = 'SVIP', role_expires_at = null where id = $1`,
      [user.userId],
    );
    const mock = (
      await db.pool!.query<{ id: string }>(
        `select id from book_templates where kind = 'mock' order by position, id limit 1`,
      )
    ).rows[0]!.id;
    await db.close();

    const floor = await measureOneQuery(database.env, user.userId, {
      connections: CONNECTIONS,
      warmup: WARMUP,
      duration: DURATION,
    });
    console.log(`  bare Fastify + one PK query        ${floor.requests_per_sec} req/s  p99 ${floor.latency_ms.p99} ms`);

    const app = await startServer('app', appEnv);
    let answer;
    try {
      const slots: Slot[] = [];
      for (let i = 0; i < CONNECTIONS; i++) {
        const { id } = await call<{ id: number }>(
          app.url,
          examCalls.create.path,
          { source: 'simulate', version: mock, select_kind: 'verbal', enable_count_up: true },
          user.token,
        );
        const started = await call<{ revision: number }>(
          app.url,
          examCalls.start.path,
          { id, revision: 0 },
          user.token,
        );
        const exam = await call<ExamView>(app.url, examCalls.get.path, { id }, user.token);
        slots.push({
          id,
          revision: started.revision,
          n: 0,
          questions: exam.sections[0]!.items.map((it) => answersFor(it.question)),
        });
      }
      await loadAnswers(app.url, user.token, slots, WARMUP);
      // Answers still in flight when the warm-up stopped may land after it: let them, then take the server's revision.
      await new Promise((done) => setTimeout(done, 1000));
      for (const slot of slots)
        slot.revision = (await call<ExamView>(app.url, examCalls.get.path, { id: slot.id }, user.token)).revision;
      answer = await loadAnswers(app.url, user.token, slots, DURATION);
    } finally {
      await app.stop();
    }
    const ratio = Number((answer.requests_per_sec / floor.requests_per_sec).toFixed(3));
    const met =
      answer.latency_ms.p99 < TARGET.max_p99_ms && ratio >= TARGET.min_throughput_ratio && answer.refused === 0;
    console.log(
      `  POST /api/exam/answer (app)        ${answer.requests_per_sec} req/s  p99 ${answer.latency_ms.p99} ms  refused ${answer.refused}`,
    );
    console.log(
      `  → ${(ratio * 100).toFixed(0)} % of the one-query route, p99 ${answer.latency_ms.p99} ms (target ≥ 50 % and p99 < 25 ms: ${met ? 'met' : 'MISSED'})`,
    );
    const result = {
      benchmark: 'exam-answer',
      database: 'postgres',
      database_detail: database.describe,
      measured_at: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? '?', node: process.version },
      load: {
        tool: 'autocannon',
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        exams: CONNECTIONS,
        note: 'one untimed verbal mock per connection, revision carried',
      },
      targets: { one_query: floor, exam_answer: answer },
      ratios: { exam_answer_vs_one_query_throughput: ratio },
      target: TARGET,
      target_met: met,
    };
    const dir = resolve(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'exam-answer-postgres.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  wrote ${file.replace(`${repoRoot}/`, '')}`);
  } finally {
    await database.drop();
  }
}

await main();
