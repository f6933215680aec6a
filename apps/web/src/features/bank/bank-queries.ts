import { bookCalls, questionCalls, type BookPageKind, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The bank's query keys; a book's list and its opened copy share the `books` prefix so one invalidation covers both. */
export const bankKeys = {
  books: (kind: BookPageKind) => ['books', 'list', kind] as const,
  book: (id: string) => ['books', 'get', id] as const,
  filter: (req: BigFilter) => ['questions', 'filter', req] as const,
};

export type BigFilter = CallRequest<typeof questionCalls.filter>;

export const bookListQuery = (kind: BookPageKind) =>
  queryOptions({
    queryKey: bankKeys.books(kind),
    queryFn: () => call(bookCalls.list, { kind, page: 1, page_size: 50 }),
    staleTime: 30_000,
  });

export const bookQuery = (id: string) =>
  queryOptions({ queryKey: bankKeys.book(id), queryFn: () => call(bookCalls.get, { id }), staleTime: 30_000 });

export const filterQuery = (req: BigFilter) =>
  queryOptions({
    queryKey: bankKeys.filter(req),
    queryFn: () => call(questionCalls.filter, req),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
