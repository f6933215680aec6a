import { examCalls, idSchema, type ExamView } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, call } from '../../api/client';
import { queryClient, reportError } from '../../api/query-client';

export const examKeys = {
  result: (id: number) => ['exam', 'result', id] as const,
};

/** How often a result whose essay is being judged is read again (the built-in judge takes seconds). */
export const ISSUE_POLL_MS = 3_000;

/**
 * A finished exam does not change any more, but for its essay's judging: while that runs the result is read again
 * every ISSUE_POLL_MS until it reports the score (or a failure).
 */
export const examResultQuery = (id: number) =>
  queryOptions({
    queryKey: examKeys.result(id),
    queryFn: () => call(examCalls.result, { id }, { quiet: true }),
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.data?.result?.issue?.status === 'Judging' ? ISSUE_POLL_MS : false),
  });

export type ExamLoaderData = { state: 'ok'; exam: ExamView } | { state: 'failed' };

const notFound = () => new Response('', { status: 404, statusText: 'Not Found' });

/**
 * Spec §2: exam/{examID} loads before display. The exam is always read fresh (the clock and answers move on); an
 * unknown id or another learner's exam is the route error page's 404; a network failure offers a retry.
 */
export async function examLoader({ params }: LoaderFunctionArgs): Promise<ExamLoaderData> {
  const raw = params.examID ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !idSchema.safeParse(id).success) throw notFound();
  try {
    const exam = await call(examCalls.get, { id });
    // A finished exam opens on its result: start loading it with the page.
    if (exam.status === 'Finished') void queryClient.prefetchQuery(examResultQuery(id));
    return { state: 'ok', exam };
  } catch (err) {
    if (err instanceof ApiError && (err.kind === 'not_found' || err.kind === 'invalid_input')) throw notFound();
    reportError(err);
    return { state: 'failed' };
  }
}
