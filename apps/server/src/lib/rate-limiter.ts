import type { Redis } from 'ioredis';

export interface HitResult {
  /** Count in the current window after this hit. */
  count: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface Reservation extends HitResult {
  /** A unit of the budget was taken; false when the budget was already spent (nothing was counted). */
  ok: boolean;
}

/**
 * Fixed-window counters keyed by purpose (per target, per IP, per account).
 * Redis when configured so every instance shares them; memory otherwise.
 *
 * A throttled action takes its unit with `reserve` *before* the work it guards (hashing a password, sending a code):
 * the check and the count are one atomic step, so a burst of parallel requests can never get more than `max`
 * through between them. An attempt that turns out not to count (a right password) gives its unit back with `release`.
 */
export interface RateLimiter {
  /** Counts unconditionally (for events that are not refused by this counter). */
  hit(key: string, windowSeconds: number): Promise<HitResult>;
  /** Takes one unit if fewer than `max` are taken in the window; atomic across callers and instances. */
  reserve(key: string, max: number, windowSeconds: number): Promise<Reservation>;
  /** Returns a unit taken by `reserve`; a window that has ended meanwhile stays ended. */
  release(key: string): Promise<void>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Past this many live windows the memory limiter drops ended ones, then the oldest. */
const MEMORY_KEYS_CAP = 100_000;

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  // Clearing everything at the cap would let a flood of fresh keys wipe a victim's counters; ended windows go first.
  const makeRoom = () => {
    if (windows.size < MEMORY_KEYS_CAP) return;
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    for (const k of windows.keys()) {
      if (windows.size < MEMORY_KEYS_CAP) break;
      windows.delete(k);
    }
  };
  const open = (key: string, windowSeconds: number) => {
    let w = live(key);
    if (!w) {
      makeRoom();
      w = { count: 0, resetAt: now() + windowSeconds * 1000 };
      windows.set(key, w);
    }
    return w;
  };
  const secondsLeft = (w: { resetAt: number }) => Math.max(0, Math.ceil((w.resetAt - now()) / 1000));
  return {
    async hit(key, windowSeconds) {
      const w = open(key, windowSeconds);
      w.count += 1;
      return { count: w.count, resetSeconds: secondsLeft(w) };
    },
    async reserve(key, max, windowSeconds) {
      const current = live(key);
      if (current && current.count >= max)
        return { ok: false, count: current.count, resetSeconds: secondsLeft(current) };
      const w = current ?? open(key, windowSeconds);
      w.count += 1;
      return { ok: true, count: w.count, resetSeconds: secondsLeft(w) };
    },
    async release(key) {
      const w = live(key);
      if (!w) return;
      w.count -= 1;
      if (w.count <= 0) windows.delete(key);
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// A key left without an expiry (TTL -1) would count forever; every script gives it the window again.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('TTL', KEYS[1])}`;

const RESERVE_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c >= tonumber(ARGV[2]) then return {0, c, redis.call('TTL', KEYS[1])} end
c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {1, c, redis.call('TTL', KEYS[1])}`;

// Only an existing window is decremented: DECR on an ended one would create a key at -1 with no expiry.
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
end
return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      return { count, resetSeconds: Math.max(ttl, 0) };
    },
    async reserve(key, max, windowSeconds) {
      const [ok, count, ttl] = (await redis.eval(RESERVE_SCRIPT, 1, prefix + key, windowSeconds, max)) as [
        number,
        number,
        number,
      ];
      return { ok: ok === 1, count, resetSeconds: Math.max(ttl, 0) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
