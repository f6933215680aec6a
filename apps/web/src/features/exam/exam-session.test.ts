import { examCalls, type CallDef, type ExamView } from '@gre/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { emptyAnswer } from '../questions';
import { ExamSession, type CallFn } from './exam-session';
import { change, makeExam } from './test-utils/exam-fixture';

type Sent = { path: string; body: Record<string, unknown> };

/**
 * A fake server holding the revision like the real one: a change with another revision is refused as stale; each
 * call waits for `release()` when `hold` is on, so tests can see what is in flight.
 */
function fakeApi(exam: ExamView) {
  const sent: Sent[] = [];
  let revision = exam.revision;
  let failNext: ApiError | null = null;
  const state = { exam, hold: false };
  const waiting: (() => void)[] = [];
  const call = vi.fn(async (def: CallDef, body: unknown) => {
    const b = body as Record<string, unknown>;
    sent.push({ path: def.path, body: b });
    if (state.hold) await new Promise<void>((r) => waiting.push(r));
    if (failNext) {
      const err = failNext;
      failNext = null;
      throw err;
    }
    if (def.path === examCalls.get.path) return { ...state.exam, revision };
    if (def.path === examCalls.heartbeat.path) return change(revision).clock;
    if (b.revision !== revision) throw new ApiError(409, '', 'stale_revision', '', 'stale', def.path);
    revision += 1;
    return change(revision);
  });
  return {
    call: call as unknown as CallFn,
    sent,
    paths: () => sent.map((s) => s.path),
    failOnce: (kind: string, status = 409) => (failNext = new ApiError(status, '', kind, '', kind, '')),
    bumpElsewhere: () => (revision += 1),
    state,
    release: () => waiting.splice(0).forEach((r) => r()),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const settle = async (n = 10) => {
  for (let i = 0; i < n; i += 1) await tick();
};

function session(exam = makeExam(), over: { typingDelayMs?: number; retryDelayMs?: number } = {}) {
  const api = fakeApi(exam);
  const report = vi.fn();
  const s = new ExamSession(exam, {
    call: api.call,
    report,
    now: () => 0,
    typingDelayMs: over.typingDelayMs ?? 400,
    retryDelayMs: over.retryDelayMs ?? 5,
  });
  return { s, api, report };
}

const at = (section: number, question: number) => ({ section, question });
const choice = (k: string) => ({ ...emptyAnswer(), selects: [k] });

afterEach(() => {
  vi.useRealTimers();
});

describe('ExamSession save queue', () => {
  it('sends changes one at a time, each with the revision the previous one returned', async () => {
    const { s, api } = session();
    api.state.hold = true;
    s.move(at(0, 1));
    s.answer(at(0, 1), choice('A'), false);
    s.flag(at(0, 1), true);
    await tick();
    expect(api.sent).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) {
      api.release();
      await settle();
    }
    expect(api.paths()).toEqual([examCalls.move.path, examCalls.answer.path, examCalls.flag.path]);
    expect(api.sent.map((c) => c.body.revision)).toEqual([5, 6, 7]);
    expect(s.getSnapshot().revision).toBe(8);
    expect(s.getSnapshot().save).toBe('saved');
  });

  it('shows an answer and a flag at once, before the server acknowledges them', async () => {
    const { s, api } = session();
    api.state.hold = true;
    s.answer(at(0, 0), { ...emptyAnswer(), selects: ['A', 'D'] }, false);
    s.flag(at(0, 0), true);
    const action = s.getSnapshot().exam.sections[0]!.items[0]!.action;
    expect(action.answer?.selects).toEqual(['A', 'D']);
    expect(action.flagged).toBe(true);
    expect(action.state).toBe('Answered');
    expect(s.getSnapshot().save).toBe('saving');
    api.release();
    await settle();
    api.release();
    await settle();
    expect(s.getSnapshot().exam.sections[0]!.items[0]!.action.flagged).toBe(true);
  });

  it('only the latest of several queued answers to one question is sent', async () => {
    const { s, api } = session();
    api.state.hold = true;
    s.move(at(0, 2));
    for (const k of ['A', 'B', 'C', 'D']) s.answer(at(0, 2), choice(k), false);
    for (let i = 0; i < 3; i += 1) {
      api.release();
      await settle();
    }
    const answers = api.sent
      .filter((c) => c.path === examCalls.answer.path)
      .map((c) => (c.body.answer as { selects: string[] }).selects[0]);
    expect(answers).toEqual(['D']);
    expect(s.getSnapshot().exam.sections[0]!.items[2]!.action.answer?.selects).toEqual(['D']);
  });

  it('typed answers wait for a pause in typing, then one call carries the last text', async () => {
    vi.useFakeTimers();
    const { s, api } = session();
    for (const text of ['1', '12', '12.', '12.5']) {
      s.answer(at(1, 1), { ...emptyAnswer(), text }, true);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(api.sent).toHaveLength(0);
    expect(s.getSnapshot().save).toBe('saving');
    await vi.advanceTimersByTimeAsync(400);
    expect(api.sent.map((c) => (c.body.answer as { text: string }).text)).toEqual(['12.5']);
  });

  it('finishing a section sends what is still being typed first', async () => {
    const { s, api } = session();
    s.answer(at(0, 0), { ...emptyAnswer(), essay: 'Draft' }, true);
    await s.finishSection(0);
    expect(api.paths()).toEqual([examCalls.answer.path, examCalls.finishSection.path, examCalls.get.path]);
  });

  it('a stale revision reloads the exam and sends the change again on top of it', async () => {
    const { s, api, report } = session();
    api.bumpElsewhere();
    s.answer(at(0, 0), choice('B'), false);
    await settle(20);
    expect(api.paths()).toEqual([examCalls.answer.path, examCalls.get.path, examCalls.answer.path]);
    expect(api.sent[2]!.body.revision).toBe(6);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'stale_revision' }));
    expect(s.getSnapshot().revision).toBe(7);
    expect(s.getSnapshot().exam.sections[0]!.items[0]!.action.answer?.selects).toEqual(['B']);
  });

  it('time up: the refused answer and everything queued after it are dropped and the exam reloaded', async () => {
    const { s, api, report } = session();
    api.state.exam = {
      ...makeExam(),
      sections: makeExam().sections.map((x, i) =>
        i === 0 ? { ...x, action: { used_time_seconds: 1080, finished: true } } : x,
      ),
    };
    api.state.hold = true;
    s.answer(at(0, 0), choice('C'), false);
    s.flag(at(0, 1), true);
    api.failOnce('exam_time_up');
    api.release();
    await settle();
    api.release();
    await settle();
    expect(api.paths()).toEqual([examCalls.answer.path, examCalls.get.path]);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'exam_time_up' }));
    const snap = s.getSnapshot().exam;
    expect(snap.sections[0]!.action.finished).toBe(true);
    expect(snap.sections[0]!.items[0]!.action.answer).toBeNull();
    expect(snap.sections[0]!.items[1]!.action.flagged).toBe(false);
  });

  it('a lost connection is retried until the answer is saved', async () => {
    // A retry delay far longer than the settling below, so a loaded machine cannot retry before the first look.
    const { s, api } = session(makeExam(), { retryDelayMs: 2_000 });
    api.failOnce('', 0);
    s.answer(at(0, 0), choice('A'), false);
    await settle(3);
    expect(s.getSnapshot().save).toBe('retrying');
    expect(api.paths()).toEqual([examCalls.answer.path]);
    await new Promise((r) => setTimeout(r, 2_100));
    await settle();
    expect(api.paths()).toEqual([examCalls.answer.path, examCalls.answer.path]);
    expect(s.getSnapshot().save).toBe('saved');
  });

  it('a refused change (bad input) is reported and the view goes back to the server’s answer', async () => {
    const { s, api, report } = session();
    api.failOnce('invalid_input', 400);
    s.answer(at(0, 0), choice('Z'), false);
    await settle();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_input' }));
    expect(s.getSnapshot().exam.sections[0]!.items[0]!.action.answer).toBeNull();
  });

  it('a move marks the question seen (NotEncountered → NotAnswered) and saves the cursor', async () => {
    const { s } = session();
    s.move(at(0, 2));
    expect(s.getSnapshot().exam.sections[0]!.items[2]!.action.state).toBe('NotAnswered');
    await settle();
    expect(s.getSnapshot().exam.cursor).toEqual({ section_index: 0, question_index: 2 });
  });

  it('a heartbeat that reports an auto-commit reloads the exam', async () => {
    const { s, api } = session();
    const call = api.call as unknown as ReturnType<typeof vi.fn>;
    call.mockResolvedValueOnce({
      section_index: 0,
      used_time_seconds: 1080,
      remaining_seconds: 0,
      auto_committed: true,
    });
    await s.heartbeat(at(0, 1));
    expect(api.paths()).toEqual([examCalls.get.path]);
    expect(call.mock.calls[0]![0]).toBe(examCalls.heartbeat);
    expect(call.mock.calls[0]![2]).toEqual({ quiet: true });
  });
});
