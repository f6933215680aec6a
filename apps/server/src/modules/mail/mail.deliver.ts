import type { MailRace } from '@gre/contracts';
import type { Deps } from '../../lib/deps.js';
import { insertMails } from './mail.repository.js';

/** A mail another module sends: a reminder, a notice's copy or a chat mail (a reply to a post or comment). */
export interface NewMail {
  userId: number;
  race: MailRace;
  subject: string;
  /** Plain text for reminders; sanitised HTML for notices and chat (the sender sanitises). */
  content: string;
  link: string | null;
  /** `${kind}:${day}` or `${kind}:${objectId}`: the same occasion reaches a user once. */
  occasion?: string | null;
}

/**
 * Writes `mails` in one multi-row insert; a mail whose occasion the user already has is skipped. Inside a unit of
 * work (`deps.uow`) `deps.database.db` is the unit's transaction, so the mails commit or roll back with the caller's
 * rows. Returns the mails written.
 */
export async function deliverMails(deps: Pick<Deps, 'database' | 'uow'>, list: NewMail[]): Promise<number> {
  return insertMails(
    deps.database.db,
    list.map((m) => ({
      userId: m.userId,
      race: m.race,
      subject: m.subject,
      content: m.content,
      link: m.link,
      occasion: m.occasion ?? null,
    })),
  );
}
