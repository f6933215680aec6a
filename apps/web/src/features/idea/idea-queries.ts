import { ideaCalls, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type IdeaFilter = CallRequest<typeof ideaCalls.list>;

/** Under the 'idea' prefix, which a content import invalidates. */
export const ideaKeys = {
  list: (filter: IdeaFilter) => ['idea', 'list', filter] as const,
};

/** One page of the prompt library; the previous page stays on screen while a new filter loads. */
export const ideaListQuery = (filter: IdeaFilter) =>
  queryOptions({
    queryKey: ideaKeys.list(filter),
    queryFn: () => call(ideaCalls.list, filter),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
