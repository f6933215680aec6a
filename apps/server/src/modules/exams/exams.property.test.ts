import { EXAM_STATUSES, QUESTION_STATES, type Answer } from '@gre/contracts';
import { bookItems, examItems, exams, examSections } from '@gre/db';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import {
  answerKeys,
  examTestApp,
  learner,
  passTime,
  rightAnswer,
  wrongAnswer,
  type Learner,
} from './exams.fixtures.js';

/**
 * Random sequences of calls against one simulation (verbal: section 1 of 12, then an adaptive section 2 of 15):
 * moves, answers (right, wrong, cleared, of the wrong shape), flags, submissions, heartbeats after some seconds, the
 * clock running out, and replays of old revisions. After every call: the status, each question's state and each
 * section's submission never move backwards, a refused call changes no answer, and the revision never decreases.
 * At the end `get` returns exactly the last acknowledged answer of every question.
 */

let t: TestApp;
let l: Learner;
let keys: Awaited<ReturnType<typeof answerKeys>>;
beforeAll(async () => {
  t = await examTestApp();
  l = await learner(t, { roleKind: 'SVIP' });
  const ids = await t.deps.database.db
    .select({ id: bookItems.questionId })
    .from(bookItems)
    .where(eq(bookItems.bookId, 'b-mock-1'));
  keys = await answerKeys(
    t.deps.database.db,
    ids.map((r) => r.id),
  );
});
afterAll(() => t.close());

// Mostly inside the exam and on its first questions (so calls meet the same question again), sometimes past its ends.
const at = fc.record({
  section: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 1 }), weight: 9 }, { arbitrary: fc.constant(2), weight: 1 }),
  q: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 6 },
    { arbitrary: fc.integer({ min: 4, max: 14 }), weight: 3 },
    { arbitrary: fc.integer({ min: 15, max: 200 }), weight: 1 },
  ),
});
const action = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('start' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), at }), weight: 10 },
  {
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      at,
      how: fc.constantFrom('right', 'wrong', 'clear', 'bad'),
    }),
    weight: 16,
  },
  { arbitrary: fc.record({ kind: fc.constant('flag' as const), at, flagged: fc.boolean() }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant('finish' as const), section: fc.integer({ min: 0, max: 2 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('beat' as const),
      section: fc.integer({ min: 0, max: 1 }),
      seconds: fc.integer({ min: 0, max: 40 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('timeout' as const) }), weight: 1 },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const statusRank = (s: string) => EXAM_STATUSES.indexOf(s as never);
const stateRank = (s: string) => (s === 'NotEncountered' ? 0 : 1);

async function state(examId: number) {
  const db = t.deps.database.db;
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  const sections = await db
    .select()
    .from(examSections)
    .where(eq(examSections.examId, examId))
    .orderBy(asc(examSections.index));
  const items = await db.select().from(examItems).where(eq(examItems.examId, examId));
  return { exam: exam!, sections, items: new Map(items.map((i) => [`${i.sectionIndex}:${i.position}`, i])) };
}
type State = Awaited<ReturnType<typeof state>>;

function checkForward(before: State, after: State) {
  expect(statusRank(after.exam.status)).toBeGreaterThanOrEqual(statusRank(before.exam.status));
  expect(after.exam.revision).toBeGreaterThanOrEqual(before.exam.revision);
  before.sections.forEach((s, i) => {
    if (s.finished) expect(after.sections[i]!.finished).toBe(true);
  });
  for (const [k, item] of before.items) {
    const now = after.items.get(k)!;
    expect(QUESTION_STATES).toContain(now.state);
    expect(stateRank(now.state)).toBeGreaterThanOrEqual(stateRank(item.state));
  }
}

function answerFor(how: string, questionId: string, inputKind: string): Partial<Answer> {
  const key = keys.get(questionId)!;
  if (how === 'right') return rightAnswer(key);
  if (how === 'wrong') return wrongAnswer(key);
  if (how === 'clear') return {};
  // A shape no question of a mock takes: an essay field on a choice, a choice on an essay.
  return inputKind === 'Essay' ? { selects: ['A'] } : { essay: 'not a choice' };
}

describe('exam transitions', () => {
  // A few hundred calls with a database read after each: seconds alone, much longer beside other test files.
  it('never move backwards and never lose an acknowledged answer', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 10, maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        async (actions, autoCommit, staleBy) => {
          const created = await l.create({
            source: 'simulate',
            version: 'b-mock-1',
            select_kind: 'verbal',
            is_auto_commit: autoCommit,
          });
          const id = created.data.id;
          const acknowledged = new Map<string, Answer>();
          // Starting first most of the time: a sequence that never starts only exercises refusals.
          const all: Action[] = [{ kind: 'start' }, ...actions];
          for (const a of all) {
            const before = await state(id);
            const rev =
              before.exam.revision - (staleBy > 0 && a.kind !== 'start' && Math.random() < 0.15 ? staleBy : 0);
            let res: { ok: boolean; err: { kind: string } | null; data: unknown };
            let acked: [string, Answer] | null = null;
            switch (a.kind) {
              case 'start':
                res = await l.start(id, rev);
                break;
              case 'move':
                res = await l.move(id, rev, a.at.section, a.at.q);
                break;
              case 'answer': {
                const item = before.items.get(`${a.at.section}:${a.at.q}`);
                const answer = item ? answerFor(a.how, item.questionId, item.inputKind) : {};
                res = await l.answer(id, rev, a.at.section, a.at.q, answer);
                if (res.ok)
                  acked = [
                    `${a.at.section}:${a.at.q}`,
                    { selects: [], multi_selects: [], text: '', text2: '', essay: '', ...answer },
                  ];
                break;
              }
              case 'flag':
                res = await l.flag(id, rev, a.at.section, a.at.q, a.flagged);
                break;
              case 'finish':
                res = await l.finish(id, rev, a.section);
                break;
              case 'beat':
                if (before.exam.lastBeatAt) await passTime(t.deps.database.db, id, a.seconds);
                res = await l.heartbeat(id, a.section);
                break;
              case 'timeout': {
                const open = before.sections.find((s) => !s.finished);
                // The section's time runs out with no call, as a closed tab would let it.
                if (open) await passTime(t.deps.database.db, id, open.timeLimitSeconds + 10);
                res = { ok: true, err: null, data: null };
                break;
              }
            }
            expect(res.ok || (res.err !== null && res.err.kind !== 'internal'), JSON.stringify([a, res.err])).toBe(
              true,
            );
            if (acked) acknowledged.set(acked[0], acked[1]);
            const after = await state(id);
            checkForward(before, after);
            if (!res.ok) {
              // A refused call changes no answer; only an auto-commit time-up may have submitted the section.
              for (const [k, item] of before.items) expect(after.items.get(k)!.answer).toEqual(item.answer);
              if (res.err?.kind !== 'exam_time_up') expect(after.exam.revision).toBe(before.exam.revision);
            }
            if (res.err?.kind === 'stale_revision') expect(rev).not.toBe(before.exam.revision);
          }
          const view = (await l.get(id)).data;
          for (const s of view.sections) {
            s.items.forEach((item, q) =>
              expect(item.action.answer, `${s.index}:${q}`).toEqual(acknowledged.get(`${s.index}:${q}`) ?? null),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
