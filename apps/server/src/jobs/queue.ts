import type { Database } from '@gre/db';
import PgBoss from 'pg-boss';
import type { Deps } from '../lib/deps.js';
import type { JobHandler, JobQueue, ScheduleOptions, SendOptions, WorkOptions } from '../lib/job-queue.js';

/**
 * The job queue (pg-boss) on whichever database is live: PGlite through `executeSql`, PostgreSQL through the pool.
 * Jobs are delivered at least once, so every handler is idempotent. Cron schedules run once across all instances.
 */
export async function startQueue(database: Database): Promise<PgBoss> {
  const db: PgBoss.Db = {
    async executeSql(text, values) {
      if (database.pglite) {
        // PGlite's `query` takes one statement; pg-boss sends multi-statement DDL without parameters.
        if (values?.length) return database.pglite.query(text, values);
        const results = await database.pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }
      return database.pool!.query(text, values);
    },
  };
  const boss = new PgBoss({ db, schema: 'pgboss', monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 300 });
  boss.on('error', (err) => console.error('[jobs]', err));
  await boss.start();
  return boss;
}

/**
 * `deps.queue` in the server: pg-boss, started on first use — a send, a handler or a schedule — so an instance that
 * never touches a job pays nothing for it (the first start creates pg-boss's schema, seconds on PGlite).
 */
export class PgBossQueue implements JobQueue {
  private boss: Promise<PgBoss> | null = null;
  /** pg-boss 10 needs a queue created before its first send or handler; once per name per instance. */
  private readonly queues = new Map<string, Promise<void>>();
  private deps: Deps | null = null;

  constructor(
    private readonly database: Database,
    private readonly pollingIntervalSeconds = 2,
  ) {}

  attach(deps: Deps): void {
    this.deps = deps;
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    return (await this.queue(name)).send(name, data, options);
  }

  async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    const boss = await this.queue(name);
    const batchSize = options.batchSize ?? 1;
    await boss.work<T>(name, { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize }, async (jobs) => {
      const deps = this.deps;
      if (!deps) throw new Error('job queue has no Deps: createDeps attaches them');
      const results = await Promise.allSettled(jobs.map((job) => handler(job.data, deps)));
      const failed = jobs.flatMap((job, i) => {
        const r = results[i]!;
        return r.status === 'rejected' ? [{ id: job.id, error: r.reason as unknown }] : [];
      });
      // One job: its failure is the batch's. Several: the failed ones fail (and retry) alone; pg-boss then completes
      // only the jobs still active, the ones that succeeded.
      if (jobs.length === 1 && failed.length === 1) throw failed[0]!.error;
      for (const f of failed) await boss.fail(name, f.id, { message: errorMessage(f.error) });
    });
  }

  async schedule(name: string, cron: string, options: ScheduleOptions = {}): Promise<void> {
    await (await this.queue(name)).schedule(name, cron, {}, options);
  }

  async close(): Promise<void> {
    const started = this.boss;
    this.boss = null;
    this.queues.clear();
    if (started) await (await started).stop({ graceful: true, wait: true });
  }

  /**
   * Jobs waiting per queue this instance has used, for /metrics; empty (no query) while pg-boss has not started, so a
   * scrape never starts it.
   */
  async depths(): Promise<Array<[string, number]>> {
    if (!this.boss) return [];
    const boss = await this.boss;
    return Promise.all(
      [...this.queues.keys()].map(async (name) => [name, await boss.getQueueSize(name)] as [string, number]),
    );
  }

  private started(): Promise<PgBoss> {
    if (!this.boss) {
      const boss = startQueue(this.database);
      this.boss = boss;
      // A start that failed (database briefly away) is retried by the next use instead of being kept.
      boss.catch(() => {
        if (this.boss === boss) this.boss = null;
      });
    }
    return this.boss;
  }

  private async queue(name: string): Promise<PgBoss> {
    const boss = await this.started();
    let created = this.queues.get(name);
    if (!created) {
      created = createQueueRetrying(boss, name);
      this.queues.set(name, created);
      created.catch(() => this.queues.delete(name));
    }
    await created;
    return boss;
  }
}

/**
 * Instances started together create the same queues at the same moment, and PostgreSQL may end one of those
 * transactions as a deadlock victim (40P01, seen with three cluster instances): that one only needs another try.
 */
async function createQueueRetrying(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err;
      await new Promise((done) => setTimeout(done, 50 * attempt + Math.random() * 100));
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
