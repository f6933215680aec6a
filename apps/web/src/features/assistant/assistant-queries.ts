import { assistantCalls } from '@gre/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Conversations a page of the list shows. */
export const CONVERSATION_PAGE_SIZE = 20;

/** Everything under 'assistant', so an answer or a deletion refreshes the list. */
export const assistantKeys = {
  all: ['assistant'] as const,
  lists: ['assistant', 'list'] as const,
  list: (page: number) => ['assistant', 'list', page] as const,
  one: (id: number) => ['assistant', 'one', id] as const,
  usage: (days: number) => ['assistant', 'usage', days] as const,
};

/** A page of the learner's conversations, the latest first. */
export const conversationListQuery = (page: number) =>
  queryOptions({
    queryKey: assistantKeys.list(page),
    queryFn: () => call(assistantCalls.list, { page, page_size: CONVERSATION_PAGE_SIZE }, { quiet: true }),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** One conversation with its messages, oldest first; the panel says itself that it could not be read. */
export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: assistantKeys.one(id),
    queryFn: () => call(assistantCalls.get, { id }, { quiet: true }),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** Staff: the assistant's use by day, aggregates only. */
export const assistantUsageQuery = (days: number) =>
  queryOptions({
    queryKey: assistantKeys.usage(days),
    queryFn: () => call(assistantCalls.usage, { days }, { quiet: true }),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** Deletes one of the learner's conversations; the list reads again. */
export function useDeleteConversation(onDeleted?: (id: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(assistantCalls.delete, { id }).then(() => id),
    onSuccess: (id) => {
      qc.removeQueries({ queryKey: assistantKeys.one(id) });
      void qc.invalidateQueries({ queryKey: assistantKeys.lists });
      onDeleted?.(id);
    },
  });
}
