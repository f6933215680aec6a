import { questionCalls } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Questions and their category names are read by nearly every feature, the exam screen included: kept antd-free. */
export const questionKeys = {
  question: (id: string, bookId: string | null) => ['questions', 'get', id, bookId] as const,
  categoryConfig: ['category', 'config'] as const,
};

/** One question as the viewer may see it; inside a book the book's access applies (and may withhold the answer). */
export const questionQuery = (id: string, bookId: string | null) =>
  queryOptions({
    queryKey: questionKeys.question(id, bookId),
    queryFn: async () => {
      const { questions } = await call(questionCalls.get, bookId ? { ids: [id], book_id: bookId } : { ids: [id] });
      const q = questions[0];
      if (!q) throw new Error(`question ${id} missing from the answer`);
      return q;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Categories, kinds and topics with Chinese names: fixed content, loaded once. */
export const categoryConfigQuery = queryOptions({
  queryKey: questionKeys.categoryConfig,
  queryFn: () => call(questionCalls.categoryConfig, {}, { quiet: true }),
  staleTime: Infinity,
});
