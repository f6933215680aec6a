import { INBOX_BRIEFS, REMIND_KINDS, type mailCalls, type MailBrief, type RemindKind } from '@gre/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { listMails, markRead, putSettingsOff, settingsOff } from './mail.repository.js';

type Out<C extends { response: z.ZodType }> = z.input<C['response']>;
type In<C extends { request: z.ZodType }> = z.output<C['request']>;
type MailDeps = Pick<Deps, 'database' | 'clock'>;

/** The inbox: the newest briefs of remind and notice, each with has_more and its unread, and every race's unread. */
export async function getInbox(deps: Pick<Deps, 'fast'>, actor: Actor): Promise<Out<typeof mailCalls.inboxGet>> {
  const rows = await deps.fast.inbox.read(actor.user.id, actor.user.mailRev);
  const unread = new Map(rows.filter((r) => r.part === 'unread').map((r) => [r.race, r.n]));
  const race = (name: 'remind' | 'notice') => {
    const briefs: MailBrief[] = rows
      .filter((r) => r.part === name)
      .map((r) => ({
        id: r.id,
        race: r.race,
        subject: r.subject,
        status: r.status,
        link: r.link,
        created_stamp: r.created_stamp,
      }));
    return {
      mails: briefs.slice(0, INBOX_BRIEFS),
      has_more: briefs.length > INBOX_BRIEFS,
      unread: unread.get(name) ?? 0,
    };
  };
  let unreadCount = 0;
  for (const n of unread.values()) unreadCount += n;
  return { remind: race('remind'), notice: race('notice'), unread_count: unreadCount };
}

/** Marks the caller's own mails read; ids of other users' mails (or already read) are passed over, not refused. */
export async function markMailsRead(
  deps: MailDeps,
  actor: Actor,
  body: In<typeof mailCalls.inboxMarkRead>,
): Promise<Out<typeof mailCalls.inboxMarkRead>> {
  // The contract admits exactly one of the two.
  const which = body.ids ? { ids: [...new Set(body.ids)] } : { race: body.race! };
  const { updated, unread } = await markRead(deps.database.db, actor.user.id, which);
  return { updated, unread_count: unread };
}

export async function getMails(
  deps: MailDeps,
  actor: Actor,
  body: In<typeof mailCalls.gets>,
): Promise<Out<typeof mailCalls.gets>> {
  const { page, page_size } = body;
  const { rows, total, unread } = await listMails(
    deps.database.db,
    actor.user.id,
    { race: body.race, status: body.status },
    page_size,
    (page - 1) * page_size,
  );
  return { mails: rows, page_control: { page, page_size, total }, unread_count: unread };
}

/** Kinds stored by an older build but since retired are not reported back. */
const known = (off: string[]): RemindKind[] => REMIND_KINDS.filter((k) => off.includes(k));

export async function getMailSettings(deps: MailDeps, actor: Actor): Promise<Out<typeof mailCalls.getSettings>> {
  return { off: known(await settingsOff(deps.database.db, actor.user.id)) };
}

export async function updateMailSettings(
  deps: MailDeps,
  actor: Actor,
  off: RemindKind[],
): Promise<Out<typeof mailCalls.updateSettings>> {
  const stored = await putSettingsOff(deps.database.db, actor.user.id, known(off), deps.clock.now());
  return { off: known(stored) };
}
