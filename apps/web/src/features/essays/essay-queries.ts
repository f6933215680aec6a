import { essayCalls, type Essay } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

/** How often a screen showing an essay being judged asks again (the built-in judge takes seconds). */
export const ESSAY_POLL_MS = 3_000;

/** Essays a page of 我的作文 and of the teachers' queue shows. */
export const ESSAY_PAGE_SIZE = 20;

/** Everything under 'essay', so a judging asked for or a grade given refreshes every list that shows the essay. */
export const essayKeys = {
  all: ['essay'] as const,
  lists: ['essay', 'list'] as const,
  list: (page: number) => ['essay', 'list', page] as const,
  one: (id: number) => ['essay', 'one', id] as const,
  queues: ['essay', 'queue'] as const,
  queue: (page: number, flaggedOnly: boolean) => ['essay', 'queue', page, flaggedOnly] as const,
};

const judging = (status: string | undefined) => (status === 'Judging' ? ESSAY_POLL_MS : false);

/** One page of the learner's essays, newest first; read again every few seconds while one of them is being judged. */
export const essayListQuery = (page: number) =>
  queryOptions({
    queryKey: essayKeys.list(page),
    queryFn: () => call(essayCalls.list, { page, page_size: ESSAY_PAGE_SIZE }, { quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.items.some((e) => e.status === 'Judging') ? ESSAY_POLL_MS : false),
    meta: { handlesErrors: true },
  });

/** One essay with its judging; polled while Judging. The screens say themselves that it could not be read. */
export const essayQuery = (id: number) =>
  queryOptions({
    queryKey: essayKeys.one(id),
    queryFn: () => call(essayCalls.get, { id }, { quiet: true }).then((r) => r.essay),
    staleTime: 0,
    refetchInterval: (q) => judging(q.state.data?.status),
    meta: { handlesErrors: true },
  });

/** A page of the teachers' queue: judged essays no teacher has graded, flagged ones first. */
export const essayQueueQuery = (page: number, flaggedOnly: boolean) =>
  queryOptions({
    queryKey: essayKeys.queue(page, flaggedOnly),
    queryFn: () =>
      call(essayCalls.queue, { page, page_size: ESSAY_PAGE_SIZE, flagged_only: flaggedOnly }, { quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/** Stores the essay a call answered where its screens read it, and has every list read again. */
function useStoreEssay() {
  const qc = useQueryClient();
  return (essay: Essay) => {
    qc.setQueryData(essayKeys.one(essay.id), essay);
    void qc.invalidateQueries({ queryKey: essayKeys.lists });
    void qc.invalidateQueries({ queryKey: essayKeys.queues });
  };
}

/**
 * 申请批改 / 重新批改: asks for an Empty or Failed essay to be judged. A quota refusal (`day_overflow`, `limit`) goes
 * to the error catalogue, whose dialog states the essay allowance; `onJudging` lets a caller refresh what else shows it.
 */
export function useJudgeEssay(onJudging?: (essay: Essay) => void) {
  const store = useStoreEssay();
  return useMutation({
    mutationFn: (id: number) => call(essayCalls.judge, { id }).then((r) => r.essay),
    onSuccess: (essay) => {
      store(essay);
      onJudging?.(essay);
    },
  });
}

/** A teacher's score and comment (the server mails the learner); the essay leaves the queue. */
export function useGradeEssay() {
  const store = useStoreEssay();
  return useMutation({
    mutationFn: (body: { id: number; score: number; comment: string }) =>
      call(essayCalls.grade, body).then((r) => r.essay),
    onSuccess: store,
  });
}
