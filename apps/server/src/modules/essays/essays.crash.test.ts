import { examCalls } from '@gre/contracts';
import { essays, type Database } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterOf, createUser, learnerClient } from '../../../test/fixtures.js';
import { crashDatabase, httpCalls, spawnServer, stopServer, type SpawnedServer } from '../../../test/spawned-server.js';
import type { TestApp } from '../../../test/test-app.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../adapters/essay-judge/fake-openai.js';
import type { Deps } from '../../lib/deps.js';
import { periodKeys } from '../../lib/quota.js';
import { essayMails, GOOD_ESSAY, writeEssay } from './essays.fixtures.js';
import { runJudging } from './essays.job.js';

/**
 * The server killed with SIGKILL while a judging waits for the model, then started again on the same database: the
 * essay is judged, once — Finished, one judging taken from the learner's allowance, one mail — and the killed run's
 * job, delivered again later, changes nothing. On PostgreSQL, with pg-boss, as in production.
 */
let db: Awaited<ReturnType<typeof crashDatabase>>;
let database: Database;
let deps: Deps;
let dbUrl: string;
let model: FakeOpenAi;
let server: SpawnedServer | null = null;

beforeAll(async () => {
  db = await crashDatabase('gre_essay_crash');
  ({ database, deps, url: dbUrl } = db);
  model = await startFakeOpenAi();
}, 60_000);

afterAll(async () => {
  await stopServer(server);
  await model?.close();
  await db?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const seen = await probe();
    if (seen) return seen;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ''}`);
    await sleep(100);
  }
}

async function essayOf(examId: number) {
  const [row] = await database.db.select().from(essays).where(eq(essays.examId, examId));
  return row ?? null;
}

describe('an essay survives SIGKILL mid-judging', () => {
  it('a restarted server judges it once: Finished, one judging taken, one mail; the old job changes nothing', async () => {
    const env = {
      DATABASE_URL: dbUrl,
      ESSAY_JUDGE_URL: model.baseUrl,
      ESSAY_JUDGE_KEY: model.key,
      ESSAY_JUDGE_MODEL: model.model,
      // The killed run's essay is stale two seconds after its last touch, so the restart's sweep sends it again.
      ESSAY_STALE_SECONDS: '2',
    };
    // The model hangs: the run has judged with the built-in judge and waits for the second opinion.
    model.setDefault({ kind: 'hang' });
    server = await spawnServer(env);
    const u = await createUser(deps, { roleKind: 'VIP', baseRoleKind: 'VIP' });
    const learner = learnerClient(httpCalls(server) as TestApp, u.token, u.user.id);
    const examId = await writeEssay(learner, GOOD_ESSAY);
    await until('the run to ask the model', async () => model.requests.length > 0 && (await essayOf(examId)));

    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    const left = (await essayOf(examId))!;
    expect(left).toMatchObject({ status: 'Judging', attempts: 1, quotaTaken: true, progress: 50 });
    const day = periodKeys(new Date()).day;
    expect(await counterOf(database.db, u.user.id, day, 'essay')).toBe(1);

    // Started again once the essay is stale, with the model answering: no learner does anything.
    model.setDefault({ kind: 'judge' });
    await sleep(2_100);
    server = await spawnServer(env);
    const done = await until('the essay to be judged', async () => {
      const row = await essayOf(examId);
      return row?.status === 'Finished' ? row : null;
    });
    expect(done).toMatchObject({ attempts: 2, quotaTaken: true, needsTeacher: false, error: null });
    expect(done.model).toMatchObject({ score: 4.5 });
    expect(await counterOf(database.db, u.user.id, day, 'essay')).toBe(1);
    const t = { deps } as TestApp;
    expect(await essayMails(t, u.user.id)).toHaveLength(1);
    const result = await httpCalls(server).call(examCalls.result, { id: examId }, { token: u.token });
    expect(result.data.result?.issue).toMatchObject({ status: 'Finished', score: done.score, essay_id: done.id });

    // The killed run's job, failed by pg-boss past its time and delivered again, finds the essay judged.
    expect(await runJudging(deps, { id: done.id })).toEqual({ skipped: true });
    expect(await essayOf(examId)).toMatchObject({ status: 'Finished', attempts: 2, score: done.score });
    expect(await essayMails(t, u.user.id)).toHaveLength(1);
    expect(await counterOf(database.db, u.user.id, day, 'essay')).toBe(1);
  }, 240_000);
});
