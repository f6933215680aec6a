import { ALL_QUESTION_KINDS, DIFFICULTIES, SEARCH_SCOPES, searchCalls, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type SearchRequest = CallRequest<typeof searchCalls.search>;
export const PAGE_SIZE = 20;
const CATEGORY_IDS = [0, 1, 2, 3, 4] as const;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The search lives in the URL (?q=…), so a search can be bookmarked, shared and reloaded; null until there is a query. */
export function searchFromParams(params: URLSearchParams): SearchRequest | null {
  const q = (params.get('q') ?? '').trim().slice(0, 64);
  if (!q) return null;
  const category = Number(params.get('category') ?? 0);
  return {
    q,
    scope: oneOf(params.get('scope'), SEARCH_SCOPES) ?? 'questions',
    category: (CATEGORY_IDS as readonly number[]).includes(category) ? (category as (typeof CATEGORY_IDS)[number]) : 0,
    kind: oneOf(params.get('kind'), ALL_QUESTION_KINDS),
    difficulty: oneOf(params.get('difficulty'), DIFFICULTIES),
    page: Math.max(1, Math.min(100, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
    page_size: PAGE_SIZE,
  };
}

/** URL parameters of a search: defaults left out, so the address stays short. */
export function searchParamsOf(s: Partial<SearchRequest>): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      q: s.q,
      scope: s.scope === 'words' ? 'words' : undefined,
      category: s.category || undefined,
      kind: s.kind,
      difficulty: s.difficulty,
      page: s.page && s.page > 1 ? s.page : undefined,
    })
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

export const searchQuery = (req: SearchRequest) =>
  queryOptions({
    queryKey: ['search', req] as const,
    queryFn: () => call(searchCalls.search, req),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
