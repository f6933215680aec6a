import type { Redis } from 'ioredis';

export interface HitResult {
  /** Count in the current window after this hit. */
  count: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Fixed-window counters keyed by purpose (per target, per IP, per account).
 * Redis when configured so every instance shares them; memory otherwise.
 */
export interface RateLimiter {
  hit(key: string, windowSeconds: number): Promise<HitResult>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

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
  return {
    async hit(key, windowSeconds) {
      let w = live(key);
      if (!w) {
        if (windows.size > 100_000) windows.clear();
        w = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetSeconds: Math.ceil((w.resetAt - now()) / 1000) };
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

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('TTL', KEYS[1])}`;

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      return { count, resetSeconds: Math.max(ttl, 0) };
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
