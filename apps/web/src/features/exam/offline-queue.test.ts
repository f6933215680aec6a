import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyAnswer } from '../questions';
import { indexedDbStore, memoryStore, PendingLog, replayPlan, type PendingOp } from './offline-queue';

const at = (section: number, question: number) => ({ section, question });
const answer = (id: number, q: number, k: string): PendingOp => ({
  id,
  op: { type: 'answer', at: at(0, q), answer: { ...emptyAnswer(), selects: [k] }, seq: id },
});

/**
 * Just enough of IndexedDB for the store (fake-indexeddb is not installed): requests and the transaction's commit
 * complete on later tasks, as in a browser; keys are [exam, id] arrays.
 */
function idbShim() {
  const rows = new Map<string, { key: [number, number]; value: unknown }>();
  const later = (f: () => void) => setTimeout(f, 0);
  const request = (work: () => unknown) => {
    const req: { result?: unknown; onsuccess?: () => void } = {};
    later(() => {
      req.result = work();
      req.onsuccess?.();
    });
    return req;
  };
  const store = {
    put: (value: unknown, key: [number, number]) =>
      request(() => rows.set(JSON.stringify(key), { key, value: structuredClone(value) }) && key),
    delete: (key: [number, number]) => request(() => void rows.delete(JSON.stringify(key))),
    getAll: (range: { exam: number }) =>
      request(() =>
        [...rows.values()]
          .filter((r) => r.key[0] === range.exam)
          .sort((a, b) => a.key[1] - b.key[1])
          .map((r) => structuredClone(r.value)),
      ),
  };
  const db = {
    createObjectStore: vi.fn(),
    transaction: () => {
      const tx: { oncomplete?: () => void; objectStore: () => typeof store } = { objectStore: () => store };
      later(() => later(() => tx.oncomplete?.()));
      return tx;
    },
  };
  const factory = {
    open: () => {
      const req: { result?: unknown; onupgradeneeded?: () => void; onsuccess?: () => void } = {};
      later(() => {
        req.result = db;
        req.onupgradeneeded?.();
        req.onsuccess?.();
      });
      return req;
    },
  };
  vi.stubGlobal('IDBKeyRange', { bound: (lo: [number, number]) => ({ exam: lo[0] }) });
  return { factory: factory as unknown as IDBFactory, rows, db };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('replayPlan', () => {
  it('keeps the order and only the latest answer or flag of each question', () => {
    const stored: PendingOp[] = [
      answer(3, 0, 'B'),
      answer(1, 0, 'A'),
      { id: 2, op: { type: 'move', at: at(0, 1) } },
      answer(4, 1, 'C'),
      { id: 5, op: { type: 'flag', at: at(0, 0), flagged: true, seq: 5 } },
      { id: 6, op: { type: 'flag', at: at(0, 0), flagged: false, seq: 6 } },
      { id: 7, op: { type: 'finish', section: 0 } },
    ];
    const { replay, superseded } = replayPlan(stored);
    expect(replay.map((p) => p.id)).toEqual([2, 3, 4, 6, 7]);
    expect(superseded).toEqual([1, 5]);
  });
});

describe('PendingLog', () => {
  it('gives new changes ids after the ones a previous visit left, and forgets the superseded ones', async () => {
    const store = memoryStore();
    await store.put(9, answer(5, 0, 'A'));
    await store.put(9, answer(6, 0, 'B'));
    const log = new PendingLog(store, 9);
    const restored = await log.restore();
    expect(restored.map((r) => r.slot.id)).toEqual([6]);
    const slot = log.keep({ type: 'move', at: at(0, 2) });
    expect(log.keep({ type: 'start' })).toBeNull();
    await log.settled();
    expect(slot?.id).toBe(7);
    expect([...(await store.load(9))].map((p) => p.id)).toEqual([6, 7]);
    log.forget(slot);
    await log.settled();
    expect([...(await store.load(9))].map((p) => p.id)).toEqual([6]);
  });
});

describe('indexedDbStore', () => {
  it('writes, reads back in order per exam, and deletes', async () => {
    const { factory, rows, db } = idbShim();
    const store = indexedDbStore(factory);
    await store.put(1, answer(2, 0, 'B'));
    await store.put(1, answer(1, 0, 'A'));
    await store.put(2, answer(1, 3, 'X'));
    expect(db.createObjectStore).toHaveBeenCalledTimes(1);
    expect((await store.load(1)).map((p) => p.id)).toEqual([1, 2]);
    await store.remove(1, 1);
    expect((await store.load(1)).map((p) => p.id)).toEqual([2]);
    expect(rows.size).toBe(2);
  });

  it('without IndexedDB keeps nothing and fails nothing', async () => {
    const store = indexedDbStore(null);
    await store.put(1, answer(1, 0, 'A'));
    expect(await store.load(1)).toEqual([]);
  });
});
