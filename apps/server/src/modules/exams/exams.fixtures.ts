import {
  examCalls,
  questionCalls,
  type Answer,
  type ContentQuestion,
  type CreateExamRequest,
  type PracticeRequest,
  type ExamView,
  type RoleKind,
} from '@gre/contracts';
import { questions, type Db } from '@gre/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Deps } from '../../lib/deps.js';
import { CONTENT_DIR, importPackage, readPackageFrom } from '../content-import/index.js';

// Test fixtures of the exam tests: an app with the shipped bank and books (mocks are exactly MOCK_SECTIONS sizes; the
// word lists are left out, they take long and no exam here uses them), learners by role, and a client per learner.

export async function examTestApp(
  env: Record<string, string> = {},
  depOverrides: Partial<Deps> = {},
): Promise<TestApp> {
  const t = await createTestApp(env, depOverrides);
  await importPackage(
    t.deps.database.db,
    readPackageFrom(CONTENT_DIR).filter((f) => !f.name.startsWith('words/')),
  );
  return t;
}

export type Learner = ReturnType<typeof learnerClient>;

export async function learner(
  t: TestApp,
  overrides: { roleKind?: RoleKind; isAdmin?: boolean } = {},
): Promise<Learner> {
  const { user, token } = await userWithToken(t.deps.database.db, {
    roleKind: overrides.roleKind ?? 'VIP',
    isAdmin: overrides.isAdmin ?? false,
  });
  return learnerClient(t, token, user.id);
}

/** The exam calls as one learner makes them. */
export function learnerClient(t: TestApp, token: string, userId: number) {
  const c = <C extends (typeof examCalls)[keyof typeof examCalls]>(call: C, body: Record<string, unknown>) =>
    t.call(call, body, { token });
  return {
    token,
    userId,
    create: (body: CreateExamRequest) => c(examCalls.create, body),
    get: (id: number) => c(examCalls.get, { id }),
    result: (id: number) => c(examCalls.result, { id }),
    start: (id: number, revision: number) => c(examCalls.start, { id, revision }),
    heartbeat: (id: number, section_index: number, question_index = 0) =>
      c(examCalls.heartbeat, { id, section_index, question_index }),
    move: (id: number, revision: number, section_index: number, question_index: number) =>
      c(examCalls.move, { id, revision, section_index, question_index }),
    answer: (id: number, revision: number, section_index: number, question_index: number, answer: Partial<Answer>) =>
      c(examCalls.answer, { id, revision, section_index, question_index, answer }),
    flag: (id: number, revision: number, section_index: number, question_index: number, flagged: boolean) =>
      c(examCalls.flag, { id, revision, section_index, question_index, flagged }),
    finish: (id: number, revision: number, section_index: number) =>
      c(examCalls.finishSection, { id, revision, section_index }),
    list: (body: Record<string, unknown> = {}) => c(examCalls.list, body),
    remove: (id: number) => c(examCalls.delete, { id }),
    report: (book_id: string, window?: string) => c(examCalls.report, window ? { book_id, window } : { book_id }),
    simulateList: () => c(examCalls.simulateList, {}),
    practice: (body: PracticeRequest) => c(examCalls.practice, body),
    check: (id: number, revision: number, section_index: number, question_index: number, answer: Partial<Answer>) =>
      c(examCalls.check, { id, revision, section_index, question_index, answer }),
    quotaToday: () => c(examCalls.quotaToday, {}),
    /** The bank viewer (`question/get`), which opens what it shows. */
    open: (ids: string[], book_id?: string) =>
      t.call(questionCalls.get, book_id ? { ids, book_id } : { ids }, { token }),
  };
}

/** Public question ids of a category in id order (what a trial member may open). */
export async function publicIds(db: Db, category: number): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.category, category), eq(questions.visibility, 'public')))
    .orderBy(asc(questions.id));
  return rows.map((r) => r.id);
}

/** A usage counter (0 while it has no row). */
export async function counterOf(db: Db, userId: number, period: string, subject: string): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select n from usage_counters where user_id = ${userId} and period = ${period} and subject = ${subject}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** The questions a learner opened on a day (question_opens), with the daily subject each counts against. */
export async function opensOf(db: Db, userId: number, day: string): Promise<{ id: string; subject: string | null }[]> {
  const res = await db.execute<{ id: string; subject: string | null }>(sql`
    select o.question_id as id, case when q.category in (1, 2) then 'verbal' when q.category = 3 then 'quant'
      when q.category = 5 then 'words' end as subject
    from question_opens o join questions q on q.id = o.question_id
    where o.user_id = ${userId} and o.day = ${day} order by o.question_id`);
  return res.rows;
}

const SHANGHAI = 8 * 3600;
/** Unix seconds of the next Shanghai midnight after `s`, worked out apart from the code under test. */
export const nextMidnightAfter = (s: number) => (Math.floor((s + SHANGHAI) / 86_400) + 1) * 86_400 - SHANGHAI;
/** Unix seconds of the next Monday 00:00 in Shanghai after `s` (1970-01-01 was a Thursday). */
export function nextMondayAfter(s: number): number {
  const day = Math.floor((s + SHANGHAI) / 86_400);
  return (day - ((day + 3) % 7) + 7) * 86_400 - SHANGHAI;
}
/** Noon in Shanghai, the next one after `at`: a test clock that leaves room either side of the day. */
export const nextShanghaiNoon = (at = new Date()) =>
  new Date((nextMidnightAfter(Math.floor(at.getTime() / 1000)) + 12 * 3600) * 1000);

/** Creates an exam and returns its view; throws with the error kind when refused. */
export async function createAndGet(l: Learner, body: CreateExamRequest): Promise<ExamView> {
  const created = await l.create(body);
  if (!created.ok) throw new Error(`create refused: ${created.err?.kind} ${created.err?.detail}`);
  return (await l.get(created.data.id)).data;
}

type Key = { input_method: ContentQuestion['input_method']; standard_answer: ContentQuestion['standard_answer'] };

/** Standard answers and input methods of questions, straight from the bank. */
export async function answerKeys(db: Db, ids: string[]): Promise<Map<string, Key>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.id, input_method: questions.inputMethod, standard_answer: questions.standardAnswer })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((r) => [r.id, r as unknown as Key]));
}

const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };

/** The right answer in the answer shape. */
export function rightAnswer(k: Key): Answer {
  const sa = k.standard_answer;
  switch (k.input_method.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return { ...blank, multi_selects: sa.multi_selects };
    case 'TextFill':
      return { ...blank, text: sa.text };
    case 'Fraction':
      return { ...blank, text: sa.text, text2: sa.text2 };
    case 'Essay':
      return {
        ...blank,
        essay: 'Technology shapes how people learn, and a good essay weighs both sides of the claim.',
      };
    default:
      return { ...blank, selects: sa.selects };
  }
}

/** An answer of the right shape that is wrong. */
export function wrongAnswer(k: Key): Answer {
  const sa = k.standard_answer;
  const keys = (col: number) => k.input_method.option_groups[col]?.options.map((o) => o.key) ?? [];
  switch (k.input_method.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo': {
      const other = keys(0).find((key) => !sa.multi_selects.includes(key))!;
      return { ...blank, multi_selects: [...sa.multi_selects.slice(1), other] };
    }
    case 'TextFill':
      return { ...blank, text: String(Number(sa.text.replace(/,/g, '')) + 1) };
    case 'Fraction':
      return { ...blank, text: String(Number(sa.text) + 1), text2: sa.text2 };
    case 'SelectSentence':
      return { ...blank, selects: [String(Number(sa.selects[0]) === 0 ? 1 : 0)] };
    case 'Essay':
      return { ...blank, essay: 'A short essay.' };
    default:
      return { ...blank, selects: sa.selects.map((s, i) => keys(i).find((key) => key !== s)!) };
  }
}

/**
 * Lets `seconds` pass on an exam's clocks without a call: its last beat and the start of its open section move back.
 * Works whatever the app's clock (decision 017): a test with a ManualClock can advance that instead.
 */
export async function passTime(db: Db, examId: number, seconds: number): Promise<void> {
  const back = sql`make_interval(secs => ${seconds}::float8)`;
  await db.execute(sql`update exams set last_beat_at = last_beat_at - ${back} where id = ${examId}`);
  await db.execute(
    sql`update exam_sections set started_at = started_at - ${back} where exam_id = ${examId} and not finished`,
  );
}

/** Sets a section's used time directly (time-up tests). */
export async function setUsed(db: Db, examId: number, sectionIndex: number, used: number): Promise<void> {
  await db.execute(
    sql`update exam_sections set used_time_seconds = ${used}::int where exam_id = ${examId} and index = ${sectionIndex}::int`,
  );
}
