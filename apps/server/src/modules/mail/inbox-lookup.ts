import { INBOX_BRIEFS } from '@gre/contracts';
import type { Database } from '@gre/db';
import { Batcher } from '../../lib/batcher.js';
import { inboxRows, inboxRowsOf, type InboxRow } from './mail.repository.js';

/** Briefs read per race: one more than shown tells has_more. */
const TAKE = INBOX_BRIEFS + 1;
/** Look-ups in flight at once (as the gate's session look-up and the trade poll). */
const LOOKUPS_IN_FLIGHT = 3;

/**
 * The inbox read (`/api/mail/inbox/get`, on every page load for the nav badge), one per Deps (`deps.fast.inbox`), the
 * way the trade poll is read (decision 011): alone, one prepared statement; concurrent reads share one statement that
 * reads each user's inbox beside the others'. A read still waits for a statement that starts after it arrived, so a
 * mark_read answered before it is seen. Unbatched (FAST_PATHS=off), every read runs the prepared statement alone.
 */
export class InboxLookup {
  private readonly batcher: Batcher<number, InboxRow[]> | null;

  constructor(
    private readonly database: Database,
    batched: boolean,
  ) {
    this.batcher = batched
      ? new Batcher({ run: (userIds) => this.readMany(userIds), maxInFlight: LOOKUPS_IN_FLIGHT, maxSize: 64 })
      : null;
  }

  read(userId: number): Promise<InboxRow[]> {
    return this.batcher ? this.batcher.submit(userId) : inboxRows(this.database, userId, TAKE);
  }

  async close(): Promise<void> {
    await this.batcher?.drain();
  }

  private async readMany(userIds: number[]): Promise<InboxRow[][]> {
    if (userIds.length === 1) return [await inboxRows(this.database, userIds[0]!, TAKE)];
    const byUser = await inboxRowsOf(this.database, [...new Set(userIds)], TAKE);
    return userIds.map((id) => byUser.get(id) ?? []);
  }
}
