import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { redisRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.js';

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A Redis connection for a test file, closed after it. Shared counters are only meaningful against a real Redis:
 * CI sets REQUIRE_REDIS=1 so a missing Redis fails there; on a laptop without Redis, suites guarded by `up` are
 * reported as skipped, never as passed.
 */
export async function connectTestRedis(): Promise<{ redis: Redis; up: boolean; limiter: () => RateLimiter }> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const up = await redis.connect().then(
    () => true,
    () => false,
  );
  if (process.env.REQUIRE_REDIS === '1' && !up) throw new Error(`REQUIRE_REDIS=1 but no Redis at ${redisUrl}`);
  afterAll(async () => {
    if (up) await redis.quit();
  });
  // A fresh prefix per limiter, so runs and files never see each other's counters; close() is the file's, not the limiter's.
  const limiter = () => ({ ...redisRateLimiter(redis, `test:${randomUUID()}:`), close: async () => undefined });
  return { redis, up, limiter };
}
