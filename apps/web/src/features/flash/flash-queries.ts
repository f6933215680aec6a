import { flashCalls, idSchema, type CallResponse, type FlashCreateRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ApiError, call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { reportError } from '../../api/query-client';
import type { Deck } from './flash-session';

/**
 * The flash feature's query keys under one prefix (the word pages keep the deck list and due reviews under it too):
 * a create, a finished round or a give-up refreshes them all.
 */
export const flashKeys = {
  all: ['flash'] as const,
  check: (req: FlashCreateRequest) => ['flash', 'check', req] as const,
  open: (id: number) => ['flash', 'open', id] as const,
  reviewDue: ['flash', 'review_due'] as const,
};

export type CheckCreate = CallResponse<typeof flashCalls.checkCreate>;
export type OpenFlash = CallResponse<typeof flashCalls.openFlash>;

/**
 * What a deck would hold and cost. Asked as the learner changes the form (debounced by the caller); the previous
 * answer stays shown while the next one loads. A failure shows in the dialog, not as a toast.
 */
export const checkCreateQuery = (req: FlashCreateRequest) =>
  queryOptions({
    queryKey: flashKeys.check(req),
    queryFn: () => call(flashCalls.checkCreate, req, { quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** Today's long-term review: how many cards are due, of the daily cap. A failure shows in the card, not as a toast. */
export const reviewDueQuery = queryOptions({
  queryKey: flashKeys.reviewDue,
  queryFn: () => call(flashCalls.reviewDue, {}, { quiet: true }),
  staleTime: 30_000,
  meta: { handlesErrors: true },
});

/**
 * Makes a deck: the answer carries the learner with the coins taken, which replaces the cached user (the balance in
 * the nav and on home changes without a reload), then the deck's page opens. `flash_coin_short` goes to the error
 * catalogue, which opens the flash-quota payment.
 */
export function useCreateFlash(onCreated?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (req: FlashCreateRequest) => call(flashCalls.createFlash, req),
    onSuccess: async ({ flash, user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      onCreated?.();
      // The deck lists and due reviews (here and on /word) read again; the figures of a check are dropped, not
      // refetched: the dialog asking for them has closed.
      queryClient.removeQueries({ queryKey: ['flash', 'check'] });
      void queryClient.invalidateQueries({ queryKey: flashKeys.all });
      await navigate(`/flash/${flash.id}`);
    },
  });
}

/** What the flash route hands its page. */
export type FlashLoaderData = { state: 'ok'; deck: Deck } | { state: 'failed' };

const notFound = () => new Response('', { status: 404, statusText: 'Not Found' });

/** The deck id of the path, or null when it cannot be one. */
export function flashIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return idSchema.safeParse(id).success ? id : null;
}

/** Opens a deck: its current round (the server makes the next one when none runs) and that round's cards. */
export const openFlash = (id: number): Promise<Deck> => call(flashCalls.openFlash, { id });

/**
 * Spec §2: flash/{flashID} loads before display. The deck is read fresh every time (another device may have moved
 * the round on); an unknown id or another learner's deck is the route error page's 404, a network failure a retry.
 */
export async function flashLoader({ params }: LoaderFunctionArgs): Promise<FlashLoaderData> {
  const id = flashIdOf(params.flashID);
  if (id === null) throw notFound();
  try {
    return { state: 'ok', deck: await openFlash(id) };
  } catch (err) {
    if (err instanceof ApiError && (err.kind === 'not_found' || err.kind === 'invalid_input')) throw notFound();
    reportError(err);
    return { state: 'failed' };
  }
}
