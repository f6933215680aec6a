import { isAnswered, type Answer, type ExamClock, type ExamView } from '@gre/contracts';
import { patchItem, stateAfter, type Position } from './exam-model';
import type { LocalClock, Queued, SaveState, SessionSnapshot } from './session-types';

// What the session shows: the server's exam with this device's unacknowledged changes laid over it, and its clock.

export function clockFromExam(exam: ExamView, section: number, now: number): LocalClock | null {
  const s = exam.sections[section];
  if (!s) return null;
  const limit = s.time_limit_seconds;
  return {
    section,
    used: s.action.used_time_seconds,
    remaining: limit > 0 ? Math.max(0, limit - s.action.used_time_seconds) : null,
    at: now,
  };
}

/** A question seen: NotSeen becomes NotAnswered. */
export const withVisit = (exam: ExamView, at: Position) =>
  patchItem(exam, at, (a) => ({ ...a, state: stateAfter(a.state, null) }));

/** An answer given: its value, and the state its input kind says it leaves. */
export function withAnswer(exam: ExamView, at: Position, value: Answer): ExamView {
  const kind = exam.sections[at.section]?.items[at.question]?.question.input_method.kind;
  return patchItem(exam, at, (a) => ({
    ...a,
    answer: value,
    state: kind ? stateAfter(a.state, isAnswered(kind, value)) : a.state,
  }));
}

export const withFlag = (exam: ExamView, at: Position, flagged: boolean) =>
  patchItem(exam, at, (a) => ({ ...a, flagged }));

const positionOf = (key: string): Position => {
  const [section, question] = key.split(':').map(Number) as [number, number];
  return { section, question };
};

/** The server's exam with the questions seen, answers and flags this device has not had acknowledged yet. */
export function overlay(
  base: ExamView,
  visits: Iterable<string>,
  answers: Map<string, { value: Answer }>,
  flags: Map<string, { value: boolean }>,
): ExamView {
  let exam = base;
  for (const key of visits) exam = withVisit(exam, positionOf(key));
  for (const [key, { value }] of answers) exam = withAnswer(exam, positionOf(key), value);
  for (const [key, { value }] of flags) exam = withFlag(exam, positionOf(key), value);
  return exam;
}

/** The clock a change or heartbeat answered, read now on this device. */
export function clockFromChange(clock: ExamClock, now: number): LocalClock {
  return { section: clock.section_index, used: clock.used_time_seconds, remaining: clock.remaining_seconds, at: now };
}

/** What the session holds at one moment, as `snapshotOf` reads it. */
export interface SessionState {
  base: ExamView;
  visits: Iterable<string>;
  answers: Map<string, { value: Answer }>;
  flags: Map<string, { value: boolean }>;
  queue: readonly Queued[];
  /** Typed answers waiting for the pause in typing. */
  typing: number;
  retrying: boolean;
  savedOnce: boolean;
  revision: number;
  clock: LocalClock | null;
  offline: boolean;
}

function saveState(state: SessionState): SaveState {
  if (state.retrying) return 'retrying';
  const pending = state.typing > 0 || state.queue.some((q) => ['answer', 'flag', 'check'].includes(q.op.type));
  if (pending) return 'saving';
  return state.savedOnce ? 'saved' : 'idle';
}

/** The snapshot the exam screen renders: the overlaid exam, the save indicator, the clock and the network banner. */
export function snapshotOf(state: SessionState): SessionSnapshot {
  const pending = state.queue.filter((q) => q.slot !== null).length + state.typing;
  return {
    exam: overlay(state.base, state.visits, state.answers, state.flags),
    revision: state.revision,
    save: saveState(state),
    clock: state.clock,
    network: { offline: state.offline, pending, finishing: state.queue.some((q) => q.op.type === 'finish') },
  };
}
