import {
  craftCalls,
  type CallRequest,
  type CallResponse,
  type Craft,
  type CraftSource,
  type CraftUpdateKind,
  type PersonalFilter,
} from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';

/** One `crafts` prefix: any craft update refreshes the personal lists, counts and due reviews together. */
export const personalKeys = {
  all: ['crafts'] as const,
  craft: (questionId: string) => ['crafts', 'get', questionId] as const,
  list: (req: CraftListRequest) => ['crafts', 'list', req] as const,
  summary: ['crafts', 'summary'] as const,
  due: ['crafts', 'due'] as const,
  /** 错题分布: a note's reasons move its counts, so it sits under the prefix craft updates refresh. */
  tree: ['crafts', 'tree'] as const,
  tags: ['collect', 'tags'] as const,
  /** The reason library is fixed per server build: outside `crafts`, so craft updates never refetch it. */
  reasonLib: ['reason-lib'] as const,
};

export type CraftListRequest = CallRequest<typeof craftCalls.list>;
export type CraftListItem = Awaited<ReturnType<typeof fetchList>>['items'][number];

export const PERSONAL_PAGE_SIZE = 20;

const fetchList = (req: CraftListRequest) => call(craftCalls.list, req);

export const craftListQuery = (req: CraftListRequest) =>
  queryOptions({
    queryKey: personalKeys.list(req),
    queryFn: async () => {
      const out = await fetchList(req);
      // The review opens each listed question's craft bar: hand it the craft we already hold.
      for (const item of out.items) queryClient.setQueryData(personalKeys.craft(item.question.id), item.craft);
      return out;
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const summaryQuery = queryOptions({
  queryKey: personalKeys.summary,
  queryFn: () => call(craftCalls.summary, {}),
  staleTime: 10_000,
});

export const dueQuery = queryOptions({
  queryKey: personalKeys.due,
  queryFn: () => call(craftCalls.reviewDue, { limit: 20 }),
  staleTime: 10_000,
});

/** Wrong and noted counts by category → kind → reason (spec §7 /api/review/get_tree). */
export const reviewTreeQuery = queryOptions({
  queryKey: personalKeys.tree,
  queryFn: () => call(craftCalls.reviewTree, {}),
  staleTime: 10_000,
});

/** The reasons a note may pick from, per category (spec §7 /api/craft/get_reason_lib, the call meant for the note editor). */
export const reasonLibQuery = queryOptions({
  queryKey: personalKeys.reasonLib,
  queryFn: () => call(craftCalls.reasonLib, {}, { quiet: true }),
  staleTime: Infinity,
});

export type Reason = CallResponse<typeof craftCalls.reasonLib>['categories'][number]['reasons'][number];

export const tagsQuery = queryOptions({
  queryKey: personalKeys.tags,
  queryFn: () => call(craftCalls.collectGetAll, {}),
  staleTime: 60_000,
});

/** The learner's craft on one question, or null before they marked it. */
export const craftQuery = (questionId: string) =>
  queryOptions({
    queryKey: personalKeys.craft(questionId),
    queryFn: async (): Promise<Craft | null> =>
      (await call(craftCalls.get, { question_ids: [questionId] }, { quiet: true })).crafts[0] ?? null,
    staleTime: 30_000,
  });

export type CraftPatch = CallRequest<typeof craftCalls.updateV2>['craft'];

export interface CraftUpdate {
  kind: CraftUpdateKind;
  craft: CraftPatch;
}

/** Where a question is being marked from, and what to write to the craft of it. */
export interface CraftTarget {
  questionId: string;
  category: number;
  source: Omit<CraftSource, 'update_time_stamp'>;
}

/**
 * One craft update (spec §7 update_v2). The answer is the whole craft as the server now holds it: it replaces the
 * cached one, so a later update starts from what was really saved (never from a stale copy).
 */
export function useCraftUpdate(target: CraftTarget) {
  return useMutation({
    mutationFn: ({ kind, craft }: CraftUpdate) => {
      const current = queryClient.getQueryData<Craft | null>(personalKeys.craft(target.questionId));
      return call(craftCalls.updateV2, {
        update_kind: kind,
        craft_id: current?.id ?? 0,
        question_id: target.questionId,
        craft,
        source: { ...target.source, update_time_stamp: Math.floor(Date.now() / 1000) },
        q_category: target.category,
      });
    },
    onSuccess: ({ craft }) => {
      queryClient.setQueryData(personalKeys.craft(target.questionId), craft);
      void queryClient.invalidateQueries({ queryKey: ['crafts', 'list'] });
      void queryClient.invalidateQueries({ queryKey: personalKeys.summary });
      void queryClient.invalidateQueries({ queryKey: personalKeys.tree });
    },
  });
}

/** The filter part of a personal list request, as the practise button sends it to exam creation. */
export function filterOf(req: CraftListRequest): Omit<PersonalFilter, 'scope'> {
  const { scope: _scope, page: _page, page_size: _size, ...filter } = req;
  return { ...filter, category: filter.category ?? 0 };
}
