import {
  bookIdSchema,
  examCalls,
  QUOTA_SUBJECT_NAMES,
  quotaSubject,
  type CallResponse,
  type CreateExamRequest,
  type ExamKind,
  type ScoreWindow,
  type SimulateKind,
} from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ApiError, call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { queryClient, reportError } from '../../api/query-client';

/** One `exams` prefix: creating, finishing or deleting an exam refreshes every list and report at once. */
export const recordKeys = {
  all: queryKeys.exams,
  simulate: ['exams', 'simulate'] as const,
  list: (page: number, kind: ExamKind | undefined) => ['exams', 'list', page, kind ?? 'all'] as const,
  report: (bookId: string, window: ScoreWindow) => ['exams', 'report', bookId, window] as const,
};

export const RECORD_PAGE_SIZE = 20;

export const simulateListQuery = queryOptions({
  queryKey: recordKeys.simulate,
  queryFn: () => call(examCalls.simulateList, {}),
  staleTime: 10_000,
});

export const examListQuery = (page: number, kind: ExamKind | undefined) =>
  queryOptions({
    queryKey: recordKeys.list(page, kind),
    queryFn: () =>
      call(examCalls.list, kind ? { page, page_size: RECORD_PAGE_SIZE, kind } : { page, page_size: RECORD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export type Report = CallResponse<typeof examCalls.report>;

export const reportQuery = (bookId: string, window: ScoreWindow) =>
  queryOptions({
    queryKey: recordKeys.report(bookId, window),
    queryFn: () => call(examCalls.report, { book_id: bookId, window }, { quiet: window !== 'all' }),
    staleTime: 30_000,
    // The loader reports the first load's failure itself (and keeps "not found" quiet).
    meta: { handlesErrors: window === 'all' },
  });

/** What the report route hands its page. */
export type ReportLoaderData = { state: 'ok'; bookId: string } | { state: 'not_found' } | { state: 'failed' };

/** Spec §2: report/{bookID} loads before display; an unknown book is the page's "not found", anything else a retry. */
export async function reportLoader({ params }: LoaderFunctionArgs): Promise<ReportLoaderData> {
  const bookId = params.bookID ?? '';
  if (!bookIdSchema.safeParse(bookId).success) return { state: 'not_found' };
  try {
    await queryClient.ensureQueryData(reportQuery(bookId, 'all'));
    return { state: 'ok', bookId };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') return { state: 'not_found' };
    reportError(err);
    return { state: 'failed' };
  }
}

/** The quota subject named by the out-of-quota dialog, from a question category (filling/reading → 语文, …). */
export function subjectOfCategory(category: number): string | undefined {
  const subject = quotaSubject(category);
  return subject ? QUOTA_SUBJECT_NAMES[subject] : undefined;
}

/** A single-subject simulation names its subject; a full one may run out on either, so it names none. */
export function subjectOfSimulate(kind: SimulateKind): string | undefined {
  return kind === 'verbal' || kind === 'quant' ? QUOTA_SUBJECT_NAMES[kind] : undefined;
}

/**
 * Creates an exam and opens it. Refusals (limit, sim_no_perm, day_overflow, role_overflow) are the error catalogue's:
 * `subject` lets the out-of-quota dialog name it. Lists refresh either way, since a refusal may mean the quota moved.
 * `onNothing` is for a caller that shows "nothing to practise" in place: it takes the `not_found` refusal (no question
 * to draw) instead of a toast; every other refusal stays the catalogue's.
 */
export function useCreateExam(onDone?: () => void, onNothing?: () => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ request, subject }: { request: CreateExamRequest; subject?: string }) =>
      call(examCalls.create, request, subject ? { subject } : {}),
    onSuccess: ({ id }) => void navigate(`/exam/${id}`),
    ...(onNothing && {
      meta: { handlesErrors: true },
      onError: (err: Error) => (err instanceof ApiError && err.kind === 'not_found' ? onNothing() : reportError(err)),
    }),
    onSettled: () => {
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: recordKeys.all });
    },
  });
}
