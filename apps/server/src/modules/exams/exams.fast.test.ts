import { ANSWER_GRACE_SECONDS, type Answer, type ExamView } from '@gre/contracts';
import { examItems, exams, examSections } from '@gre/db';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import type { Actor } from '../../lib/authorize.js';
import { AppError } from '../../lib/app-error.js';
import { ManualClock, sqlTime } from '../../lib/clock.js';
import { MAX_BATCHES, type FastChange } from './change-fast.js';
import {
  answerKeys,
  createAndGet,
  examTestApp,
  learner,
  passTime,
  rightAnswer,
  wrongAnswer,
  type Learner,
} from './exams.fixtures.js';
import { answerInTransaction, flagInTransaction, moveInTransaction } from './exams.service.js';
import { rawQuery } from '../../lib/raw-query.js';
import { SectionCache } from './section-cache.js';

// Every bare statement passes through this spy, so a test can tell whether the one statement wrote.
vi.mock('../../lib/raw-query.js', { spy: true });
const spy = vi.mocked(rawQuery);
/** Whether the last call's one-statement answer ran and wrote. */
async function lastOneStatement(): Promise<'wrote' | 'nothing' | 'not run'> {
  const i = spy.mock.calls.findLastIndex(([, q]) => q.name.endsWith('_one_statement'));
  if (i < 0) return 'not run';
  const rows = (await spy.mock.results[i]!.value) as unknown[];
  spy.mockClear();
  return rows.length > 0 ? 'wrote' : 'nothing';
}

// The one-statement answer (decision 009) against the transactional path it stands in for: it must accept exactly
// what that path accepts and leave the same rows, under races too; the cache it leans on must never hold a section
// without items, and must notice a re-imported question. Time stands still unless a test moves it (decision 017):
// both paths, their TypeScript and their SQL, read this one clock, so a comparison never sees the two drift apart.
// The clock's SQL forms alone, against tick() and beat(): exams.fast-sql.test.ts.

const clock = new ManualClock();
let t: TestApp;
let vip: Learner;
beforeAll(async () => {
  t = await examTestApp({}, { clock });
  vip = await learner(t, { roleKind: 'VIP' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
/** The app's clock as the SQL paths read it. */
const now = () => sql`${sqlTime(clock.now())}::timestamptz`;
const writeChange = (c: FastChange) => t.deps.fast.exams.write(c);
const sectionItems = (examId: number, section: number) => t.deps.fast.exams.items(examId, section);
const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
const BOOK = 'b-pick-filling-medium-1';

async function started(
  l: Learner,
  opts: { is_auto_commit?: boolean; book_id?: string } = {},
): Promise<{ exam: ExamView; rev: number }> {
  const exam = await createAndGet(l, {
    source: 'book',
    book_id: opts.book_id ?? BOOK,
    is_auto_commit: opts.is_auto_commit ?? true,
  });
  const res = await l.start(exam.id, 0);
  expect(res.err).toBeNull();
  return { exam: (await l.get(exam.id)).data, rev: res.data.revision };
}

/** The rows a change touches, with the last beat in seconds before the clock's now. */
async function rows(id: number) {
  const [e] = await db()
    .select({
      status: exams.status,
      revision: exams.revision,
      cs: exams.cursorSection,
      cq: exams.cursorQuestion,
      beatAgo: sql<number>`extract(epoch from (${now()} - ${exams.lastBeatAt}))::float8`,
    })
    .from(exams)
    .where(eq(exams.id, id));
  const sections = await db()
    .select({ used: examSections.usedTimeSeconds, finished: examSections.finished })
    .from(examSections)
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.index));
  const items = await db()
    .select({
      answer: examItems.answer,
      state: examItems.state,
      flagged: examItems.flagged,
      used: examItems.usedTimeSeconds,
      answered: sql<boolean>`${examItems.answeredAt} is not null`,
    })
    .from(examItems)
    .where(eq(examItems.examId, id))
    .orderBy(asc(examItems.sectionIndex), asc(examItems.position));
  return { exam: e!, sections, items };
}

/** Puts the last beat `seconds` (fractional, maybe negative) before the clock's now, the same on both exams of a comparison. */
async function beatAgo(id: number, seconds: number) {
  await db().execute(
    sql`update exams set last_beat_at = ${now()} - make_interval(secs => ${seconds}::float8) where id = ${id}`,
  );
}

/** Puts the start of the open section `seconds` before the clock's now, the same on both exams of a comparison. */
async function openedAgo(id: number, seconds: number) {
  await db().execute(
    sql`update exam_sections set started_at = ${now()} - make_interval(secs => ${seconds}::float8) where exam_id = ${id} and started_at is not null and not finished`,
  );
}

describe('the section cache', () => {
  it('keeps the most recently used sections up to its size', () => {
    const c = new SectionCache(2);
    c.set(1, 0, []);
    c.set(2, 0, []);
    c.get(1, 0);
    c.set(3, 0, []);
    expect([c.get(1, 0), c.get(2, 0), c.get(3, 0)].map(Boolean)).toEqual([true, false, true]);
    expect(c.size).toBe(2);
  });

  it('never holds a section without items; section 2 of a mock is read once it has them', async () => {
    const sim = await learner(t, { roleKind: 'SVIP' });
    const exam = await createAndGet(sim, { source: 'simulate', version: 'b-mock-1', select_kind: 'verbal' });
    const rev = (await sim.start(exam.id, 0)).data.revision;
    expect((await sim.answer(exam.id, rev, 1, 0, { selects: ['A'] })).err?.kind).toBe('invalid_input');
    expect(await sectionItems(exam.id, 1)).toBeNull();
    const done = await sim.finish(exam.id, rev, 0);
    const items = await sectionItems(exam.id, 1);
    expect(items?.length).toBe((await sim.get(exam.id)).data.sections[1]!.items.length);
    expect((await sim.answer(exam.id, done.data.revision, 1, 0, {})).data.revision).toBe(done.data.revision + 1);
  });

  it('a re-imported question sends the answer through the transaction and refreshes the entry', async () => {
    const { exam, rev } = await started(vip);
    const first = await vip.answer(exam.id, rev, 0, 0, {});
    const before = (await sectionItems(exam.id, 0))![0]!.questionStamp;
    await db().execute(
      sql`update questions set updated_at = now() + interval '1 second' where id = ${exam.sections[0]!.items[0]!.question.id}`,
    );
    const id = exam.sections[0]!.items[0]!.question.id;
    const a = rightAnswer((await answerKeys(db(), [id])).get(id)!);
    expect((await vip.answer(exam.id, first.data.revision, 0, 0, a)).data.revision).toBe(first.data.revision + 1);
    expect((await sectionItems(exam.id, 0))![0]!.questionStamp).not.toBe(before);
    expect((await vip.get(exam.id)).data.sections[0]!.items[0]!.action.answer).toEqual(a);
  });
});

describe('answer, flag and move in one statement', () => {
  it('writes an accepted change and bumps the revision; writes nothing for another learner, a stale revision or a missing item', async () => {
    const { exam, rev } = await started(vip);
    const item = (await sectionItems(exam.id, 0))![0]!;
    const action = {
      kind: 'answer' as const,
      answer: blank,
      state: 'NotAnswered' as const,
      questionStamp: item.questionStamp,
    };
    const w = { examId: exam.id, userId: vip.userId, revision: rev, section: 0, position: 0, action };
    const before = await rows(exam.id);
    expect(await writeChange({ ...w, userId: vip.userId + 1000 })).toBeNull();
    expect(await writeChange({ ...w, revision: rev + 1 })).toBeNull();
    expect(await writeChange({ ...w, position: 200 })).toBeNull();
    expect(await writeChange({ ...w, section: 1 })).toBeNull();
    expect(await writeChange({ ...w, action: { ...action, questionStamp: '2000-01-01 00:00:00+00' } })).toBeNull();
    expect(await rows(exam.id)).toEqual(before);
    expect(await writeChange(w)).toMatchObject({ revision: rev + 1, status: 'Start', section: 0 });
    expect((await rows(exam.id)).items[0]).toMatchObject({ answer: blank, state: 'NotAnswered', answered: true });
    // A question never shown yet is the transaction's: opening it counts against the daily quota.
    const fourth = (await sectionItems(exam.id, 0))![3]!;
    const shown = await rows(exam.id);
    expect(await writeChange({ ...w, revision: rev + 1, position: 3, action: { kind: 'move' } })).toBeNull();
    expect(
      await writeChange({
        ...w,
        revision: rev + 1,
        position: 3,
        action: { ...action, questionStamp: fourth.questionStamp },
      }),
    ).toBeNull();
    expect(await rows(exam.id)).toEqual(shown);
    expect((await vip.move(exam.id, rev + 1, 0, 3)).data.revision).toBe(rev + 2);
    expect(await writeChange({ ...w, revision: rev + 2, position: 0, action: { kind: 'move' } })).toMatchObject({
      revision: rev + 3,
    });
    expect(
      await writeChange({ ...w, revision: rev + 3, position: 3, action: { kind: 'flag', flagged: true } }),
    ).toMatchObject({ revision: rev + 4 });
    const after = await rows(exam.id);
    expect([after.exam.cq, after.items[3]!.state, after.items[3]!.flagged]).toEqual([0, 'NotAnswered', true]);
  });

  it('changes that arrive together share one statement, one row each', async () => {
    const exams = await Promise.all(Array.from({ length: MAX_BATCHES + 3 }, () => started(vip)));
    const stamps = await Promise.all(exams.map(({ exam }) => sectionItems(exam.id, 0)));
    // Each exam goes to its question n first (the transaction opens it), so the answers below are the statement's.
    for (const [n, e] of exams.entries()) e.rev = (await vip.move(e.exam.id, e.rev, 0, n)).data.revision;
    spy.mockClear();
    const written = await Promise.all(
      exams.map(({ exam, rev }, n) =>
        writeChange({
          examId: exam.id,
          userId: vip.userId,
          revision: rev,
          section: 0,
          position: n,
          action: { kind: 'answer', answer: blank, state: 'NotAnswered', questionStamp: stamps[n]![n]!.questionStamp },
        }),
      ),
    );
    expect(written.map((w) => w?.revision)).toEqual(exams.map(({ rev }) => rev + 1));
    // The first ones go at once, alone, while batch slots are free; the three that came meanwhile share the next.
    const statements = spy.mock.calls
      .filter(([, q]) => q.name === 'exam_answer_one_statement')
      .map(([, q]) => (JSON.parse(q.values[0] as string) as unknown[]).length);
    expect(statements).toEqual([...Array.from({ length: MAX_BATCHES }, () => 1), 3]);
    for (const [n, { exam }] of exams.entries())
      expect((await rows(exam.id)).items[n]).toMatchObject({ answer: blank, answered: true });
  });

  it('racing answers on one revision: exactly one wins, one answer saved', async () => {
    const { exam, rev } = await started(vip);
    const race = await Promise.all([0, 1, 2, 3].map((q) => vip.answer(exam.id, rev, 0, q, {})));
    expect(race.filter((r) => r.ok)).toHaveLength(1);
    expect(race.filter((r) => r.err?.kind === 'stale_revision')).toHaveLength(3);
    const after = await rows(exam.id);
    expect(after.exam.revision).toBe(rev + 1);
    expect(after.items.filter((i) => i.answered)).toHaveLength(1);
  });

  it('racing changes and heartbeats count the seconds since the last beat once', async () => {
    const { exam, rev } = await started(vip);
    await passTime(db(), exam.id, 7);
    const calls = await Promise.all([
      vip.heartbeat(exam.id, 0),
      vip.answer(exam.id, rev, 0, 0, {}),
      vip.heartbeat(exam.id, 0),
      vip.flag(exam.id, rev, 0, 1, true),
      vip.move(exam.id, rev, 0, 2),
    ]);
    expect(calls.filter((r) => r.ok)).toHaveLength(3);
    const after = await rows(exam.id);
    expect(after.sections[0]!.used).toBe(7);
    expect(after.items.reduce((n, i) => n + i.used, 0)).toBe(7);
  });

  // Two identical exams take the same steps: one through the service (one statement when it can), the other through
  // the transaction only. The one statement must write exactly when the transaction accepts, and the rows must stay
  // the same: answers, flags, states, item and section seconds, cursor, revision, status, the last beat. Both clocks
  // are set alike before every step: the last beat, and the open section's start. The app's clock moves on between
  // steps and stands still within one, so both exams are read at the same instant, in TypeScript and in SQL.
  it('writes exactly what the transaction accepts and leaves the same rows', { timeout: 180_000 }, async () => {
    const l = await learner(t, { roleKind: 'SVIP' });
    const actor = { user: { id: l.userId }, role: 'SVIP' } as Actor;
    const view = (await started(l)).exam;
    const ids = view.sections[0]!.items.map((i) => i.question.id);
    const keys = await answerKeys(db(), ids);
    const limit = view.sections[0]!.time_limit_seconds;
    // Whole seconds exactly, or a fraction past them: with one instant for both paths even the exact edges (a 20 s
    // beat, the limit plus the grace to the millisecond) must come out alike.
    const seconds = (min: number, max: number) =>
      fc.tuple(fc.integer({ min, max }), fc.constantFrom(0, 0.001, 0.5, 0.999)).map(([s, f]) => s + f);
    const step = fc.record({
      beat: seconds(-2, 25),
      // The section opened this long ago: well inside the limit, or about its end.
      opened: fc.oneof(
        { arbitrary: seconds(0, 60), weight: 3 },
        { arbitrary: seconds(-3, ANSWER_GRACE_SECONDS + 2).map((s) => limit + s), weight: 2 },
      ),
      // How far the clock moves on before the step.
      later: fc.integer({ min: 0, max: 5_000 }),
      // `late`: an answer with the section's used time just inside the grace (a row from before decision 015).
      kind: fc.constantFrom('answer', 'answer', 'answer', 'flag', 'move', 'move', 'late'),
      q: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 5 }), weight: 9 },
        { arbitrary: fc.integer({ min: 6, max: 30 }), weight: 1 },
      ),
      how: fc.constantFrom('right', 'wrong', 'clear', 'bad'),
      stale: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    });
    let wrote = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 10 }), fc.boolean(), async (steps, autoCommit) => {
        const pair = [
          (await started(l, { is_auto_commit: autoCommit })).exam,
          (await started(l, { is_auto_commit: autoCommit })).exam,
        ];
        for (const s of steps) {
          clock.advance(s.later);
          const outcomes: string[] = [];
          let statement = 'not run';
          // Answering or going to a question never shown opens it, which only the transaction does.
          const unseen = (await rows(pair[0]!.id)).items[s.q]?.state === 'NotEncountered';
          for (const [n, exam] of pair.entries()) {
            const rev = (await rows(exam.id)).exam.revision - (s.stale ? 1 : 0);
            await beatAgo(exam.id, s.beat);
            await openedAgo(exam.id, s.opened);
            if (s.kind === 'late')
              await db()
                .update(examSections)
                .set({ usedTimeSeconds: limit + ANSWER_GRACE_SECONDS - 1 })
                .where(eq(examSections.examId, exam.id));
            const key = keys.get(ids[s.q] ?? '');
            const answer =
              !key || s.how === 'clear'
                ? blank
                : s.how === 'right'
                  ? rightAnswer(key)
                  : s.how === 'wrong'
                    ? wrongAnswer(key)
                    : { ...blank, essay: 'not a choice' };
            const at = { id: exam.id, revision: rev, section_index: 0, question_index: s.q };
            if (n === 0) {
              spy.mockClear();
              const res =
                s.kind === 'flag'
                  ? await l.flag(exam.id, rev, 0, s.q, true)
                  : s.kind === 'move'
                    ? await l.move(exam.id, rev, 0, s.q)
                    : await l.answer(exam.id, rev, 0, s.q, answer);
              outcomes.push(res.err?.kind ?? 'ok');
              statement = await lastOneStatement();
            } else {
              const run =
                s.kind === 'flag'
                  ? flagInTransaction(t.deps, actor, { ...at, flagged: true })
                  : s.kind === 'move'
                    ? moveInTransaction(t.deps, actor, at)
                    : answerInTransaction(t.deps, actor, { ...at, answer });
              outcomes.push(
                await run.then(
                  () => 'ok',
                  (e: unknown) => (e instanceof AppError ? e.kind : String(e)),
                ),
              );
            }
          }
          const label = JSON.stringify(s);
          expect(outcomes[0], label).toBe(outcomes[1]);
          // Past the section's end or with an answer that does not fit, the statement is not even tried.
          const tried = s.q < ids.length && (s.kind === 'flag' || s.kind === 'move' || s.how !== 'bad');
          const statementWrites = outcomes[1] === 'ok' && (s.kind === 'flag' || !unseen);
          expect(statement, label).toBe(!tried ? 'not run' : statementWrites ? 'wrote' : 'nothing');
          if (statement === 'wrote') wrote += 1;
          const [a, b] = await Promise.all(pair.map((exam) => rows(exam.id)));
          expect(a, label).toEqual(b);
        }
      }),
      { numRuns: 12 },
    );
    expect(wrote).toBeGreaterThan(0);
  });
});
