import type { Deps } from './deps.js';

/** What a sender may ask of a job; the pg-boss options of the same names. */
export interface SendOptions {
  /** Seconds before the job may run. */
  startAfter?: number;
  /** While a job of this name and key waits or runs, another send with the key is dropped (returns null). */
  singletonKey?: string;
  /** Runs after a failure before the job counts as failed; pg-boss's default (2) when absent. */
  retryLimit?: number;
  /** Seconds before the first retry; with `retryBackoff` each next one waits twice as long (the test queue retries at once). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * Seconds a run may take before pg-boss fails it (and retries it); also how long a run of a killed process holds
   * the job. The test queue does not time runs out.
   */
  expireInSeconds?: number;
}

/** How a server takes a queue's jobs. */
export interface WorkOptions {
  /**
   * Jobs fetched at once and run side by side (1 by default). pg-boss waits out its polling interval after every
   * fetch, so a queue that must drain fast (essays) takes several per fetch; each job still fails and retries alone.
   */
  batchSize?: number;
}

/** How a schedule reads its cron; pg-boss's option of the same name. */
export interface ScheduleOptions {
  /** The IANA time zone of the cron's hours (UTC when absent): learners' reminders run on Asia/Shanghai's clock. */
  tz?: string;
}

/** A job's work: the job's data and the instance's Deps (delivery is at least once, so handlers are idempotent). */
export type JobHandler<T = unknown> = (data: T, deps: Deps) => Promise<unknown>;

/**
 * `deps.queue` (decision 017): services send jobs through it — after their unit of work commits
 * (`uow.afterCommit`), so a rolled-back request never leaves a job behind — and `jobs/` registers the handlers. A send
 * inside a unit would not be part of its transaction, and on PGlite pg-boss's insert would wait for it to end.
 */
export interface JobQueue {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** A cron schedule that runs once across all instances. */
  schedule(name: string, cron: string, options?: ScheduleOptions): Promise<void>;
  /** Hands over the Deps the handlers receive; createDeps calls it once the Deps exist. */
  attach(deps: Deps): void;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}

interface Job {
  id: string;
  name: string;
  data: object;
  retryLimit: number;
  delayMs: number;
  key: string | null;
}

/**
 * The queue of the test apps: jobs run in this process, soon after they are sent (never inside the sender's call),
 * with the retries a job asks for; `idle()` waits for every job sent so far. It has no schedules (a test runs a
 * scheduled handler itself) and keeps nothing across restarts — pg-boss does that in the server.
 */
export class InProcessQueue implements JobQueue {
  private deps: Deps | null = null;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  /** Jobs sent before their handler was registered, by name. */
  private readonly held = new Map<string, Job[]>();
  private readonly running = new Set<Promise<void>>();
  private readonly keys = new Set<string>();
  private serial = 0;
  private closed = false;
  /** Jobs that failed past their retries, for tests to read. */
  readonly failed: { name: string; data: object; error: unknown }[] = [];
  readonly schedules = new Map<string, { cron: string } & ScheduleOptions>();

  attach(deps: Deps): void {
    this.deps = deps;
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (this.closed) throw new Error(`job queue closed: cannot send ${name}`);
    const key = options.singletonKey === undefined ? null : `${name}\u0000${options.singletonKey}`;
    if (key !== null) {
      if (this.keys.has(key)) return null;
      this.keys.add(key);
    }
    this.serial += 1;
    const job: Job = {
      id: String(this.serial),
      name,
      data,
      retryLimit: options.retryLimit ?? 2,
      delayMs: (options.startAfter ?? 0) * 1000,
      key,
    };
    this.dispatch(job);
    return job.id;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    // The sender and the handler agree on a job's data by its name; the queue only carries it.
    this.handlers.set(name, handler as JobHandler<unknown>);
    const waiting = this.held.get(name) ?? [];
    this.held.delete(name);
    for (const job of waiting) this.dispatch(job);
  }

  async schedule(name: string, cron: string, options: ScheduleOptions = {}): Promise<void> {
    this.schedules.set(name, { cron, ...options });
  }

  /** Resolves once every job sent so far, and every job those sent, has run or failed. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Waits for every job (jobs may still send while it waits), then refuses new sends. */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
  }

  private dispatch(job: Job): void {
    const handler = this.handlers.get(job.name);
    if (!handler) {
      this.held.set(job.name, [...(this.held.get(job.name) ?? []), job]);
      return;
    }
    const run = this.runJob(job, handler).finally(() => {
      this.running.delete(run);
      if (job.key !== null) this.keys.delete(job.key);
    });
    this.running.add(run);
  }

  private async runJob(job: Job, handler: JobHandler<unknown>): Promise<void> {
    // A macrotask later: the sender's own call (and its response) finishes first, as with a real queue.
    await new Promise((resolve) => setTimeout(resolve, job.delayMs));
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (!this.deps) throw new Error('job queue has no Deps: createDeps attaches them');
        await handler(job.data, this.deps);
        return;
      } catch (error) {
        if (attempt >= job.retryLimit) {
          this.failed.push({ name: job.name, data: job.data, error });
          return;
        }
      }
    }
  }
}
