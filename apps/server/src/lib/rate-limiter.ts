import { Redis } from 'ioredis';

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
  /** Where the counters live right now, for /readyz: absent on the plain limiters. */
  health?(): Promise<LimiterHealth>;
}

export interface LimiterHealth {
  /** `redis` while Redis answers; `fallback` while the policies of decision 033 stand in for it. */
  mode: 'redis' | 'fallback';
  redis: 'up' | 'down';
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

/**
 * What a throttle does while Redis cannot be reached (decision 033): `local` counts in this instance's memory (the
 * limit holds per instance, so a cluster of N admits at most N times it), `closed` refuses with the throttle's own
 * retryable kind, `open` admits without counting.
 */
export type RedisDownPolicy = 'local' | 'closed' | 'open';

/**
 * Per throttle, by key prefix; docs/decisions/033-redis-failure-mode.md gives the reasons. A key no prefix names
 * gets `local`, the safe choice for a throttle added later.
 */
export const REDIS_DOWN_POLICIES: ReadonlyArray<readonly [prefix: string, policy: RedisDownPolicy]> = [
  ['login:', 'local'],
  ['code:', 'local'],
  ['voucher:miss:', 'local'],
  ['assistant:', 'local'],
  ['upload:', 'local'],
  ['comment:', 'local'],
  ['reaction:', 'local'],
];

export function redisDownPolicy(key: string, policies = REDIS_DOWN_POLICIES): RedisDownPolicy {
  return policies.find(([prefix]) => key.startsWith(prefix))?.[1] ?? 'local';
}

/** How long a `closed` throttle tells the client to wait: about as long as Redis takes to come back. */
const CLOSED_RETRY_SECONDS = 30;
/** A Redis error or a fallback is logged at most this often, so an outage writes a line every few seconds, not per call. */
const LOG_EVERY_MS = 5000;

export interface ResilientOptions {
  /** The window counters used while Redis is down; a memory limiter by default. */
  local?: RateLimiter;
  policyFor?: (key: string) => RedisDownPolicy;
  /** Called on each call answered without Redis (counted in /metrics). */
  onFallback?: (policy: RedisDownPolicy) => void;
  log?: (message: string) => void;
}

/**
 * A Redis client that fails fast: with Redis down a command is refused at once (no offline queue), a command that
 * does not answer in 250 ms fails, and the connection is retried in the background with backoff up to 5 s.
 */
export function fastFailingRedis(url: string, log: (message: string) => void = console.warn): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 250,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), 5000),
  });
  let lastLogged = 0;
  redis.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastLogged < LOG_EVERY_MS) return;
    lastLogged = now;
    log(`redis: ${err.message}`);
  });
  return redis;
}

/**
 * Resolves once the client is connected, or after `ms` whichever comes first: an instance that starts while Redis is
 * down starts anyway (its throttles fall back), one that starts with Redis up counts there from its first request.
 */
export async function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => {
      onReady = () => resolve(true);
      redis.once('ready', onReady);
    }),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  if (onReady) redis.off('ready', onReady);
  return ready;
}

/**
 * The Redis limiter while Redis answers; on a Redis error, or while the client is not connected, each call is
 * answered by the throttle's policy instead — no call waits on a Redis that is down. Redis is used again as soon as
 * the client reconnects; the counts taken locally meanwhile are not carried over.
 */
export function resilientRateLimiter(redis: Redis, opts: ResilientOptions = {}, prefix = 'rl:'): RateLimiter {
  const shared = redisRateLimiter(redis, prefix);
  const local = opts.local ?? memoryRateLimiter();
  const policyFor = opts.policyFor ?? ((key: string) => redisDownPolicy(key));
  let lastLogged = 0;
  const fellBack = (policy: RedisDownPolicy, err: unknown) => {
    opts.onFallback?.(policy);
    const now = Date.now();
    if (now - lastLogged < LOG_EVERY_MS) return;
    lastLogged = now;
    const why = err instanceof Error ? err.message : `client ${redis.status}`;
    opts.log?.(`rate limiter without Redis (${why}): throttles follow their Redis-down policy`);
  };
  /** The Redis answer, or null when Redis failed (the caller applies the policy). */
  const tryRedis = async <T>(work: () => Promise<T>): Promise<{ value: T } | { err: unknown }> => {
    if (redis.status !== 'ready') return { err: null };
    try {
      return { value: await work() };
    } catch (err) {
      return { err };
    }
  };
  return {
    async hit(key, windowSeconds) {
      const r = await tryRedis(() => shared.hit(key, windowSeconds));
      if ('value' in r) return r.value;
      const policy = policyFor(key);
      fellBack(policy, r.err);
      return policy === 'open' ? { count: 0, resetSeconds: windowSeconds } : local.hit(key, windowSeconds);
    },
    async reserve(key, max, windowSeconds) {
      const r = await tryRedis(() => shared.reserve(key, max, windowSeconds));
      if ('value' in r) return r.value;
      const policy = policyFor(key);
      fellBack(policy, r.err);
      if (policy === 'open') return { ok: true, count: 0, resetSeconds: windowSeconds };
      if (policy === 'closed') return { ok: false, count: max, resetSeconds: CLOSED_RETRY_SECONDS };
      return local.reserve(key, max, windowSeconds);
    },
    async release(key) {
      const r = await tryRedis(() => shared.release(key));
      // A unit taken in Redis before it went down stays taken there until its window ends.
      if (!('value' in r)) await local.release(key);
    },
    async peek(key) {
      const r = await tryRedis(() => shared.peek(key));
      return 'value' in r ? r.value : local.peek(key);
    },
    async reset(key) {
      await tryRedis(() => shared.reset(key));
      // Both: a window counted locally during an outage must not outlive the success that resets it.
      await local.reset(key);
    },
    async close() {
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
    async health() {
      const up =
        redis.status === 'ready' &&
        (await redis.ping().then(
          () => true,
          () => false,
        ));
      return { mode: up ? 'redis' : 'fallback', redis: up ? 'up' : 'down' };
    },
  };
}
