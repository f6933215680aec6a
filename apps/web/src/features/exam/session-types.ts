import type { CallDef, CallRequest, CallResponse, ExamChange, ExamView } from '@gre/contracts';
import type { CallOptions } from '../../api/client';
import type { PendingStore, Slot } from './offline-queue';
import type { ChangeOp } from './session-send';

// The exam session's outward shapes: what it needs (SessionDeps) and what it shows (SessionSnapshot).

export type CallFn = <C extends CallDef>(
  def: C,
  body: CallRequest<C>,
  options?: CallOptions,
) => Promise<CallResponse<C>>;

export interface SessionDeps {
  call: CallFn;
  /** The error catalogue (toasts, dialogs). */
  report: (err: unknown) => void;
  /** Milliseconds of a monotonic clock. */
  now: () => number;
  /** Typed answers (entry boxes, the essay) wait this long for the next keystroke. */
  typingDelayMs?: number;
  /** First wait before a failed save is sent again (doubles up to 10 s). */
  retryDelayMs?: number;
  /** The device's copy of unacknowledged changes (IndexedDB); none: they live in memory only. */
  store?: PendingStore;
  /** `navigator.onLine`: false shows the offline banner before the first send fails. */
  online?: () => boolean;
}

/** The clock as the server last sent it, with the moment it arrived, so the display can run on locally. */
export interface LocalClock {
  section: number;
  used: number;
  remaining: number | null;
  at: number;
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying';

export interface SessionSnapshot {
  /** The server's exam with this device's unacknowledged answers and flags laid over it. */
  exam: ExamView;
  revision: number;
  save: SaveState;
  clock: LocalClock | null;
  network: NetworkState;
}

/** What the offline banner shows: whether sends find no network, and what still waits for it. */
export interface NetworkState {
  offline: boolean;
  /** Changes made on this device the server has not acknowledged yet (typed answers waiting for a pause too). */
  pending: number;
  /** A section submit is among them. */
  finishing: boolean;
}

/** A change in the session's queue. */
export interface Queued {
  op: ChangeOp;
  /** Ops with a key replace a queued (not yet sent) op with the same key: only the latest answer or flag counts. */
  key: string | null;
  staleRetries: number;
  /** Failed sends with a server answer (5xx); an offline send is retried without limit. */
  failures: number;
  /** Its copy on the device (answers, flags, moves, submits), forgotten once the server has it. */
  slot: Slot | null;
  /** Left by an earlier visit of the page: nobody waits for it, and a refusal is not news to the learner. */
  replayed: boolean;
  done: (res: ExamChange | null, err?: unknown) => void;
}
