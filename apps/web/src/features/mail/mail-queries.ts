import {
  mailCalls,
  mailLinkSchema,
  type CallRequest,
  type CallResponse,
  type MailRace,
  type MailStatus,
} from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useCurrentUser } from '../auth';

export type Inbox = CallResponse<typeof mailCalls.inboxGet>;
type MailList = CallResponse<typeof mailCalls.gets>;

/** The mail feature's query keys: everything under `mail`, so a mark-read refreshes the lists and the badge at once. */
export const mailKeys = {
  all: ['mail'] as const,
  inbox: ['mail', 'inbox'] as const,
  lists: ['mail', 'list'] as const,
  list: (race: MailRace, status: MailStatus | undefined, page: number) => ['mail', 'list', race, status, page] as const,
  settings: ['mail', 'settings'] as const,
  noticeLists: ['mail', 'notices'] as const,
  notices: (page: number) => ['mail', 'notices', page] as const,
  notice: (userId: number, id: number, token: string) => ['mail', 'notice', userId, id, token] as const,
};

/** How often the nav badge asks again while the page is visible (React Query pauses the interval when hidden). */
export const BADGE_REFRESH_MS = 60_000;

/**
 * The inbox: the unread count of every race (the nav badge, the /mail tabs). A background read: quiet (no loading
 * overlay) and without a toast when it fails — the badge just keeps its last count.
 */
export const inboxQuery = queryOptions({
  queryKey: mailKeys.inbox,
  queryFn: () => call(mailCalls.inboxGet, {}, { quiet: true }),
  staleTime: 10_000,
  meta: { handlesErrors: true },
});

/** Unread mails of every race for the logged-in learner, refreshed every minute while visible and on focus; 0 when logged out. */
export function useUnreadCount(): number {
  const user = useCurrentUser();
  const { data } = useQuery({
    ...inboxQuery,
    enabled: user !== null,
    refetchInterval: BADGE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return user === null ? 0 : (data?.unread_count ?? 0);
}

/** Unread mails of each race: remind and notice as the inbox counts them, chat what is left of the total. */
export function unreadByRace(inbox: Inbox | undefined): Record<MailRace, number> {
  if (!inbox) return { remind: 0, notice: 0, chat: 0 };
  const { remind, notice, unread_count } = inbox;
  return {
    remind: remind.unread,
    notice: notice.unread,
    chat: Math.max(0, unread_count - remind.unread - notice.unread),
  };
}

export const MAIL_PAGE_SIZE = 20;

export const mailsQuery = (race: MailRace, status: MailStatus | undefined, page: number) =>
  queryOptions({
    queryKey: mailKeys.list(race, status, page),
    queryFn: () =>
      call(mailCalls.gets, { race, page, page_size: MAIL_PAGE_SIZE, ...(status ? { status } : {}) }, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/**
 * Marks mails read (some by id, or all of a race). The answer's unread count goes to the badge at once and the inbox
 * is read again for the tab counts. Mails marked by id turn read where they are on the page, so an opened mail does
 * not jump away from under the pointer (the order, unread first, follows on the next read of the list); marking a
 * whole race reads the lists again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof mailCalls.inboxMarkRead>) =>
      call(mailCalls.inboxMarkRead, body, { quiet: true }),
    onSuccess: async (answer, body) => {
      queryClient.setQueryData<Inbox>(
        mailKeys.inbox,
        (inbox) => inbox && { ...inbox, unread_count: answer.unread_count },
      );
      if ('ids' in body) {
        const read = new Set(body.ids);
        queryClient.setQueriesData<MailList>(
          { queryKey: mailKeys.lists },
          (list) =>
            list && { ...list, mails: list.mails.map((m) => (read.has(m.id) ? { ...m, status: 'Read' as const } : m)) },
        );
        await queryClient.invalidateQueries({ queryKey: mailKeys.inbox });
      } else {
        await queryClient.invalidateQueries({ queryKey: mailKeys.all });
      }
    },
  });
}

export const settingsQuery = queryOptions({
  queryKey: mailKeys.settings,
  queryFn: () => call(mailCalls.getSettings, {}, { quiet: true }),
});

/** A mail's link as a path inside the site, or null: mails never send the learner off-site, whatever the data says. */
export function inAppPath(link: string | null): string | null {
  return link !== null && mailLinkSchema.safeParse(link).success ? link : null;
}
