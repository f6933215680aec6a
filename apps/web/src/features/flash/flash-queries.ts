import { flashCalls, type CallResponse, type FlashCreateRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';

/** The flash feature's query keys under one prefix: a create, a finished round or a give-up refreshes them all. */
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

/** Today's long-term review: how many cards are due, of the daily cap. */
export const reviewDueQuery = queryOptions({
  queryKey: flashKeys.reviewDue,
  queryFn: () => call(flashCalls.reviewDue, {}, { quiet: true }),
  staleTime: 30_000,
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
      // A review deck takes today's due cards; the next check must ask again rather than show the old figures.
      queryClient.removeQueries({ queryKey: ['flash', 'check'] });
      void queryClient.invalidateQueries({ queryKey: flashKeys.reviewDue });
      await navigate(`/flash/${flash.id}`);
    },
  });
}
