import { flashCalls, wordCalls } from '@gre/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { wordKeys, wordInfosQuery } from './word-queries';

/** Words per page of /wordbook/{bookID}. */
export const WORD_BOOK_PAGE_SIZE = 20;

/**
 * Keys of the word pages' own reads. The decks and due reviews sit under the `flash` prefix, so whatever refreshes
 * the flash feature's reads (a deck made, a round finished) refreshes these too.
 */
export const wordPageKeys = {
  details: (bookId: number) => ['words', 'details', bookId] as const,
  detailsPage: (bookId: number, page: number) => ['words', 'details', bookId, page] as const,
  bands: ['words', 'bands'] as const,
  metPage: (page: number) => ['words', 'met', page] as const,
  decks: ['flash', 'list'] as const,
  reviewDue: ['flash', 'review_due'] as const,
};

/**
 * The learner's books on /word: the popover's word-infos cache, read again whenever the page opens (another device
 * may have added words); a failure shows in the section, not as a toast.
 */
export const bookListQuery = (userId: number) =>
  queryOptions({ ...wordInfosQuery(userId), staleTime: 0, refetchOnMount: 'always' });

/**
 * One page of a book with every word's details. An unknown book, or another learner's, is `not_found`: the page
 * says so in place (no toast), as it does for any other failure.
 */
export const bookDetailsQuery = (bookId: number, page: number) =>
  queryOptions({
    queryKey: wordPageKeys.detailsPage(bookId, page),
    queryFn: () =>
      call(wordCalls.getDetailsByBook, { book_id: bookId, page, page_size: WORD_BOOK_PAGE_SIZE }, { quiet: true }),
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === bookId ? prev : undefined),
    meta: { handlesErrors: true },
  });

export const bandsQuery = queryOptions({
  queryKey: wordPageKeys.bands,
  queryFn: () => call(wordCalls.bands, {}, { quiet: true }),
  meta: { handlesErrors: true },
});

/**
 * One page of the words met. The server fixes the page size, so the card asks for one page more while what it holds
 * falls short of `total` (a plain query per page: an infinite query would bring its code into the vendor chunk the
 * exam screen loads first).
 */
export const metPageQuery = (page: number) =>
  queryOptions({
    queryKey: wordPageKeys.metPage(page),
    queryFn: () => call(wordCalls.met, { page }, { quiet: true }),
    meta: { handlesErrors: true },
  });

export const decksQuery = queryOptions({
  queryKey: wordPageKeys.decks,
  queryFn: () => call(flashCalls.list, {}, { quiet: true }),
  meta: { handlesErrors: true },
});

export const reviewDueQuery = queryOptions({
  queryKey: wordPageKeys.reviewDue,
  queryFn: () => call(flashCalls.reviewDue, {}, { quiet: true }),
  meta: { handlesErrors: true },
});

/**
 * After a book changed (words removed or marked, a book made, merged or deleted): the infos the popover reads and
 * every details page of the books concerned are fetched again.
 */
export async function refreshBooks(queryClient: QueryClient, userId: number, ...bookIds: number[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: wordKeys.infos(userId) }),
    ...bookIds.map((id) => queryClient.invalidateQueries({ queryKey: wordPageKeys.details(id) })),
  ]);
}
