import type { ChangeOp } from './session-send';

// The exam's unacknowledged changes kept on the device (decision 035): a reload, a crash or a closed tab while the
// network is down does not lose them; the next visit of the exam sends them first, in the order they were made.

/** One change waiting for the server; `id` grows with each change, so the store gives them back in order. */
export interface PendingOp {
  id: number;
  op: ChangeOp;
}

/** Where pending changes live: IndexedDB in the browser, a map in tests. Failures never reach the exam. */
export interface PendingStore {
  load(examId: number): Promise<PendingOp[]>;
  put(examId: number, entry: PendingOp): Promise<void>;
  remove(examId: number, id: number): Promise<void>;
}

/**
 * The changes worth keeping across a reload: `start` and `check` are awaited on screen (the learner sees them fail and
 * tries again), and a replayed `start` would be refused as already started.
 */
export const keepsAcrossReload = (op: ChangeOp) =>
  op.type === 'answer' || op.type === 'flag' || op.type === 'move' || op.type === 'finish';

/** Only the latest answer or flag of one question counts; other changes all stay. */
export function supersedeKey(op: ChangeOp): string | null {
  if (op.type === 'answer') return `answer:${op.at.section}:${op.at.question}`;
  if (op.type === 'flag') return `flag:${op.at.section}:${op.at.question}`;
  return null;
}

/**
 * What a reload sends again: the stored changes in order, each answer or flag only in its latest form (nothing is in
 * flight after a reload, so an earlier answer to the same question would only be overwritten). `superseded` are the
 * ids the store can forget.
 */
export function replayPlan(stored: PendingOp[]): { replay: PendingOp[]; superseded: number[] } {
  const sorted = [...stored].sort((a, b) => a.id - b.id);
  const last = new Map<string, number>();
  for (const p of sorted) {
    const key = supersedeKey(p.op);
    if (key) last.set(key, p.id);
  }
  const replay: PendingOp[] = [];
  const superseded: number[] = [];
  for (const p of sorted) {
    const key = supersedeKey(p.op);
    if (key && last.get(key) !== p.id) superseded.push(p.id);
    else replay.push(p);
  }
  return { replay, superseded };
}

/** Keeps nothing: a browser without IndexedDB (or one that refuses it) still has the in-memory queue. */
export const noStore: PendingStore = {
  load: () => Promise.resolve([]),
  put: () => Promise.resolve(),
  remove: () => Promise.resolve(),
};

/** A store in memory with the IndexedDB store's behaviour, for tests of the session (fake-indexeddb is not used). */
export function memoryStore(): PendingStore & { rows: Map<string, PendingOp> } {
  const rows = new Map<string, PendingOp>();
  const k = (examId: number, id: number) => `${examId}:${id}`;
  return {
    rows,
    load: (examId) =>
      Promise.resolve(
        [...rows.entries()]
          .filter(([key]) => key.startsWith(`${examId}:`))
          .map(([, v]) => structuredClone(v))
          .sort((a, b) => a.id - b.id),
      ),
    put: (examId, entry) => {
      rows.set(k(examId, entry.id), structuredClone(entry));
      return Promise.resolve();
    },
    remove: (examId, id) => {
      rows.delete(k(examId, id));
      return Promise.resolve();
    },
  };
}

/** A queued change's place in the store: its id once written (ids are given in write order, after the load). */
export interface Slot {
  id?: number;
}

/**
 * One exam's pending changes in a store, written and deleted in the order the session asks, one at a time: a change's
 * write always lands before its delete, and the load of what a previous visit left comes before both, so new ids
 * follow the old ones.
 */
export class PendingLog {
  private chain: Promise<unknown>;
  private nextId = 1;
  private readonly loaded: Promise<PendingOp[]>;

  constructor(
    private readonly store: PendingStore,
    private readonly examId: number,
  ) {
    this.loaded = store.load(examId).catch(() => []);
    this.chain = this.loaded;
  }

  /** What a previous visit left unacknowledged, in order, superseded answers and flags dropped (and forgotten). */
  async restore(): Promise<{ op: ChangeOp; slot: Slot }[]> {
    const stored = await this.loaded;
    for (const p of stored) this.nextId = Math.max(this.nextId, p.id + 1);
    const { replay, superseded } = replayPlan(stored);
    for (const id of superseded) this.then(() => this.store.remove(this.examId, id));
    return replay.map((p) => ({ op: p.op, slot: { id: p.id } }));
  }

  /** Writes a change that should outlive the page; null for the ones that should not. */
  keep(op: ChangeOp): Slot | null {
    if (!keepsAcrossReload(op)) return null;
    const slot: Slot = {};
    this.then(() => {
      slot.id = this.nextId++;
      return this.store.put(this.examId, { id: slot.id, op });
    });
    return slot;
  }

  /** The server has it (or refused it for good): the device forgets it. */
  forget(slot: Slot | null): void {
    if (!slot) return;
    this.then(() => (slot.id === undefined ? undefined : this.store.remove(this.examId, slot.id)));
  }

  /** Resolves once every write and delete asked for so far is done (tests, and a page about to close). */
  settled(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  private then(step: () => Promise<void> | undefined) {
    this.chain = this.chain.then(step).catch(() => undefined);
  }
}

const DB_NAME = 'gre-exam';
const STORE = 'pending-ops';

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB request failed'));
  });

/**
 * The browser's store: one object store keyed by [exam id, change id], so one exam's changes are one key range, read
 * in key order. Every call swallows its failure (private browsing, a full disk): the exam then works as before,
 * queueing in memory only.
 */
export function indexedDbStore(given?: IDBFactory | null): PendingStore {
  const factory = given === undefined ? globalThis.indexedDB : given;
  if (!factory) return noStore;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => void req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('indexedDB open failed'));
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>, fallback: T) => {
    try {
      const tx = (await db()).transaction(STORE, mode);
      // Written only once the transaction commits: a change reported kept must survive a crash right after.
      const committed = new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('indexedDB transaction failed'));
        tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
      });
      committed.catch(() => undefined);
      const result = await request(work(tx.objectStore(STORE)));
      await committed;
      return result;
    } catch {
      return fallback;
    }
  };
  return {
    load: async (examId) => {
      const range = IDBKeyRange.bound([examId, 0], [examId, Number.MAX_SAFE_INTEGER]);
      const rows = await run('readonly', (s) => s.getAll(range) as IDBRequest<PendingOp[]>, []);
      return rows.sort((a, b) => a.id - b.id);
    },
    put: async (examId, entry) => {
      await run<IDBValidKey>('readwrite', (s) => s.put(entry, [examId, entry.id]), 0);
    },
    remove: async (examId, id) => {
      await run<undefined>('readwrite', (s) => s.delete([examId, id]), undefined);
    },
  };
}
