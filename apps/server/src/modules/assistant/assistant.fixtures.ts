import { assistantCalls, type AskResponse, type RoleKind } from '@gre/contracts';
import { crafts, questions, users, type Db } from '@gre/db';
import { eq } from 'drizzle-orm';
import { callHeaders, type TestApp } from '../../../test/test-app.js';
import { effectiveRole, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { memoryRateLimiter } from '../../lib/rate-limiter.js';
import { createAndGet, examTestApp, learner, learnerClient } from '../../../test/fixtures.js';

// Fixtures of the assistant tests: the exam test app (the shipped bank and books), a learner's assistant client,
// the stream read back as events, and a question's answer and analysis straight from the bank.

export const assistantTestApp = (env: Record<string, string> = {}, depOverrides: Partial<Deps> = {}) =>
  examTestApp(env, depOverrides);

/** A rate limiter on a clock of its own: `pass()` moves it past the per-minute window. */
export function steppedLimiter() {
  let at = Date.now();
  return { limiter: memoryRateLimiter(() => at), pass: () => (at += 61_000) };
}

export type Asker = Awaited<ReturnType<typeof asker>>;

export async function asker(t: TestApp, roleKind: RoleKind = 'VIP') {
  const l = await learner(t, { roleKind });
  const c = <C extends (typeof assistantCalls)[keyof typeof assistantCalls]>(call: C, body: Record<string, unknown>) =>
    t.call(call, body, { token: l.token });
  return {
    token: l.token,
    userId: l.userId,
    exams: learnerClient(t, l.token, l.userId),
    ask: (message: string, more: { question_id?: string; conversation_id?: number } = {}) =>
      c(assistantCalls.ask, { message, ...more }),
    list: (body: Record<string, unknown> = {}) => c(assistantCalls.list, body),
    get: (id: number) => c(assistantCalls.get, { id }),
    remove: (id: number) => c(assistantCalls.delete, { id }),
    stream: (body: Record<string, unknown>) => streamed(t, l.token, body),
  };
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** `ask` with Accept: text/event-stream, the answer read back as its events (or the JSON answer of a refusal). */
export async function streamed(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<{ status: number; type: string; events: StreamEvent[]; json: unknown }> {
  const res = await t.app.inject({
    method: 'POST',
    url: assistantCalls.ask.path,
    headers: { ...callHeaders({ token }), accept: 'text/event-stream' },
    payload: JSON.stringify(body),
  });
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('text/event-stream')) return { status: res.statusCode, type, events: [], json: res.json() };
  const events = res.body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event: name, data: JSON.parse(data) as unknown };
    });
  return { status: res.statusCode, type, events, json: null };
}

/** The `done` event's answer. */
export const doneOf = (events: StreamEvent[]) =>
  (events.find((e) => e.event === 'done')?.data as { data: AskResponse } | undefined)?.data;

/** A question's analysis text and standard answer as stored. */
export async function secretsOf(db: Db, id: string): Promise<{ analysis: string; keyWords: string[] }> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  const analysis = row!.analysis as { text: string; key_words: string[] };
  return { analysis: analysis.text, keyWords: analysis.key_words };
}

/** Pieces of an analysis long enough that finding one in a text means the analysis leaked. */
export function analysisPieces(analysis: string): string[] {
  return analysis
    .split(/[。！？；\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12)
    .map((s) => s.slice(0, 12));
}

/** Gives a learner a craft on a question: a wrong answer and a note. */
export async function craftFor(db: Db, userId: number, questionId: string, wrong: string[], note: string) {
  await db.insert(crafts).values({
    userId,
    questionId,
    wrong: { answer: { selects: wrong }, time: 30, count: 1, source: { name: '练习' } },
    note: { text_input: { review: '', difficulty: '', new_way: '', puzzle: '', note } },
  });
}

/** The learner as the gate hands them to a service, for calling the grounding directly. */
export async function asActor(t: TestApp, userId: number): Promise<Actor> {
  const [user] = await t.deps.database.db.select().from(users).where(eq(users.id, userId));
  return { user: user!, sessionId: 0, deviceId: 'test-device', role: effectiveRole(user!, t.deps.clock.now()) };
}

/** Starts a mock of a book and returns it with its first question (held by the running exam). */
export async function runningExam(a: Asker, bookId = 'b-pick-filling-easy-1') {
  const exam = await createAndGet(a.exams, { source: 'book', book_id: bookId });
  const started = await a.exams.start(exam.id, exam.revision);
  if (started.err) throw new Error(`start refused: ${started.err.kind}`);
  return { exam, revision: started.data.revision, first: exam.sections[0]!.items[0]!.question.id };
}

/** Moves through the first section and submits it: its questions are no longer held. */
export async function submitFirstSection(a: Asker, running: Awaited<ReturnType<typeof runningExam>>) {
  let rev = running.revision;
  const count = running.exam.sections[0]!.items.length;
  for (let q = 0; q < count; q++) rev = (await a.exams.move(running.exam.id, rev, 0, q)).data.revision;
  const done = await a.exams.finish(running.exam.id, rev, 0);
  if (done.err) throw new Error(`finish refused: ${done.err.kind}`);
}
