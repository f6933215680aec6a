import { auditCalls, CALIBRATION, calibrationCalls, calibrationFileSchema, questionCalls } from '@gre/contracts';
import { examItems, exams, questions, type Db } from '@gre/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { pkg, qc, tc1 } from '../../../test/fixtures.js';
import { importPackage } from '../content-import/index.js';
import { runCalibration } from './calibration.service.js';

let t: TestApp;
const tokens: Record<'operator' | 'admin' | 'teacher' | 'learner', string> = {} as never;
let learners: number[] = [];

/** Bank: an "easy" item everyone misses, a "hard" item everyone gets, a medium anchor, and one with few answers. */
const bank = () =>
  pkg({
    'bank/cal.json': {
      questions: [
        tc1('q-cal-easy', { difficulty: 'easy' }),
        tc1('q-cal-hard', { difficulty: 'hard' }),
        qc('q-cal-anchor', { difficulty: 'medium' }),
        tc1('q-cal-few', { difficulty: 'hard' }),
      ],
    },
  });

/** One graded answer per learner and question in an exam of its own, as a submitted section leaves it. */
async function answer(db: Db, userId: number, rows: { id: string; correct: boolean; seconds?: number }[]) {
  const [exam] = await db
    .insert(exams)
    .values({ userId, name: 'cal', kind: 'book', source: 'test', createOption: {}, status: 'Finished' })
    .returning({ id: exams.id });
  await db.insert(examItems).values(
    rows.map((r, i) => ({
      examId: exam!.id,
      sectionIndex: 0,
      position: i,
      questionId: r.id,
      inputKind: 'OneBoxFill',
      answer: {},
      state: 'Answered',
      usedTimeSeconds: r.seconds ?? 60,
      correct: r.correct,
      answeredAt: new Date(),
    })),
  );
}

const difficultyOf = async (id: string) =>
  (await t.deps.database.db.select().from(questions).where(eq(questions.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await importPackage(db, bank());
  tokens.operator = (await userWithToken(db, { isOperator: true })).token;
  tokens.admin = (await userWithToken(db, { isAdmin: true })).token;
  tokens.teacher = (await userWithToken(db, { isTeacher: true })).token;
  tokens.learner = (await userWithToken(db, { roleKind: 'SVIP' })).token;
  learners = [];
  for (let i = 0; i < 40; i++) learners.push((await insertUser(db)).id);
  for (const [i, id] of learners.entries())
    await answer(db, id, [
      { id: 'q-cal-easy', correct: false, seconds: 120 },
      { id: 'q-cal-hard', correct: true, seconds: 30 },
      { id: 'q-cal-anchor', correct: i % 2 === 0 },
      ...(i < 5 ? [{ id: 'q-cal-few', correct: true }] : []),
    ]);
  // A second, later attempt that gets the "easy" item right must not count: only first answers say how hard it is.
  for (const id of learners.slice(0, 20)) await answer(db, id, [{ id: 'q-cal-easy', correct: true }]);
});
afterAll(() => t.close());

describe('calibration', () => {
  it('refuses learners, teachers and anonymous callers', async () => {
    for (const who of ['learner', 'teacher'] as const) {
      const r = await t.call(calibrationCalls.list, {}, { token: tokens[who] });
      expect(r.status).toBe(403);
      expect((await t.call(calibrationCalls.run, {}, { token: tokens[who] })).status).toBe(403);
    }
    expect((await t.call(calibrationCalls.run, {})).status).toBe(401);
    expect(await t.deps.database.db.$count(questions, eq(questions.difficulty, 'hard'))).toBeGreaterThan(0);
  });

  it('moves the shown difficulty where the first answers disagree with the author, with enough answers', async () => {
    const r = await t.call(calibrationCalls.run, {}, { token: tokens.operator });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ questions: 4, decided: 3, responses: 40 * 3 + 5 });
    expect(r.data.changed).toBe(2);

    const easy = await difficultyOf('q-cal-easy');
    expect([easy.authorDifficulty, easy.difficulty]).toEqual(['easy', 'hard']);
    const hard = await difficultyOf('q-cal-hard');
    expect([hard.authorDifficulty, hard.difficulty]).toEqual(['hard', 'easy']);
    // Five answers are too few: the author's label stands.
    expect((await difficultyOf('q-cal-few')).difficulty).toBe('hard');
    expect((await difficultyOf('q-cal-anchor')).difficulty).toBe('medium');

    // Learners see the data's difficulty.
    const seen = await t.call(questionCalls.get, { ids: ['q-cal-hard'] }, { token: tokens.learner });
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.data)).toContain('"difficulty":"easy"');
  });

  it('lists disagreements first for operators and admins, with the figures', async () => {
    const r = await t.call(calibrationCalls.list, { disagree_only: true }, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.data.items.map((i) => i.question_id).sort()).toEqual(['q-cal-easy', 'q-cal-hard']);
    const easy = r.data.items.find((i) => i.question_id === 'q-cal-easy')!;
    expect(easy).toMatchObject({ author_difficulty: 'easy', data_difficulty: 'hard', shown_difficulty: 'hard' });
    expect(easy.responses).toBe(40);
    expect(easy.p_correct).toBe(0);
    expect(easy.median_seconds).toBe(120);
    expect(r.data.min_responses).toBe(CALIBRATION.minResponses);
    expect(r.data.last_run).toMatchObject({ questions: 4, decided: 3 });

    const all = await t.call(calibrationCalls.list, { page_size: 2 }, { token: tokens.operator });
    expect(all.data.total).toBe(4);
    expect(all.data.items.slice(0, 2).every((i) => i.data_difficulty !== i.author_difficulty)).toBe(true);
    const few = await t.call(calibrationCalls.list, { kind: 'tc1' }, { token: tokens.operator });
    expect(few.data.items.find((i) => i.question_id === 'q-cal-few')!.data_difficulty).toBeNull();
  });

  it('exports the decided difficulties as the file the mock builder reads', async () => {
    const r = await t.call(calibrationCalls.export, {}, { token: tokens.operator });
    expect(r.status).toBe(200);
    expect(calibrationFileSchema.parse(r.data).items).toEqual([
      expect.objectContaining({ question_id: 'q-cal-anchor', data_difficulty: 'medium', responses: 40 }),
      expect.objectContaining({ question_id: 'q-cal-easy', author_difficulty: 'easy', data_difficulty: 'hard' }),
      expect.objectContaining({ question_id: 'q-cal-hard', author_difficulty: 'hard', data_difficulty: 'easy' }),
    ]);
    expect((await t.call(calibrationCalls.export, {}, { token: tokens.learner })).status).toBe(403);
  });

  it('keeps the data label through a re-import of the author label, and follows a new author label where undecided', async () => {
    await importPackage(t.deps.database.db, bank());
    expect((await difficultyOf('q-cal-easy')).difficulty).toBe('hard');
    await importPackage(
      t.deps.database.db,
      pkg({ 'bank/cal.json': { questions: [tc1('q-cal-few', { difficulty: 'medium' })] } }),
    );
    const few = await difficultyOf('q-cal-few');
    expect([few.authorDifficulty, few.difficulty]).toEqual(['medium', 'medium']);
  });

  it('writes an audit row for an operator run, none for the hourly job', async () => {
    await runCalibration(t.deps);
    const log = await t.call(auditCalls.list, { action: 'calibration/run' }, { token: tokens.admin });
    expect(log.data.items).toHaveLength(1);
    expect(log.data.items[0]).toMatchObject({ actor_role: 'operator', target_kind: 'question', outcome: 'done' });
  });

  it('refuses hostile input with 4xx and changes nothing', async () => {
    const before = await t.deps.database.db
      .select({ id: questions.id, d: questions.difficulty })
      .from(questions)
      .where(inArray(questions.id, ['q-cal-easy', 'q-cal-hard']));
    for (const body of [
      { page_size: 10_000 },
      { kind: 'issue' },
      { disagree_only: 'yes' },
      { extra: 1 },
      { kind: "tc1'; drop table questions; --" },
    ]) {
      const r = await t.call(calibrationCalls.list, body, { token: tokens.operator });
      expect(r.status).toBe(400);
    }
    expect((await t.call(calibrationCalls.run, { force: true }, { token: tokens.operator })).status).toBe(400);
    const after = await t.deps.database.db
      .select({ id: questions.id, d: questions.difficulty })
      .from(questions)
      .where(inArray(questions.id, ['q-cal-easy', 'q-cal-hard']));
    expect(after).toEqual(before);
  });
});
