import {
  INBOX_BRIEFS,
  mailCalls,
  REMIND_KINDS,
  userCalls,
  type CallRequest,
  type Mail,
  type MailRace,
  type RemindKind,
} from '@gre/contracts';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { setToken } from '../../../api/storage';
import { closeDialog } from '../../../state/ui';
import { fake, fakeServer, makeUser, sentBody } from '../../../test-utils';

/** 2026-11-22 12:00 Shanghai, in Unix seconds. */
export const NOV_22_NOON = Date.UTC(2026, 10, 22, 4) / 1000;

/** The mail tests leave nothing behind: the rendered app, an open dialog, the cache, the stubbed fetch, fake timers. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    act(() => closeDialog());
    queryClient.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

export function makeMail(over: Partial<Mail> & { id: number }): Mail {
  return {
    race: 'remind',
    subject: `信件 ${over.id}`,
    content: '',
    status: 'Inbox',
    link: null,
    created_stamp: NOV_22_NOON - over.id * 60,
    ...over,
  };
}

/** The contract's order: unread first, then newest. */
const byInboxOrder = (a: Mail, b: Mail) =>
  (a.status === 'Inbox' ? 0 : 1) - (b.status === 'Inbox' ? 0 : 1) || b.created_stamp - a.created_stamp;

/**
 * A learner's mailbox as the server keeps it: gets, inbox, mark_read and the reminder settings answer from these
 * mails and change them, so a page sees the counts move as the server would move them.
 */
export class MailWorld {
  mails: Mail[];
  off: RemindKind[] = [];
  readonly marks: CallRequest<typeof mailCalls.inboxMarkRead>[] = [];
  readonly settingsSent: RemindKind[][] = [];

  constructor(mails: Mail[]) {
    this.mails = mails.map((m) => ({ ...m }));
  }

  unread(race?: MailRace): number {
    return this.mails.filter((m) => m.status === 'Inbox' && (race === undefined || m.race === race)).length;
  }

  inbox() {
    const race = (r: MailRace) => {
      const all = this.mails.filter((m) => m.race === r).sort((a, b) => b.created_stamp - a.created_stamp);
      return {
        mails: all.slice(0, INBOX_BRIEFS).map(({ content: _c, ...brief }) => brief),
        has_more: all.length > INBOX_BRIEFS,
        unread: this.unread(r),
      };
    };
    return { remind: race('remind'), notice: race('notice'), unread_count: this.unread() };
  }

  /** Stubs fetch: the user (logged in unless `loggedOut`) and every mail call but the operators'. */
  serve({ loggedOut = false } = {}) {
    if (!loggedOut) setToken('t'.repeat(43));
    return fakeServer(
      fake(userCalls.get, () => ({ data: makeUser() })),
      fake(mailCalls.inboxGet, () => ({ data: this.inbox() })),
      fake(mailCalls.gets, ({ race, status, page = 1, page_size = 20 }) => {
        const rows = this.mails
          .filter((m) => (race === undefined || m.race === race) && (status === undefined || m.status === status))
          .sort(byInboxOrder);
        return {
          data: {
            mails: rows.slice((page - 1) * page_size, page * page_size),
            page_control: { page, page_size, total: rows.length },
            unread_count: this.unread(),
          },
        };
      }),
      fake(mailCalls.inboxMarkRead, (body) => {
        this.marks.push(body);
        const hit = (m: Mail) => (body.ids ? body.ids.includes(m.id) : m.race === body.race);
        let updated = 0;
        this.mails = this.mails.map((m) => {
          if (!hit(m) || m.status === 'Read') return m;
          updated++;
          return { ...m, status: 'Read' };
        });
        return { data: { updated, unread_count: this.unread() } };
      }),
      fake(mailCalls.getSettings, () => ({ data: { off: this.off } })),
      fake(mailCalls.updateSettings, ({ off }) => {
        this.settingsSent.push(off);
        this.off = REMIND_KINDS.filter((k) => off.includes(k));
        return { data: { off: this.off } };
      }),
    );
  }
}

/** The bodies the page sent to `path`, in order. */
export const bodiesTo = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
