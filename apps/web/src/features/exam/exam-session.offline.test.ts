import { examCalls, type CallDef, type ExamView } from '@gre/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { emptyAnswer } from '../questions';
import { ExamSession, type CallFn } from './exam-session';
import { nextBanner, type BannerState } from './offline-banner';
import { memoryStore, type PendingStore } from './offline-queue';
import { change, makeExam } from './test-utils/exam-fixture';

/**
 * A server that keeps what it was sent (answers and flags by question, the order of calls) and can be cut off: while
 * `down`, every call fails as a browser without network does (status 0) and reaches nothing.
 */
function fakeServer(exam: ExamView) {
  let revision = exam.revision;
  const state = { down: false, refuse: null as ApiError | null };
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const answers = new Map<string, string[]>();
  const call = vi.fn(async (def: CallDef, body: unknown) => {
    await Promise.resolve();
    if (state.down) throw new ApiError(0, '', 'network', '', 'offline', def.path);
    const b = body as Record<string, unknown>;
    received.push({ path: def.path, body: b });
    if (state.refuse) {
      const err = state.refuse;
      state.refuse = null;
      throw err;
    }
    if (def.path === examCalls.get.path) return { ...exam, revision };
    if (def.path === examCalls.heartbeat.path) return change(revision).clock;
    if (b.revision !== revision) throw new ApiError(409, '', 'stale_revision', '', 'stale', def.path);
    if (def.path === examCalls.answer.path)
      answers.set(
        `${String(b.section_index)}:${String(b.question_index)}`,
        (b.answer as { selects: string[] }).selects,
      );
    revision += 1;
    return change(revision);
  });
  return {
    call: call as unknown as CallFn,
    state,
    answers,
    paths: () => received.map((r) => r.path),
    answerBodies: () => received.filter((r) => r.path === examCalls.answer.path).map((r) => r.body),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const settle = async (n = 12) => {
  for (let i = 0; i < n; i += 1) await tick();
};
const at = (section: number, question: number) => ({ section, question });
const choice = (k: string) => ({ ...emptyAnswer(), selects: [k] });

function open(server: ReturnType<typeof fakeServer>, store: PendingStore, exam = makeExam()) {
  const report = vi.fn();
  const s = new ExamSession(exam, { call: server.call, report, now: () => 0, retryDelayMs: 60_000, store });
  return { s, report };
}

describe('ExamSession offline queue', () => {
  it('keeps unacknowledged changes on the device in order and forgets each once the server has it', async () => {
    const server = fakeServer(makeExam());
    const store = memoryStore();
    server.state.down = true;
    const { s } = open(server, store);
    s.move(at(0, 1));
    s.answer(at(0, 1), choice('A'), false);
    s.flag(at(0, 2), true);
    await settle();
    await s.settled();
    expect([...store.rows.values()].map((r) => r.op.type)).toEqual(['move', 'answer', 'flag']);
    expect(s.getSnapshot().network).toEqual({ offline: true, pending: 3, finishing: false });
    expect(s.getSnapshot().exam.sections[0]!.items[1]!.action.answer?.selects).toEqual(['A']);

    server.state.down = false;
    s.setOnline(true);
    await settle(30);
    await s.settled();
    expect(server.paths()).toEqual([examCalls.move.path, examCalls.answer.path, examCalls.flag.path]);
    expect(store.rows.size).toBe(0);
    expect(s.getSnapshot().network).toEqual({ offline: false, pending: 0, finishing: false });
  });

  it('a reload replays what the last page left, the latest answer of a question only, before new changes', async () => {
    const exam = makeExam();
    const server = fakeServer(exam);
    const store = memoryStore();
    server.state.down = true;
    const first = open(server, store, exam).s;
    first.answer(at(0, 0), choice('A'), false);
    await settle();
    // A is in flight (retrying), so B queues behind it: both are on the device.
    first.answer(at(0, 0), choice('B'), false);
    first.answer(at(0, 1), choice('C'), false);
    first.answer(at(0, 0), choice('D'), false);
    await settle();
    await first.settled();
    expect([...store.rows.values()].map((r) => r.op.type === 'answer' && r.op.answer.selects[0])).toEqual([
      'A',
      'C',
      'D',
    ]);

    // The page is gone (its retries with it); the next one loads the exam while the network is back.
    server.state.down = false;
    const { s, report } = open(server, store, exam);
    s.answer(at(0, 2), choice('E'), false);
    // Shown at once, before the server acknowledged anything.
    await Promise.resolve();
    await settle();
    await s.settled();
    expect(
      server.answerBodies().map((b) => [b.question_index, (b.answer as { selects: string[] }).selects[0]]),
    ).toEqual([
      [1, 'C'],
      [0, 'D'],
      [2, 'E'],
    ]);
    expect(server.answers.get('0:0')).toEqual(['D']);
    expect(store.rows.size).toBe(0);
    expect(report).not.toHaveBeenCalled();
    const items = s.getSnapshot().exam.sections[0]!.items;
    expect(items.map((i) => i.action.answer?.selects[0] ?? null).slice(0, 3)).toEqual(['D', 'C', 'E']);
    first.dispose();
  });

  it('the replayed answers show on the reloaded screen before the server acknowledged them', async () => {
    const exam = makeExam();
    const store = memoryStore();
    await store.put(exam.id, { id: 1, op: { type: 'answer', at: at(0, 2), answer: choice('B'), seq: 1 } });
    await store.put(exam.id, { id: 2, op: { type: 'flag', at: at(0, 2), flagged: true, seq: 2 } });
    const server = fakeServer(exam);
    server.state.down = true;
    const { s } = open(server, store, exam);
    await settle();
    const item = s.getSnapshot().exam.sections[0]!.items[2]!;
    expect(item.action.answer?.selects).toEqual(['B']);
    expect(item.action.flagged).toBe(true);
    expect(s.getSnapshot().network.pending).toBe(2);
  });

  it('no network (status 0) keeps the change and retries; a refusal (4xx) drops it from the device too', async () => {
    const server = fakeServer(makeExam());
    const store = memoryStore();
    const { s, report } = open(server, store);
    server.state.refuse = new ApiError(400, '', 'invalid_input', '', 'bad', examCalls.answer.path);
    s.answer(at(0, 0), choice('Z'), false);
    await settle();
    await s.settled();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_input' }));
    expect(store.rows.size).toBe(0);
    expect(s.getSnapshot().network.offline).toBe(false);

    server.state.down = true;
    s.answer(at(0, 1), choice('A'), false);
    await settle();
    await s.settled();
    expect(store.rows.size).toBe(1);
    expect(s.getSnapshot().network.offline).toBe(true);
    expect(s.getSnapshot().save).toBe('retrying');
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('a replayed change the server no longer takes (section submitted) is dropped without a message', async () => {
    const exam = makeExam();
    const store = memoryStore();
    await store.put(exam.id, { id: 4, op: { type: 'finish', section: 0 } });
    const server = fakeServer(exam);
    server.state.refuse = new ApiError(409, '', 'exam_finished', '', 'done', examCalls.finishSection.path);
    const { s, report } = open(server, store, exam);
    await settle();
    await s.settled();
    expect(report).not.toHaveBeenCalled();
    expect(store.rows.size).toBe(0);
  });

  it('a submit made offline waits in the queue, after the answers given before it', async () => {
    const server = fakeServer(makeExam());
    const store = memoryStore();
    server.state.down = true;
    const { s } = open(server, store);
    s.answer(at(0, 0), choice('A'), false);
    const finished = s.finishSection(0);
    await settle();
    expect(s.getSnapshot().network).toMatchObject({ offline: true, finishing: true });
    server.state.down = false;
    s.setOnline(true);
    await finished;
    expect(server.paths().slice(0, 2)).toEqual([examCalls.answer.path, examCalls.finishSection.path]);
  });

  it('no heartbeat while changes wait: a beat could submit the section before answers given in time arrive', async () => {
    const server = fakeServer(makeExam());
    const { s } = open(server, memoryStore());
    server.state.down = true;
    s.answer(at(0, 0), choice('A'), false);
    await settle();
    server.state.down = false;
    await s.heartbeat(at(0, 0));
    await settle(30);
    expect(server.paths()).toEqual([examCalls.answer.path]);
    await s.heartbeat(at(0, 0));
    expect(server.paths()).toEqual([examCalls.answer.path, examCalls.heartbeat.path]);
  });

  it('a heartbeat that finds no network shows the session offline, and one that gets through online again', async () => {
    const server = fakeServer(makeExam());
    const { s } = open(server, memoryStore());
    server.state.down = true;
    await s.heartbeat(at(0, 0));
    expect(s.getSnapshot().network.offline).toBe(true);
    server.state.down = false;
    await s.heartbeat(at(0, 0));
    expect(s.getSnapshot().network.offline).toBe(false);
  });
});

describe('offline banner state', () => {
  const net = (offline: boolean, pending = 0) => ({ offline, pending, finishing: false });
  const run = (steps: ReturnType<typeof net>[]) => {
    let state: BannerState = null;
    return steps.map((n) => (state = nextBanner(state, n)));
  };

  it('offline, then syncing while the queue drains, then synced', () => {
    expect(run([net(false, 1), net(true, 1), net(true, 3), net(false, 2), net(false, 0)])).toEqual([
      null,
      'offline',
      'offline',
      'syncing',
      'synced',
    ]);
  });

  it('an ordinary save without a cut shows nothing; a new change hides 已同步', () => {
    expect(run([net(false, 1), net(false, 0)])).toEqual([null, null]);
    expect(run([net(true, 1), net(false, 0), net(false, 1)])).toEqual(['offline', 'synced', null]);
  });
});
