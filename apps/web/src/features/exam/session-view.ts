import { isAnswered, type Answer, type ExamView } from '@gre/contracts';
import { patchItem, stateAfter } from './exam-model';
import type { LocalClock } from './session-types';

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

/** The server's exam with the questions seen, answers and flags this device has not had acknowledged yet. */
export function overlay(
  base: ExamView,
  visits: Iterable<string>,
  answers: Map<string, { value: Answer }>,
  flags: Map<string, { value: boolean }>,
): ExamView {
  let exam = base;
  for (const key of visits) {
    const [s, q] = key.split(':').map(Number) as [number, number];
    exam = patchItem(exam, { section: s, question: q }, (a) => ({ ...a, state: stateAfter(a.state, null) }));
  }
  for (const [key, { value }] of answers) {
    const [s, q] = key.split(':').map(Number) as [number, number];
    const kind = exam.sections[s]?.items[q]?.question.input_method.kind;
    exam = patchItem(exam, { section: s, question: q }, (a) => ({
      ...a,
      answer: value,
      state: kind ? stateAfter(a.state, isAnswered(kind, value)) : a.state,
    }));
  }
  for (const [key, { value }] of flags) {
    const [s, q] = key.split(':').map(Number) as [number, number];
    exam = patchItem(exam, { section: s, question: q }, (a) => ({ ...a, flagged: value }));
  }
  return exam;
}
