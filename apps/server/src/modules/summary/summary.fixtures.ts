import type { CreateExamRequest, ExamResult } from '@gre/contracts';
import { exams, users } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { effectiveRole, type Actor } from '../../lib/authorize.js';
import { answerKeys, createAndGet, type Learner, rightAnswer, wrongAnswer } from '../../../test/fixtures.js';

// Test fixtures of the summary tests: a practice answered through the API, time moved on for the re-review schedule,
// finished simulations written straight to the database, and the learner as a service call's actor.

/**
 * Creates and answers a practice: `wrong` tells the positions answered wrongly (true) or passed without an answer
 * ('skip'), every other one is answered right; then the section is submitted. Returns the exam id and its question
 * ids in order.
 */
export async function practise(
  t: TestApp,
  l: Learner,
  body: CreateExamRequest,
  wrong: (pos: number, id: string) => boolean | 'skip',
): Promise<{ id: number; ids: string[]; source: string }> {
  const exam = await createAndGet(l, body);
  const ids = exam.sections[0]!.items.map((i) => i.question.id);
  const keys = await answerKeys(t.deps.database.db, ids);
  let rev = (await l.start(exam.id, exam.revision)).data.revision;
  for (const [pos, id] of ids.entries()) {
    if (pos > 0) rev = (await l.move(exam.id, rev, 0, pos)).data.revision;
    const how = wrong(pos, id);
    if (how === 'skip') continue;
    const res = await l.answer(exam.id, rev, 0, pos, how ? wrongAnswer(keys.get(id)!) : rightAnswer(keys.get(id)!));
    expect(res.err).toBeNull();
    rev = res.data.revision;
  }
  const done = await l.finish(exam.id, rev, 0);
  expect(done.err).toBeNull();
  return { id: exam.id, ids, source: exam.source };
}

/** As if `days` had passed for the learner's re-review schedule: due times and last reviews move back. */
export async function ageSchedules(t: TestApp, userId: number, days: number): Promise<void> {
  const s = days * 86_400;
  await t.deps.database.db.execute(sql`
    update crafts set due_at = due_at - make_interval(secs => ${s}::int),
      schedule = schedule || jsonb_build_object('due', (schedule ->> 'due')::float8 - ${s}::int, 'last_review', (schedule ->> 'last_review')::float8 - ${s}::int)
    where user_id = ${userId}::bigint and schedule is not null`);
}

/** The learner's crafts by question id: the due time (unix seconds) and the schedule. */
export async function schedules(
  t: TestApp,
  userId: number,
): Promise<Map<string, { due: number | null; schedule: Record<string, unknown> | null; wrong: boolean }>> {
  const res = await t.deps.database.db.execute<{
    question_id: string;
    due: number | null;
    schedule: Record<string, unknown> | null;
    wrong: boolean;
  }>(sql`
    select question_id, extract(epoch from due_at)::float8 as due, schedule, wrong is not null as wrong from crafts where user_id = ${userId}::bigint`);
  return new Map(
    res.rows.map((r) => [
      r.question_id,
      { due: r.due === null ? null : Number(r.due), schedule: r.schedule, wrong: r.wrong },
    ]),
  );
}

/** A finished simulation written directly (the scores are what the summary reads). */
export async function finishedSimulation(
  t: TestApp,
  userId: number,
  at: Date,
  score: { verbal: number | null; quant: number | null },
  status = 'Finished',
): Promise<number> {
  const scaled = (s: number | null) =>
    s === null ? null : { raw: 0, raw_total: 0, scaled: s, band_low: s, band_high: s, section2: 'medium' as const };
  const result: ExamResult = {
    verbal: scaled(score.verbal),
    quant: scaled(score.quant),
    total: score.verbal !== null && score.quant !== null ? score.verbal + score.quant : null,
    correct: 0,
    total_questions: 0,
    used_time_seconds: 0,
    kinds: [],
    interpret: { verbal: null, quant: null },
    issue: null,
  };
  const [row] = await t.deps.database.db
    .insert(exams)
    .values({
      userId,
      name: 'sim',
      kind: 'simulate',
      source: 'Simulate',
      status,
      createOption: {},
      result,
      finishedAt: at,
      createdAt: at,
    })
    .returning({ id: exams.id });
  return row!.id;
}

/** The learner as the gate would hand them to a service. */
export async function actorOf(t: TestApp, userId: number): Promise<Actor> {
  const user = (await t.deps.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
  return { user, sessionId: 0, deviceId: 'test-device', role: effectiveRole(user, t.deps.clock.now()) };
}
