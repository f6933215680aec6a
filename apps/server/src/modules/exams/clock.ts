import {
  ANSWER_GRACE_SECONDS,
  EXAM_TIMING_DEFAULTS,
  HEARTBEAT_MAX_GAP_SECONDS,
  type ExamClock,
  type ExamTiming,
} from '@gre/contracts';
import { z } from 'zod';

/**
 * The server-measured exam clock (decision 015). Two clocks, both read from the call's one instant (`deps.clock`,
 * passed to the SQL as a parameter, decision 017):
 *
 * - The on-screen beat (`last_beat_at`): each call adds the seconds since the previous one, capped at
 *   HEARTBEAT_MAX_GAP_SECONDS, so a closed tab or a sleeping laptop costs at most that. It is the whole clock of an
 *   untimed (count-up) section, where time only informs the learner, and the time per question everywhere.
 * - The wall clock of a timed section: it runs from the section's `started_at` (when it opened) whether or not the
 *   tab is open, as in the real test; nothing pauses it inside a section. Otherwise a client that stops calling
 *   would only ever be charged the capped gap, and a section would have no end.
 *
 * Whole seconds are added and the beat moves on by exactly those, so the fractions carry over to the next call:
 * frequent calls neither lose nor invent time.
 */
export interface Beat {
  /** Seconds of screen time since the last beat. */
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
 * `beat()` as SQL, for the answer written in one statement (change-fast.ts): `elapsed` is a float8 expression, null
 * before the clock ever ran. `add` is the seconds to add, `toNow` whether the last beat moves to now() (else it
 * advances by `add`). exams.fast.test.ts holds the two to the same answers on the live database.
 */
export function beatSql(elapsed: string): { add: string; toNow: string } {
  const cap = HEARTBEAT_MAX_GAP_SECONDS;
  return {
    add: `(case when ${elapsed} is null or ${elapsed} <= 0 then 0 when ${elapsed} >= ${cap} then ${cap} else floor(${elapsed})::int end)`,
    toNow: `(${elapsed} is null or ${elapsed} >= ${cap})`,
  };
}

/** What one call does to the open section's clock. */
export interface Tick {
  beat: Beat;
  /** The section's used seconds after the call: never less than before, never past the limit of a timed section. */
  used: number;
  /** `used` minus the used seconds before. */
  sectionAdd: number;
  /** Seconds for the question at the cursor: its screen time, never more than the section moved. */
  itemAdd: number;
  /** The section's clock reading, not capped at the limit: what time up and the grace are decided on. */
  run: number;
}

/**
 * The clock rule. `used`: the section's used seconds so far; `sinceStart`: seconds since it opened (its
 * `started_at`); `beatElapsed`: seconds since the last beat. A timed section reads the wall clock: `run` is the
 * whole seconds since it opened (or what it used, when more: rows from before decision 015) and `used` that reading
 * capped at the limit. An untimed one adds the beat, closed tabs capped.
 */
export function tick(limit: number, used: number, sinceStart: number, beatElapsed: number | null): Tick {
  const b = beat(beatElapsed);
  if (!isTimed(limit)) return { beat: b, used: used + b.add, sectionAdd: b.add, itemAdd: b.add, run: used + b.add };
  const wall = Number.isFinite(sinceStart) ? Math.floor(sinceStart) : 0;
  const next = Math.max(used, Math.min(limit, wall));
  return {
    beat: b,
    used: next,
    sectionAdd: next - used,
    itemAdd: Math.min(b.add, next - used),
    run: Math.max(used, wall),
  };
}

/**
 * `tick()` as SQL over a section's limit and used seconds (integers), its seconds since start (float8, never null:
 * see `sinceStartSql`) and the beat's `add` (integer, from `beatSql`). exams.fast.test.ts holds it to `tick()`.
 */
export function tickSql(
  limit: string,
  used: string,
  sinceStart: string,
  beatAdd: string,
): { used: string; itemAdd: string; run: string } {
  const wall = `floor(${sinceStart})::int`;
  const next = `greatest(${used}, least(${limit}, ${wall}))`;
  return {
    used: `(case when ${limit} > 0 then ${next} else ${used} + ${beatAdd} end)`,
    itemAdd: `(case when ${limit} > 0 then least(${beatAdd}, ${next} - ${used}) else ${beatAdd} end)`,
    run: `(case when ${limit} > 0 then greatest(${used}, ${wall}) else ${used} + ${beatAdd} end)`,
  };
}

/**
 * Seconds from when the section `s` (an exam_sections alias) opened until `now` (a timestamptz expression: the call's
 * clock as a parameter). A section opened by a server from before decision 015 has no start: it counts as started
 * `used` seconds ago (no jump), and the next write of its clock stores that.
 */
export const sinceStartSql = (s: string, now: string) =>
  `extract(epoch from (${now} - coalesce(${s}.started_at, ${now} - make_interval(secs => ${s}.used_time_seconds))))::float8`;

/** `pastGrace()` as SQL over two integer expressions. */
export const pastGraceSql = (limit: string, run: string) =>
  `(${limit} > 0 and ${run} > ${limit} + ${ANSWER_GRACE_SECONDS})`;

/** A section is timed when it has a limit; count-up exams have none. */
export const isTimed = (limit: number) => limit > 0;

/** The section's time is over (`run` from `tick()`): the next call submits an auto-commit section from here. */
export const timeIsUp = (limit: number, run: number) => isTimed(limit) && run >= limit;

/** Past the grace an in-flight request gets: answers, flags and moves are refused from here. */
export const pastGrace = (limit: number, run: number) => isTimed(limit) && run > limit + ANSWER_GRACE_SECONDS;

export function clockOf(sectionIndex: number, limit: number, used: number, autoCommitted = false): ExamClock {
  return {
    section_index: sectionIndex,
    used_time_seconds: used,
    remaining_seconds: isTimed(limit) ? Math.max(0, limit - used) : null,
    auto_committed: autoCommitted,
  };
}

const timingOverrideSchema = z
  .object(Object.fromEntries(Object.keys(EXAM_TIMING_DEFAULTS).map((k) => [k, z.number().int().min(1).max(86_400)])))
  .partial();

/** The section times after the admin's `exam_timing` override; a malformed override is ignored as a whole. */
export function examTiming(override: unknown): ExamTiming {
  const parsed = timingOverrideSchema.safeParse(override ?? {});
  return { ...EXAM_TIMING_DEFAULTS, ...(parsed.success ? (parsed.data as Partial<ExamTiming>) : {}) };
}

/** A section's limit: the timing × EXAM_TIME_SCALE, rounded up; 0 (untimed) in count-up mode. */
export function sectionLimit(seconds: number, scale: number, countUp: boolean): number {
  return countUp ? 0 : Math.max(1, Math.ceil(seconds * scale));
}
