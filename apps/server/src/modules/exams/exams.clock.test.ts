import { readFileSync } from 'node:fs';
import { ANSWER_GRACE_SECONDS, HEARTBEAT_MAX_GAP_SECONDS, type ExamView } from '@gre/contracts';
import { examSections } from '@gre/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import {
  answerKeys,
  createAndGet,
  examTestApp,
  learner,
  passTime,
  rightAnswer,
  type Learner,
} from './exams.fixtures.js';

// The exam clock of decision 015, end to end: a timed section runs on the wall clock from when it opened, closed tab
// or not; count-up practice keeps the capped on-screen clock. Time moves the way it does for the SQL paths too: the
// section's start and the last beat are moved back in the database (passTime), never by sleeping.

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const BOOK = 'b-pick-filling-medium-1';

async function started(l: Learner, body: Parameters<Learner['create']>[0]): Promise<{ exam: ExamView; rev: number }> {
  const exam = await createAndGet(l, body);
  const res = await l.start(exam.id, 0);
  expect(res.err).toBeNull();
  return { exam: (await l.get(exam.id)).data, rev: res.data.revision };
}

/** A right answer to the exam's question at (section, i). */
async function fits(exam: ExamView, i: number, section = 0) {
  const id = exam.sections[section]!.items[i]!.question.id;
  return rightAnswer((await answerKeys(db(), [id])).get(id)!);
}

/** What a refused call must leave as it was, the clock included. */
async function snapshot(id: number) {
  const sections = await db()
    .select()
    .from(examSections)
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.index));
  const items = await db().execute<{ answer: unknown; flagged: boolean; used: number; state: string }>(
    sql`select answer, flagged, used_time_seconds as used, state from exam_items where exam_id = ${id} order by section_index, position`,
  );
  const exam = await db().execute<{ revision: number; status: string; cs: number; cq: number }>(
    sql`select revision, status, cursor_section as cs, cursor_question as cq from exams where id = ${id}`,
  );
  return {
    exam: exam.rows[0],
    sections: sections.map((s) => [s.usedTimeSeconds, s.finished, s.startedAt?.getTime() ?? null]),
    items: items.rows,
  };
}

describe('a timed section', () => {
  it('100 s without a call in a 90 s section, then an answer: exam_time_up, the section submitted at 90 s', async () => {
    const l = await learner(t, { roleKind: 'SVIP' });
    const { exam, rev } = await started(l, { source: 'filter', filter: { category: 3 }, count: 1, pick_first: true });
    expect(exam.sections[0]!.time_limit_seconds).toBe(90);
    await passTime(db(), exam.id, 100);
    const late = await l.answer(exam.id, rev, 0, 0, await fits(exam, 0));
    expect([late.status, late.err?.kind]).toEqual([409, 'exam_time_up']);
    const v = (await l.get(exam.id)).data;
    expect(v.status).toBe('Finished');
    expect(v.sections[0]!.action).toEqual({ used_time_seconds: 90, finished: true });
    // The question was on screen for at most the capped gap; the answer was not saved.
    expect(v.sections[0]!.items[0]!.action).toMatchObject({
      answer: null,
      used_time_seconds: HEARTBEAT_MAX_GAP_SECONDS,
    });
  });

  it('auto-commit: a move or a flag past the grace is refused alike and submits the section', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    for (const call of ['move', 'flag'] as const) {
      const { exam, rev } = await started(l, { source: 'book', book_id: BOOK });
      await passTime(db(), exam.id, exam.sections[0]!.time_limit_seconds + ANSWER_GRACE_SECONDS + 1);
      const res = call === 'move' ? await l.move(exam.id, rev, 0, 1) : await l.flag(exam.id, rev, 0, 1, true);
      expect([call, res.err?.kind]).toEqual([call, 'exam_time_up']);
      const v = (await l.get(exam.id)).data;
      expect(v).toMatchObject({
        status: 'Finished',
        revision: rev + 1,
        cursor: { section_index: 0, question_index: 0 },
      });
      expect(v.sections[0]!.items[1]!.action.flagged).toBe(false);
    }
  });

  it('manual: answers, moves and flags past the grace are refused and change nothing; the heartbeat stops at the limit', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam, rev } = await started(l, { source: 'book', book_id: BOOK, is_auto_commit: false });
    const limit = exam.sections[0]!.time_limit_seconds;
    const given = await l.answer(exam.id, rev, 0, 0, await fits(exam, 0));
    expect(given.err).toBeNull();
    await passTime(db(), exam.id, limit + ANSWER_GRACE_SECONDS + 1);
    const before = await snapshot(exam.id);
    const r = given.data.revision;
    expect((await l.answer(exam.id, r, 0, 1, await fits(exam, 1))).err?.kind).toBe('exam_time_up');
    expect((await l.move(exam.id, r, 0, 1)).err?.kind).toBe('exam_time_up');
    expect((await l.flag(exam.id, r, 0, 1, true)).err?.kind).toBe('exam_time_up');
    expect(await snapshot(exam.id)).toEqual(before);
    expect((await l.heartbeat(exam.id, 0)).data).toEqual({
      section_index: 0,
      used_time_seconds: limit,
      remaining_seconds: 0,
      auto_committed: false,
    });
    const done = await l.finish(exam.id, r, 0);
    expect(done.data).toMatchObject({ status: 'Finished', clock: { used_time_seconds: limit, remaining_seconds: 0 } });
  });

  it('an answer just inside the limit is taken, one in the grace too; past the grace it is refused', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam, rev } = await started(l, { source: 'book', book_id: BOOK });
    const limit = exam.sections[0]!.time_limit_seconds;
    await passTime(db(), exam.id, limit - 2);
    const inside = await l.answer(exam.id, rev, 0, 0, await fits(exam, 0));
    expect(inside.err).toBeNull();
    expect(inside.data.clock).toMatchObject({ used_time_seconds: limit - 2, remaining_seconds: 2 });
    await passTime(db(), exam.id, 2 + ANSWER_GRACE_SECONDS - 1);
    const inGrace = await l.answer(exam.id, inside.data.revision, 0, 1, await fits(exam, 1));
    expect(inGrace.err).toBeNull();
    expect(inGrace.data.clock).toMatchObject({ used_time_seconds: limit, remaining_seconds: 0 });
    await passTime(db(), exam.id, 2);
    expect((await l.answer(exam.id, inGrace.data.revision, 0, 2, await fits(exam, 2))).err?.kind).toBe('exam_time_up');
    const v = (await l.get(exam.id)).data;
    expect(v.sections[0]!.items.slice(0, 3).map((i) => i.action.answer !== null)).toEqual([true, true, false]);
    expect(v.sections[0]!.action).toEqual({ used_time_seconds: limit, finished: true });
  });

  it('runs while no call comes: the heartbeat after a closed tab charges the whole gap, the question its screen time', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam } = await started(l, { source: 'book', book_id: BOOK });
    await passTime(db(), exam.id, 7);
    expect((await l.heartbeat(exam.id, 0)).data).toMatchObject({ used_time_seconds: 7 });
    await passTime(db(), exam.id, 300);
    const clock = (await l.heartbeat(exam.id, 0)).data;
    expect(clock).toMatchObject({
      used_time_seconds: 307,
      remaining_seconds: exam.sections[0]!.time_limit_seconds - 307,
      auto_committed: false,
    });
    const v = (await l.get(exam.id)).data;
    expect(v.sections[0]!.action.used_time_seconds).toBe(307);
    expect(v.sections[0]!.items[0]!.action.used_time_seconds).toBe(7 + HEARTBEAT_MAX_GAP_SECONDS);
  });

  it('get after the time ran out: an auto-commit section is submitted, a manual one shows its limit', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    for (const auto of [true, false]) {
      const { exam, rev } = await started(l, { source: 'book', book_id: BOOK, is_auto_commit: auto });
      const limit = exam.sections[0]!.time_limit_seconds;
      await passTime(db(), exam.id, limit + 1);
      const v = (await l.get(exam.id)).data;
      expect([auto, v.status, v.revision, v.sections[0]!.action]).toEqual(
        auto
          ? [auto, 'Finished', rev + 1, { used_time_seconds: limit, finished: true }]
          : [auto, 'Start', rev, { used_time_seconds: limit, finished: false }],
      );
    }
  });
});

describe('sections open one after the other', () => {
  it("section 2's clock starts when section 1 is submitted, and runs out on its own", async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam, rev } = await started(l, { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' });
    const starts = async () =>
      (
        await db()
          .select({ at: examSections.startedAt })
          .from(examSections)
          .where(eq(examSections.examId, exam.id))
          .orderBy(asc(examSections.index))
      ).map((s) => s.at);
    expect((await starts())[1]).toBeNull();
    await passTime(db(), exam.id, 100);
    const done = await l.finish(exam.id, rev, 0);
    expect(done.data.clock).toMatchObject({ section_index: 1, used_time_seconds: 0 });
    const [, second] = await starts();
    expect(Math.abs(second!.getTime() - Date.now())).toBeLessThan(5_000);
    const view = (await l.get(exam.id)).data;
    const limit = view.sections[1]!.time_limit_seconds;
    await passTime(db(), exam.id, limit - 30);
    const inTime = await l.answer(exam.id, done.data.revision, 1, 0, await fits(view, 0, 1));
    expect(inTime.data.clock).toMatchObject({ section_index: 1, used_time_seconds: limit - 30 });
    // Longer than the capped gap: the time out of sight counts in full.
    await passTime(db(), exam.id, 30 + ANSWER_GRACE_SECONDS + HEARTBEAT_MAX_GAP_SECONDS);
    expect((await l.answer(exam.id, inTime.data.revision, 1, 1, await fits(view, 1, 1))).err?.kind).toBe(
      'exam_time_up',
    );
    expect((await l.get(exam.id)).data).toMatchObject({ status: 'Finished' });
  });
});

describe('count-up practice', () => {
  it('keeps the capped on-screen clock: 100 s idle charges 20 s and the answer is taken', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam, rev } = await started(l, { source: 'book', book_id: BOOK, enable_count_up: true });
    expect(exam.sections[0]!.time_limit_seconds).toBe(0);
    await passTime(db(), exam.id, 100);
    const res = await l.answer(exam.id, rev, 0, 0, await fits(exam, 0));
    expect(res.err).toBeNull();
    expect(res.data.clock).toEqual({
      section_index: 0,
      used_time_seconds: HEARTBEAT_MAX_GAP_SECONDS,
      remaining_seconds: null,
      auto_committed: false,
    });
    expect((await l.get(exam.id)).data.sections[0]!.items[0]!.action.used_time_seconds).toBe(HEARTBEAT_MAX_GAP_SECONDS);
  });
});

describe('sections opened before the wall clock', () => {
  const openStart = async (id: number) =>
    (
      await db()
        .select({ at: examSections.startedAt })
        .from(examSections)
        .where(and(eq(examSections.examId, id), eq(examSections.index, 0)))
    )[0]!.at;

  it('a section without a start counts as started its used seconds ago: no jump, and the start is stored', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    for (const call of ['heartbeat', 'answer'] as const) {
      const { exam, rev } = await started(l, { source: 'book', book_id: BOOK });
      await db()
        .update(examSections)
        .set({ startedAt: null, usedTimeSeconds: 30 })
        .where(eq(examSections.examId, exam.id));
      const res =
        call === 'heartbeat'
          ? (await l.heartbeat(exam.id, 0)).data
          : (await l.answer(exam.id, rev, 0, 0, await fits(exam, 0))).data.clock;
      expect([call, res.used_time_seconds]).toEqual([call, 30]);
      expect(Math.abs(Date.now() - 30_000 - (await openStart(exam.id))!.getTime())).toBeLessThan(5_000);
      await passTime(db(), exam.id, 10);
      expect((await l.heartbeat(exam.id, 0)).data.used_time_seconds).toBe(40);
    }
  });

  it('the migration starts the open section of every exam under way its used seconds ago, and only that one', async () => {
    const l = await learner(t, { roleKind: 'VIP' });
    const { exam } = await started(l, { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' });
    const waiting = (await started(l, { source: 'book', book_id: BOOK })).exam;
    await db()
      .update(examSections)
      .set({ startedAt: null, usedTimeSeconds: 50 })
      .where(eq(examSections.examId, exam.id));
    await db().update(examSections).set({ startedAt: null }).where(eq(examSections.examId, waiting.id));
    await db().execute(sql`update exams set status = 'NotStart' where id = ${waiting.id}`);
    const migration = readFileSync(
      new URL('../../../../../packages/db/migrations/0014_exam_section_started_at.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[1]!;
    await db().execute(sql.raw(backfill));
    const rows = await db()
      .select({ index: examSections.index, at: examSections.startedAt })
      .from(examSections)
      .where(eq(examSections.examId, exam.id))
      .orderBy(asc(examSections.index));
    expect(Math.abs(Date.now() - 50_000 - rows[0]!.at!.getTime())).toBeLessThan(5_000);
    expect(rows[1]!.at).toBeNull();
    expect(await openStart(waiting.id)).toBeNull();
    expect((await l.heartbeat(exam.id, 0)).data.used_time_seconds).toBe(50);
  });
});
