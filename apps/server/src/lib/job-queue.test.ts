import { describe, expect, it } from 'vitest';
import type { Deps } from './deps.js';
import { InProcessQueue } from './job-queue.js';

// The test apps' queue: what a service may rely on of `deps.queue` (decision 017), without pg-boss.

/** Only what these handlers read: the queue hands over whatever createDeps attached. */
const fakeDeps = { env: { NODE_ENV: 'test' } } as unknown as Deps;

function queue(): InProcessQueue {
  const q = new InProcessQueue();
  q.attach(fakeDeps);
  return q;
}

describe('the in-process job queue', () => {
  it('runs a job after the sender has moved on, handing the handler the attached Deps', async () => {
    const q = queue();
    const seen: unknown[] = [];
    await q.work<{ n: number }>('echo', async (data, deps) => {
      seen.push([data.n, deps === fakeDeps]);
    });
    const id = await q.send('echo', { n: 1 });
    // Sending never runs the job inside the sender's call.
    expect(seen).toEqual([]);
    expect(id).toEqual(expect.any(String));
    await q.idle();
    expect(seen).toEqual([[1, true]]);
  });

  it('keeps jobs sent before their handler exists until one is registered', async () => {
    const q = queue();
    await q.send('later', { n: 1 });
    await q.send('later', { n: 2 });
    await q.idle();
    const seen: number[] = [];
    await q.work<{ n: number }>('later', async (data) => {
      seen.push(data.n);
    });
    await q.idle();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('retries a failing job up to its retry limit, then records it as failed', async () => {
    const q = queue();
    let runs = 0;
    await q.work('flaky', async () => {
      runs += 1;
      if (runs < 3) throw new Error(`run ${runs}`);
    });
    await q.send('flaky', {}, { retryLimit: 2 });
    await q.idle();
    expect([runs, q.failed.length]).toEqual([3, 0]);

    await q.work('broken', async () => {
      throw new Error('always');
    });
    await q.send('broken', { id: 7 }, { retryLimit: 1 });
    await q.idle();
    expect(q.failed).toEqual([{ name: 'broken', data: { id: 7 }, error: new Error('always') }]);
  });

  it('drops a send whose singleton key is already waiting or running, and takes it again once that ran', async () => {
    const q = queue();
    const seen: number[] = [];
    await q.work<{ n: number }>('once', async (data) => {
      seen.push(data.n);
    });
    expect(await q.send('once', { n: 1 }, { singletonKey: 'k' })).not.toBeNull();
    expect(await q.send('once', { n: 2 }, { singletonKey: 'k' })).toBeNull();
    expect(await q.send('once', { n: 3 }, { singletonKey: 'other' })).not.toBeNull();
    await q.idle();
    expect(await q.send('once', { n: 4 }, { singletonKey: 'k' })).not.toBeNull();
    await q.idle();
    expect(seen.sort()).toEqual([1, 3, 4]);
  });

  it('idle() waits for the jobs that jobs send; close() waits for them and refuses new sends', async () => {
    const q = queue();
    const seen: string[] = [];
    await q.work('first', async () => {
      seen.push('first');
      await q.send('second', {});
    });
    await q.work('second', async () => {
      seen.push('second');
    });
    await q.send('first', {});
    await q.close();
    expect(seen).toEqual(['first', 'second']);
    await expect(q.send('first', {})).rejects.toThrow(/closed/);
  });
});
