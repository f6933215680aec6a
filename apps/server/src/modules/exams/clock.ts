import { ANSWER_GRACE_SECONDS, EXAM_TIMING_DEFAULTS, HEARTBEAT_MAX_GAP_SECONDS, type ExamClock, type ExamTiming } from '@gre/contracts';
import { z } from 'zod';

/**
 * The server-measured exam clock. Time counts only while the learner is on the exam screen: each call adds the
 * seconds since the previous one, capped at HEARTBEAT_MAX_GAP_SECONDS (a closed tab or a sleeping laptop costs at most
 * that). Whole seconds are added and the beat moves on by exactly those, so the fractions carry over to the next
 * call: frequent calls neither lose nor invent time.
 */
export interface Beat {
  /** Seconds to add to the open section and the question at the cursor. */
  add: number;
  /** How the last beat moves: to now (first call, or a capped gap), or forward by `add` seconds. */
  next: 'now' | 'advance';
}

/** `elapsed`: seconds since the last beat, null when the clock never ran. */
export function beat(elapsed: number | null): Beat {
  if (elapsed === null || !Number.isFinite(elapsed)) return { add: 0, next: 'now' };
  // A beat in the future (clocks of two database hosts disagree) adds nothing and waits for time to catch up.
  if (elapsed <= 0) return { add: 0, next: 'advance' };
  if (elapsed >= HEARTBEAT_MAX_GAP_SECONDS) return { add: HEARTBEAT_MAX_GAP_SECONDS, next: 'now' };
  return { add: Math.floor(elapsed), next: 'advance' };
}

/**
 * `beat()` as SQL, for the answer written in one statement (answer-fast.ts): `elapsed` is a float8 expression, null
 * before the clock ever ran. `add` is the seconds to add, `toNow` whether the last beat moves to now() (else it
 * advances by `add`). clock.test.ts holds the two to the same answers on the live database.
 */
export function beatSql(elapsed: string): { add: string; toNow: string } {
  const cap = HEARTBEAT_MAX_GAP_SECONDS;
  return {
    add: `(case when ${elapsed} is null or ${elapsed} <= 0 then 0 when ${elapsed} >= ${cap} then ${cap} else floor(${elapsed})::int end)`,
    toNow: `(${elapsed} is null or ${elapsed} >= ${cap})`,
  };
}

/** `pastGrace()` as SQL over two integer expressions. */
export const pastGraceSql = (limit: string, used: string) => `(${limit} > 0 and ${used} > ${limit} + ${ANSWER_GRACE_SECONDS})`;

/** A section is timed when it has a limit; count-up exams have none. */
export const isTimed = (limit: number) => limit > 0;

/** The section's time is over: the heartbeat submits an auto-commit section from here. */
export const timeIsUp = (limit: number, used: number) => isTimed(limit) && used >= limit;

/** Past the grace an in-flight request gets: answers, flags and moves are refused from here. */
export const pastGrace = (limit: number, used: number) => isTimed(limit) && used > limit + ANSWER_GRACE_SECONDS;

export function clockOf(sectionIndex: number, limit: number, used: number, autoCommitted = false): ExamClock {
  return { section_index: sectionIndex, used_time_seconds: used, remaining_seconds: isTimed(limit) ? Math.max(0, limit - used) : null, auto_committed: autoCommitted };
}

const timingOverrideSchema = z.object(Object.fromEntries(Object.keys(EXAM_TIMING_DEFAULTS).map((k) => [k, z.number().int().min(1).max(86_400)]))).partial();

/** The section times after the admin's `exam_timing` override; a malformed override is ignored as a whole. */
export function examTiming(override: unknown): ExamTiming {
  const parsed = timingOverrideSchema.safeParse(override ?? {});
  return { ...EXAM_TIMING_DEFAULTS, ...(parsed.success ? (parsed.data as Partial<ExamTiming>) : {}) };
}

/** A section's limit: the timing × EXAM_TIME_SCALE, rounded up; 0 (untimed) in count-up mode. */
export function sectionLimit(seconds: number, scale: number, countUp: boolean): number {
  return countUp ? 0 : Math.max(1, Math.ceil(seconds * scale));
}
