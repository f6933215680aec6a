/**
 * Many concurrent requests, few statements: an item goes at once when a batch slot is free; otherwise it waits for
 * the next batch, which takes every waiting item (up to `maxSize`). A lone item never waits, and under load each
 * statement (its round trip, its plan, its commit) is shared by many requests.
 *
 * `keyOf` makes keys exclusive: a batch holds at most one item per key and none whose key is already in flight (the
 * exam changes need it; lookups do not).
 */
export interface BatcherOptions<T, R> {
  /** Runs one batch; returns one result per item, in the items' order. */
  run: (items: T[]) => Promise<R[]>;
  maxInFlight: number;
  maxSize: number;
  keyOf?: (item: T) => unknown;
}

interface Pending<T, R> {
  item: T;
  done: (result: R) => void;
  fail: (err: unknown) => void;
}

export class Batcher<T, R> {
  private readonly queue: Pending<T, R>[] = [];
  private readonly busyKeys = new Set<unknown>();
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  constructor(private readonly opts: BatcherOptions<T, R>) {}

  /** Resolves once nothing waits or runs: shutdown lets the last statements finish before the database closes. */
  drain(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  submit(item: T): Promise<R> {
    return new Promise((done, fail) => {
      this.queue.push({ item, done, fail });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.opts.maxInFlight) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.running += 1;
      void this.runBatch(batch).finally(() => {
        this.running -= 1;
        if (this.opts.keyOf) for (const p of batch) this.busyKeys.delete(this.opts.keyOf(p.item));
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  /** The oldest waiting items; with `keyOf`, one per key and none of a key in flight, the rest keep their order. */
  private take(): Pending<T, R>[] {
    const { keyOf, maxSize } = this.opts;
    if (!keyOf) return this.queue.splice(0, maxSize);
    const batch: Pending<T, R>[] = [];
    for (let i = 0; i < this.queue.length && batch.length < maxSize;) {
      const p = this.queue[i]!;
      const key = keyOf(p.item);
      if (this.busyKeys.has(key)) {
        i += 1;
        continue;
      }
      this.busyKeys.add(key);
      batch.push(p);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async runBatch(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await this.opts.run(batch.map((p) => p.item));
      batch.forEach((p, i) => p.done(results[i]!));
    } catch (err) {
      for (const p of batch) p.fail(err);
    }
  }
}
