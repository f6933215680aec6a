import { INBOX_BRIEFS } from '@gre/contracts';
import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import { inboxRows, inboxRowsOf, type InboxRow } from './mail.repository.js';

/** Briefs read per race: one more than shown tells has_more. */
const TAKE = INBOX_BRIEFS + 1;
/** Look-ups in flight at once (as the gate's session look-up and the trade poll). */
const LOOKUPS_IN_FLIGHT = 3;
/** Inboxes kept in memory: about 2 kB each, the most recently read first to stay. */
const CACHED_INBOXES = 20_000;

interface Cached {
  rev: number;
  rows: InboxRow[];
}

/**
 * The inbox read (`/api/mail/inbox/get`, on every page load for the nav badge), one per Deps (`deps.fast.inbox`).
 * Every write to a user's mails counts up `users.mail_rev` (a trigger, migration 0019), and the gate has just read
 * that users row, so a copy read at that revision or later is the inbox as it stands: it is answered from memory. On
 * every server of a cluster, since the revision lives in the database. Otherwise it is read the way the trade poll is
 * read (decision 011): alone, one prepared statement; concurrent reads share one statement that reads each user's
 * inbox beside the others'. A read still waits for a statement that starts after it arrived, so a mark_read answered
 * before it is seen. Unbatched (FAST_PATHS=off), every read runs the prepared statement alone and nothing is kept.
 */
export class InboxLookup {
  private readonly batcher: Batcher<number, InboxRow[]> | null;
  private readonly cache = new Map<number, Cached>();

  constructor(
    private readonly database: Database,
    batched: boolean,
  ) {
    this.batcher = batched
      ? new Batcher({ run: (userIds) => this.readMany(userIds), maxInFlight: LOOKUPS_IN_FLIGHT, maxSize: 64 })
      : null;
  }

  /** The inbox of `userId`, whose `users.mail_rev` the caller read at `rev` (the gate's row). */
  async read(userId: number, rev: number): Promise<InboxRow[]> {
    if (!this.batcher) return inboxRows(this.database, userId, TAKE);
    const kept = this.cache.get(userId);
    if (kept && kept.rev >= rev) {
      // Map order is insertion order: moving it to the end keeps the most recently read.
      this.cache.delete(userId);
      this.cache.set(userId, kept);
      return kept.rows;
    }
    const rows = await this.batcher.submit(userId);
    this.keep(userId, rows);
    return rows;
  }

  async close(): Promise<void> {
    await this.batcher?.drain();
  }

  private keep(userId: number, rows: InboxRow[]): void {
    const rev = rows.find((r) => r.part === 'rev')?.n;
    if (rev === undefined) return;
    const kept = this.cache.get(userId);
    if (kept && kept.rev >= rev) return;
    this.cache.delete(userId);
    this.cache.set(userId, { rev, rows });
    if (this.cache.size > CACHED_INBOXES) this.cache.delete(this.cache.keys().next().value!);
  }

  private async readMany(userIds: number[]): Promise<InboxRow[][]> {
    if (userIds.length === 1) return [await inboxRows(this.database, userIds[0]!, TAKE)];
    const byUser = await inboxRowsOf(this.database, [...new Set(userIds)], TAKE);
    return userIds.map((id) => byUser.get(id) ?? []);
  }
}
