import { postCalls } from '@gre/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Queued comments per page of 评论审核. */
export const QUEUE_PAGE_SIZE = 20;

export const operateKeys = {
  queue: ['operate', 'queue'] as const,
  queuePage: (page: number) => ['operate', 'queue', page] as const,
  keywords: ['operate', 'keywords'] as const,
};

export const queueQuery = (page: number) =>
  queryOptions({
    queryKey: operateKeys.queuePage(page),
    queryFn: () => call(postCalls.reviewQueue, { page, page_size: QUEUE_PAGE_SIZE }, { quiet: true }),
    placeholderData: (prev) => prev,
    staleTime: 0,
    meta: { handlesErrors: true },
  });

export const keywordsQuery = queryOptions({
  queryKey: operateKeys.keywords,
  queryFn: () => call(postCalls.getKeywords, {}, { quiet: true }),
  staleTime: 0,
  meta: { handlesErrors: true },
});

export type Moderation =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'remove'; reason: string };

/** 通过, 拒绝 or 删除 one queued comment; the queue is read again after each (another operator may have acted). */
export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (m: Moderation) => {
      if (m.action === 'approve') await call(postCalls.review, { id: m.id, decision: 'approve' });
      else if (m.action === 'reject') await call(postCalls.review, { id: m.id, decision: 'reject', reason: m.reason });
      else await call(postCalls.remove, { id: m.id, reason: m.reason });
      return m;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: operateKeys.queue }),
  });
}

export function useSaveKeywords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) => call(postCalls.setKeywords, { words }),
    onSuccess: (res) => qc.setQueryData(operateKeys.keywords, res),
  });
}
