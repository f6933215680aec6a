import { examCalls, type Answer, type ExamChange, type ExamClock, type ExamItem, type ExamView } from '@gre/contracts';
import { itemKey, replaceItem, type Position } from './exam-model';
import { noStore, PendingLog, supersedeKey } from './offline-queue';
import { isKind, isOffline, isTransient, sendChange, type ChangeOp, type Sent } from './session-send';
import { clockFromChange, clockFromExam, snapshotOf, withAnswer, withFlag, withVisit } from './session-view';
import type { LocalClock, Queued, SessionDeps, SessionSnapshot } from './session-types';

export { clockFromExam } from './session-view';
export type { CallFn, LocalClock, NetworkState, SaveState, SessionDeps, SessionSnapshot } from './session-types';

const MAX_RETRY_MS = 10_000;
const noop = () => undefined;
const MAX_SERVER_FAILURES = 3;

/**
 * One exam on this device: every change goes through one serial queue that carries the server's `revision` (each
 * answer gives the next), answers and flags show at once and are laid over the server's exam until acknowledged.
 * A stale revision reloads the exam and sends the change again; a closed section (time up, submitted elsewhere)
 * reloads and drops what can no longer be saved; a lost connection retries.
 */
export class ExamSession {
  private base: ExamView;
  private revision: number;
  private clock: LocalClock | null;
  private readonly answers = new Map<string, { value: Answer; seq: number }>();
  private readonly flags = new Map<string, { value: boolean; seq: number }>();
  private readonly visits = new Set<string>();
  private readonly typing = new Map<string, { timer: ReturnType<typeof setTimeout>; fire: () => void }>();
  private queue: Queued[] = [];
  private running = false;
  private retrying = false;
  private savedOnce = false;
  private seq = 0;
  private offline: boolean;
  private readonly log: PendingLog;
  /** The changes an earlier visit left are back in the queue: nothing is sent before. Null without a store. */
  private ready: Promise<void> | null;
  /** Ends the wait before the next retry (the browser says the network is back). */
  private wake: (() => void) | null = null;
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(
    exam: ExamView,
    private readonly deps: SessionDeps,
  ) {
    this.base = exam;
    this.revision = exam.revision;
    const open = exam.sections.find((s) => !s.action.finished);
    this.clock = open ? clockFromExam(exam, open.index, deps.now()) : null;
    this.offline = deps.online ? !deps.online() : false;
    this.log = new PendingLog(deps.store ?? noStore, exam.id);
    this.snapshot = this.build();
    this.ready = deps.store ? this.restore() : null;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  get id() {
    return this.base.id;
  }

  /** NotStart → Start: the first section's clock runs. */
  start(): Promise<ExamChange | null> {
    return this.enqueue({ type: 'start' }, null);
  }

  /** Every navigation: the cursor is saved and a question seen for the first time becomes NotAnswered. */
  move(at: Position): void {
    this.visits.add(itemKey(at.section, at.question));
    this.emit();
    void this.enqueue({ type: 'move', at }, null).catch(() => undefined);
  }

  /** Shows the answer now and saves it: at once for choices, after a pause in typing for typed answers. */
  answer(at: Position, answer: Answer, typed: boolean): void {
    const key = itemKey(at.section, at.question);
    const seq = ++this.seq;
    this.answers.set(key, { value: answer, seq });
    this.cancelTyping(key);
    const send = () => {
      this.typing.delete(key);
      void this.enqueue({ type: 'answer', at, answer, seq }, `answer:${key}`).catch(() => undefined);
    };
    if (typed) this.typing.set(key, { timer: setTimeout(send, this.deps.typingDelayMs ?? 400), fire: send });
    else send();
    this.emit();
  }

  flag(at: Position, flagged: boolean): void {
    const key = itemKey(at.section, at.question);
    const seq = ++this.seq;
    this.flags.set(key, { value: flagged, seq });
    this.emit();
    void this.enqueue({ type: 'flag', at, flagged, seq }, `flag:${key}`).catch(() => undefined);
  }

  /**
   * Goes to a question and waits for the server: false when it refused (the daily quota: the error catalogue has
   * said why), so the caller can keep the question closed.
   */
  open(at: Position): Promise<boolean> {
    this.visits.add(itemKey(at.section, at.question));
    this.emit();
    return this.enqueue({ type: 'move', at }, null).then(
      () => true,
      () => false,
    );
  }

  /**
   * Untimed practice: saves this answer and checks it. The server grades and records it, and the item comes back
   * with its answer and explanation when the learner may see them; false when it was refused.
   */
  check(at: Position, answer: Answer): Promise<boolean> {
    const key = itemKey(at.section, at.question);
    this.cancelTyping(key);
    const seq = ++this.seq;
    this.answers.set(key, { value: answer, seq });
    this.emit();
    return this.enqueue({ type: 'check', at, answer, seq }, null).then(
      () => true,
      () => false,
    );
  }

  /** Submits a section after everything typed so far; resolves once the exam is reloaded (section 2's questions). */
  async finishSection(section: number): Promise<void> {
    this.flush();
    try {
      await this.enqueue({ type: 'finish', section }, null);
    } catch (err) {
      // Already submitted (the clock ran out first): the exam was reloaded when the server said so.
      if (!isKind(err, 'exam_finished', 'exam_time_up')) throw err;
    }
  }

  /** The learner is on the exam screen: the server counts the time and may submit a section whose time is up. */
  async heartbeat(at: Position): Promise<void> {
    // Changes still queued go first: a beat could submit a section whose time just ran out before the answers given
    // in time (and waiting for the network) arrive within the grace. The queued calls bring the clock back themselves.
    if (this.queue.length > 0) {
      this.wake?.();
      return;
    }
    try {
      const clock = await this.deps.call(
        examCalls.heartbeat,
        { id: this.base.id, section_index: at.section, question_index: at.question },
        { quiet: true },
      );
      this.setClock(clock);
      this.offline = false;
      if (clock.auto_committed) await this.refetch();
      else this.emit();
    } catch (err) {
      if (isOffline(err)) {
        this.offline = true;
        this.emit();
      } else if (isKind(err, 'exam_finished', 'exam_time_up')) await this.refetch();
      else if (!isTransient(err)) this.deps.report(err);
    }
  }

  /** Sends typed answers that are still waiting for the pause. */
  flush(): void {
    for (const { timer, fire } of [...this.typing.values()]) {
      clearTimeout(timer);
      fire();
    }
  }

  /** Loads the exam again; this device's unacknowledged changes stay laid over it. */
  async refetch(): Promise<void> {
    try {
      const exam = await this.deps.call(examCalls.get, { id: this.base.id }, { quiet: true });
      this.base = exam;
      this.revision = exam.revision;
      const open = exam.sections.find((s) => !s.action.finished);
      if (!open) this.clock = null;
      else if (this.clock?.section !== open.index) this.clock = clockFromExam(exam, open.index, this.deps.now());
    } catch (err) {
      this.deps.report(err);
    }
    this.emit();
  }

  /** Leaving the page: typed answers are sent now, the queue finishes on its own. */
  dispose(): void {
    this.flush();
  }

  /** The browser's word on the network (`online` / `offline` events): back online, the queue is tried at once. */
  setOnline(online: boolean): void {
    if (!online) this.offline = true;
    else if (this.queue.length === 0) this.offline = false;
    this.wake?.();
    this.emit();
  }

  /** Every write and delete of the device's copy asked for so far is done (tests). */
  settled(): Promise<void> {
    return this.log.settled();
  }

  /** The changes an earlier visit left on the device go first, shown at once as if just made. */
  private async restore(): Promise<void> {
    const restored = await this.log.restore();
    if (restored.length === 0) return;
    const replayed: Queued[] = restored.map(({ op, slot }) => {
      const shown = this.layOver(op);
      return { op: shown, key: supersedeKey(shown), staleRetries: 0, failures: 0, slot, replayed: true, done: noop };
    });
    this.queue = [...replayed, ...this.queue];
    this.emit();
    void this.pump();
  }

  /** A restored change on screen; an answer or flag given since the page loaded stays the one shown. */
  private layOver(op: ChangeOp): ChangeOp {
    if (op.type === 'move') this.visits.add(itemKey(op.at.section, op.at.question));
    if (op.type === 'answer' || op.type === 'flag') {
      const key = itemKey(op.at.section, op.at.question);
      const seq = ++this.seq;
      if (op.type === 'answer' && !this.answers.has(key)) this.answers.set(key, { value: op.answer, seq });
      if (op.type === 'flag' && !this.flags.has(key)) this.flags.set(key, { value: op.flagged, seq });
      return { ...op, seq };
    }
    return op;
  }

  private cancelTyping(key: string) {
    const t = this.typing.get(key);
    if (t) clearTimeout(t.timer);
    this.typing.delete(key);
  }

  private enqueue(op: ChangeOp, key: string | null): Promise<ExamChange | null> {
    return new Promise((resolve, reject) => {
      // The op's own failure is passed on as it came, whatever the API client threw.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      const done = (res: ExamChange | null, err?: unknown) => (err === undefined ? resolve(res) : reject(err));
      // The op at the head may be in flight; only later ones are replaced.
      const same = key === null ? -1 : this.queue.findIndex((q, i) => i > 0 && q.key === key);
      const entry: Queued = { op, key, staleRetries: 0, failures: 0, slot: this.log.keep(op), replayed: false, done };
      if (same >= 0) {
        const old = this.queue[same]!;
        this.log.forget(old.slot);
        old.done(null);
        this.queue[same] = entry;
      } else this.queue.push(entry);
      this.emit();
      void this.pump();
    });
  }

  private send(op: ChangeOp): Promise<Sent> {
    return sendChange(this.deps.call, { id: this.base.id, revision: this.revision }, op);
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.ready) {
      await this.ready;
      this.ready = null;
    }
    let delay = this.deps.retryDelayMs ?? 1000;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      try {
        const sent = await this.send(head.op);
        this.queue.shift();
        this.log.forget(head.slot);
        this.retrying = false;
        this.offline = false;
        delay = this.deps.retryDelayMs ?? 1000;
        await this.acknowledge(head.op, sent.change, sent.item);
        head.done(sent.change);
      } catch (err) {
        if (isKind(err, 'stale_revision') && head.staleRetries < 2) {
          // Another tab or device changed the exam: take its state and send this change on top of it.
          head.staleRetries += 1;
          if (head.staleRetries === 1) this.deps.report(err);
          await this.refetch();
        } else if (isTransient(err) && head.failures < MAX_SERVER_FAILURES) {
          // Offline and maintenance last as long as they last; a failing server gets a few tries.
          if (isOffline(err)) this.offline = true;
          else if (!isKind(err, 'server_upgrading')) head.failures += 1;
          // The upgrade overlay is the catalogue's to show; lost connections only show in the save indicator.
          if (!this.retrying && isKind(err, 'server_upgrading', 'internal')) this.deps.report(err);
          this.retrying = true;
          this.emit();
          const woken = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), delay);
            this.wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          this.wake = null;
          delay = woken ? (this.deps.retryDelayMs ?? 1000) : Math.min(delay * 2, MAX_RETRY_MS);
        } else {
          await this.drop(head, err);
        }
      }
    }
    this.running = false;
    this.emit();
  }

  /** A change the server refused: it and whatever else can no longer be saved leave the queue, the view shows the server. */
  private async drop(head: Queued, err: unknown): Promise<void> {
    this.retrying = false;
    const closed = isKind(err, 'exam_time_up', 'exam_finished');
    const gone = closed ? this.queue.filter((q) => q.op.type !== 'start') : [head];
    this.queue = this.queue.filter((q) => !gone.includes(q));
    for (const q of gone) {
      this.forget(q.op);
      this.log.forget(q.slot);
      q.done(null, q === head ? err : undefined);
    }
    if (!(closed && head.op.type === 'finish') && !head.replayed) this.deps.report(err);
    if (closed) await this.refetch();
    else this.emit();
  }

  private forget(op: ChangeOp) {
    if (op.type === 'answer' || op.type === 'check') {
      const key = itemKey(op.at.section, op.at.question);
      if (this.answers.get(key)?.seq === op.seq) this.answers.delete(key);
    }
    if (op.type === 'flag') {
      const key = itemKey(op.at.section, op.at.question);
      if (this.flags.get(key)?.seq === op.seq) this.flags.delete(key);
    }
  }

  private async acknowledge(op: ChangeOp, res: ExamChange, checked?: ExamItem): Promise<void> {
    this.revision = res.revision;
    this.savedOnce = this.savedOnce || op.type === 'answer' || op.type === 'flag' || op.type === 'check';
    let exam: ExamView = { ...this.base, status: res.status, revision: res.revision };
    if (op.type === 'move') {
      this.visits.delete(itemKey(op.at.section, op.at.question));
      exam = { ...withVisit(exam, op.at), cursor: { section_index: op.at.section, question_index: op.at.question } };
    }
    if (op.type === 'answer') exam = withAnswer(exam, op.at, op.answer);
    if (op.type === 'flag') exam = withFlag(exam, op.at, op.flagged);
    if (op.type === 'check' && checked) exam = replaceItem(exam, op.at, checked);
    if (op.type === 'answer' || op.type === 'flag' || (op.type === 'check' && checked)) this.forget(op);
    this.base = exam;
    this.setClock(res.clock);
    if (res.clock.auto_committed || op.type === 'finish') await this.refetch();
    else this.emit();
  }

  private setClock(clock: ExamClock) {
    this.clock = clockFromChange(clock, this.deps.now());
  }

  private build(): SessionSnapshot {
    return snapshotOf({
      base: this.base,
      visits: this.visits,
      answers: this.answers,
      flags: this.flags,
      queue: this.queue,
      typing: this.typing.size,
      retrying: this.retrying,
      savedOnce: this.savedOnce,
      revision: this.revision,
      clock: this.clock,
      offline: this.offline,
    });
  }

  private emit() {
    this.snapshot = this.build();
    for (const l of this.listeners) l();
  }
}
