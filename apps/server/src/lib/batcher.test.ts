import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A batch runner whose batches finish only when the test releases them. */
function gatedRunner<T>() {
  const batches: { items: T[]; release: () => void }[] = [];
  let inFlight = 0;
  let maxSeen = 0;
  const run = (items: T[]) =>
    new Promise<string[]>((done) => {
      inFlight += 1;
      maxSeen = Math.max(maxSeen, inFlight);
      batches.push({
        items,
        release: () => {
          inFlight -= 1;
          done(items.map((i) => `r:${String(i)}`));
        },
      });
    });
  return { run, batches, maxSeen: () => maxSeen };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Batcher', () => {
  it('runs a lone item at once, and groups the items that arrive while the slots are busy', async () => {
    const g = gatedRunner<number>();
    const b = new Batcher({ run: g.run, maxInFlight: 1, maxSize: 10 });
    const first = b.submit(1);
    expect(g.batches.map((x) => x.items)).toEqual([[1]]);
    const rest = [2, 3, 4].map((n) => b.submit(n));
    expect(g.batches).toHaveLength(1);
    g.batches[0]!.release();
    expect(await first).toBe('r:1');
    await tick();
    expect(g.batches.map((x) => x.items)).toEqual([[1], [2, 3, 4]]);
    g.batches[1]!.release();
    expect(await Promise.all(rest)).toEqual(['r:2', 'r:3', 'r:4']);
  });

  it('drain() resolves at once when idle, else once every waiting and running item is done', async () => {
    const g = gatedRunner<number>();
    const b = new Batcher({ run: g.run, maxInFlight: 1, maxSize: 10 });
    await b.drain();
    const items = [1, 2, 3].map((n) => b.submit(n));
    let drained = false;
    const draining = b.drain().then(() => (drained = true));
    g.batches[0]!.release();
    await tick();
    expect(drained).toBe(false);
    g.batches[1]!.release();
    await draining;
    expect(await Promise.all(items)).toEqual(['r:1', 'r:2', 'r:3']);
  });

  it('never puts two items of one key in a batch, nor one whose key is in flight', async () => {
    const g = gatedRunner<{ k: string; n: number }>();
    const b = new Batcher({ run: g.run, maxInFlight: 2, maxSize: 10, keyOf: (i: { k: string }) => i.k });
    void b.submit({ k: 'a', n: 1 });
    void b.submit({ k: 'a', n: 2 });
    void b.submit({ k: 'b', n: 3 });
    void b.submit({ k: 'a', n: 4 });
    expect(g.batches.map((x) => x.items.map((i) => i.n))).toEqual([[1], [3]]);
    g.batches[0]!.release();
    await tick();
    expect(g.batches.map((x) => x.items.map((i) => i.n))).toEqual([[1], [3], [2]]);
    g.batches[1]!.release();
    g.batches[2]!.release();
    await tick();
    await tick();
    expect(g.batches.map((x) => x.items.map((i) => i.n))).toEqual([[1], [3], [2], [4]]);
  });

  it('fails every item of a batch that throws, and goes on with the next', async () => {
    let calls = 0;
    const b = new Batcher({
      run: async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return items.map((i) => i * 10);
      },
      maxInFlight: 1,
      maxSize: 10,
    });
    const a = b.submit(1);
    const c = b.submit(2);
    await expect(a).rejects.toThrow('boom');
    expect(await c).toBe(20);
  });

  it('whatever the arrivals and timings: each item gets its own result once, in-flight and size bounds hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        async (arrivals, maxInFlight, maxSize) => {
          let inFlight = 0;
          let maxSeen = 0;
          let biggest = 0;
          const b = new Batcher({
            run: async (items: number[]) => {
              inFlight += 1;
              maxSeen = Math.max(maxSeen, inFlight);
              biggest = Math.max(biggest, items.length);
              for (let i = 0; i < (items[0]! % 3) + 1; i += 1) await tick();
              inFlight -= 1;
              return items.map((i) => -i);
            },
            maxInFlight,
            maxSize,
          });
          const results: Promise<number>[] = [];
          for (const [i, [gap]] of arrivals.entries()) {
            for (let w = 0; w < gap; w += 1) await tick();
            results.push(b.submit(i));
          }
          expect(await Promise.all(results)).toEqual(arrivals.map((_, i) => -i));
          expect(maxSeen).toBeLessThanOrEqual(maxInFlight);
          expect(biggest).toBeLessThanOrEqual(maxSize);
        },
      ),
      { numRuns: 60 },
    );
  });
});
