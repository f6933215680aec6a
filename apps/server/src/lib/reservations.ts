import type { RateLimiter } from './rate-limiter.js';

/** A fixed-window budget: at most `max` events in `windowSeconds`. */
export interface Budget {
  max: number;
  windowSeconds: number;
}

/**
 * The units one attempt took from several budgets. Taken before the guarded work; when one budget is spent the
 * units already taken are given back and the attempt is refused, so a refused attempt counts nowhere.
 */
export class Reservations {
  private held: string[] = [];

  constructor(private readonly limiter: RateLimiter) {}

  /** Takes a unit of `budget` under `key`, or gives back everything held and throws `refuse(secondsLeft)`. */
  async take(key: string, budget: Budget, refuse: (resetSeconds: number) => Error): Promise<void> {
    const r = await this.limiter.reserve(key, budget.max, budget.windowSeconds);
    if (!r.ok) {
      await this.releaseAll();
      throw refuse(r.resetSeconds);
    }
    this.held.push(key);
  }

  /** Gives back every unit still held (the attempt did not count, or failed for a reason of its own). */
  async releaseAll(): Promise<void> {
    const keys = this.held;
    this.held = [];
    await Promise.all(keys.map((k) => this.limiter.release(k)));
  }

  /** The units stay taken: the attempt counts (a wrong password, a code sent). */
  keep(): void {
    this.held = [];
  }
}
