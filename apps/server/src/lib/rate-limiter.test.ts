import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectTestRedis } from '../../test/redis.js';
import { memoryRateLimiter, type RateLimiter } from './rate-limiter.js';

const redis = await connectTestRedis();

function suite(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('counts hits in a window, peeks without counting and resets', async () => {
      const l = make();
      const key = `k-${randomUUID()}`;
      expect((await l.hit(key, 60)).count).toBe(1);
      expect((await l.hit(key, 60)).count).toBe(2);
      expect(await l.peek(key)).toBe(2);
      const third = await l.hit(key, 60);
      expect(third.count).toBe(3);
      expect(third.resetSeconds).toBeGreaterThan(0);
      expect(third.resetSeconds).toBeLessThanOrEqual(60);
      await l.reset(key);
      expect(await l.peek(key)).toBe(0);
    });

    it('reserves at most max units however many ask at once, and releases them', async () => {
      const l = make();
      const key = `r-${randomUUID()}`;
      const all = await Promise.all(Array.from({ length: 100 }, () => l.reserve(key, 7, 60)));
      expect(all.filter((r) => r.ok)).toHaveLength(7);
      // A refused reservation counts nowhere.
      expect(await l.peek(key)).toBe(7);
      expect(all.find((r) => !r.ok)!.resetSeconds).toBeGreaterThan(0);
      await Promise.all([l.release(key), l.release(key)]);
      expect(await l.peek(key)).toBe(5);
      expect((await l.reserve(key, 7, 60)).ok).toBe(true);
    });

    it('releasing a window that does not exist leaves nothing behind', async () => {
      const l = make();
      const key = `gone-${randomUUID()}`;
      await l.release(key);
      expect(await l.peek(key)).toBe(0);
      expect((await l.reserve(key, 1, 60)).ok).toBe(true);
      await l.release(key);
      await l.release(key);
      expect(await l.peek(key)).toBe(0);
      expect((await l.reserve(key, 1, 60)).ok).toBe(true);
    });

    it('hits, reserves and releases in any interleaving keep the count exact', async () => {
      const l = make();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('hit', 'reserve', 'release'), { maxLength: 40 }),
          fc.integer({ min: 1, max: 10 }),
          async (ops, max) => {
            const key = `p-${randomUUID()}`;
            let model = 0;
            for (const op of ops) {
              if (op === 'hit') {
                await l.hit(key, 60);
                model += 1;
              } else if (op === 'reserve') {
                const room = model < max;
                expect((await l.reserve(key, max, 60)).ok).toBe(room);
                if (room) model += 1;
              } else {
                await l.release(key);
                model = Math.max(0, model - 1);
              }
            }
            expect(await l.peek(key)).toBe(model);
          },
        ),
        { numRuns: 25 },
      );
    });

    it('keeps keys apart under concurrent hits', async () => {
      const l = make();
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 30 }), async (keys) => {
          const prefix = randomUUID();
          await Promise.all(keys.map((k) => l.hit(`${prefix}:${k}`, 60)));
          for (const k of ['a', 'b', 'c']) {
            expect(await l.peek(`${prefix}:${k}`)).toBe(keys.filter((x) => x === k).length);
          }
        }),
        { numRuns: 20 },
      );
    });
  });
}

describe('memory window expiry', () => {
  it('starts a new window once the old one ends', async () => {
    let now = 1_000_000;
    const l = memoryRateLimiter(() => now);
    await l.hit('x', 10);
    await l.hit('x', 10);
    now += 10_001;
    expect(await l.peek('x')).toBe(0);
    expect((await l.hit('x', 10)).count).toBe(1);
  });
});

suite('memory limiter', () => memoryRateLimiter());
describe.runIf(redis.up)('redis', () => suite('redis limiter', redis.limiter));
