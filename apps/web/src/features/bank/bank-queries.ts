import { bookCalls, questionCalls, type BookPageKind, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The bank's query keys; a book's list and its opened copy share the `books` prefix so one invalidation covers both. */
export const bankKeys = {
  books: (kind: BookPageKind) => ['books', 'list', kind] as const,
  book: (id: string) => ['books', 'get', id] as const,
  question: (id: string, bookId: string | null) => ['questions', 'get', id, bookId] as const,
  filter: (req: BigFilter) => ['questions', 'filter', req] as const,
  categoryConfig: ['category', 'config'] as const,
};

export type BigFilter = CallRequest<typeof questionCalls.filter>;

export const bookListQuery = (kind: BookPageKind) =>
  queryOptions({ queryKey: bankKeys.books(kind), queryFn: () => call(bookCalls.list, { kind, page: 1, page_size: 50 }), staleTime: 30_000 });

export const bookQuery = (id: string) => queryOptions({ queryKey: bankKeys.book(id), queryFn: () => call(bookCalls.get, { id }), staleTime: 30_000 });

/** One question as the viewer may see it; inside a book the book's access applies (and may withhold the answer). */
export const questionQuery = (id: string, bookId: string | null) =>
  queryOptions({
    queryKey: bankKeys.question(id, bookId),
    queryFn: async () => {
      const { questions } = await call(questionCalls.get, bookId ? { ids: [id], book_id: bookId } : { ids: [id] });
      const q = questions[0];
      if (!q) throw new Error(`question ${id} missing from the answer`);
      return q;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const filterQuery = (req: BigFilter) =>
  queryOptions({ queryKey: bankKeys.filter(req), queryFn: () => call(questionCalls.filter, req), placeholderData: keepPreviousData, staleTime: 30_000 });

/** Categories, kinds and topics with Chinese names: fixed content, loaded once. */
export const categoryConfigQuery = queryOptions({
  queryKey: bankKeys.categoryConfig,
  queryFn: () => call(questionCalls.categoryConfig, {}, { quiet: true }),
  staleTime: Infinity,
});
