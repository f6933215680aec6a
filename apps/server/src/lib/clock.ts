/**
 * The time every rule reads (decision 017): session expiry, codes, quotas, FSRS, daily summaries, the exam clock,
 * media links. A rule asks `deps.clock.now()` once per call and hands that one instant to its SQL as a parameter
 * (`sqlTime`), so the TypeScript and SQL halves of a rule read the same time, and a test that fixes the clock fixes both.
 */
export interface Clock {
  now(): Date;
}

/** Production: the machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told: tests that compare two paths, or step time without sleeping. */
export class ManualClock implements Clock {
  private at: number;
  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date): void {
    this.at = at.getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

/**
 * The machine's clock moved forward by an offset that only grows (DEBUG_CLOCK=on, never in production): end-to-end
 * tests reach "days later" on a running server without waiting.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!(ms > 0)) throw new RangeError(`the clock only moves forward (${ms})`);
    this.offsetMs += ms;
  }
}

/**
 * An instant as a `::timestamptz` parameter. Text, not a Date: node-postgres and PGlite serialise Dates
 * differently, and ISO 8601 with its `Z` reads the same on both whatever the session's time zone.
 */
export const sqlTime = (at: Date): string => at.toISOString();
