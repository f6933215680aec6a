import { summaryCalls, type ScoreWindow } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { summaryKeys } from '../home';

/** Under the home page's `summary` prefix, so anything that refreshes today's figures refreshes these too. */
const keys = {
  overall: [...summaryKeys.all, 'overall'] as const,
  windowed: (what: 'exercise' | 'avg' | 'total', window: ScoreWindow) => [...summaryKeys.all, what, window] as const,
};

export const overallQuery = queryOptions({
  queryKey: keys.overall,
  queryFn: () => call(summaryCalls.get, {}),
  staleTime: 30_000,
});

// Switching windows keeps the previous figures on screen until the new ones arrive, so the charts never blank out.
const windowed = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

export const exerciseQuery = (window: ScoreWindow) =>
  queryOptions({
    queryKey: keys.windowed('exercise', window),
    queryFn: () => call(summaryCalls.getExercise, { window }, { quiet: true }),
    ...windowed,
  });

export const avgScoreQuery = (window: ScoreWindow) =>
  queryOptions({
    queryKey: keys.windowed('avg', window),
    queryFn: () => call(summaryCalls.getAvgScore, { window }, { quiet: true }),
    ...windowed,
  });

export const totalScoreQuery = (window: ScoreWindow) =>
  queryOptions({
    queryKey: keys.windowed('total', window),
    queryFn: () => call(summaryCalls.getTotalScore, { window }, { quiet: true }),
    ...windowed,
  });

/**
 * 重新统计近 30 天: the server rebuilds the last 30 days of daily figures from the exam records. Everything under the
 * `summary` prefix is refetched before the mutation settles, so the success message comes with the new figures shown.
 */
export function useRefreshRecent() {
  return useMutation({
    mutationFn: () => call(summaryCalls.refreshRecent, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summaryKeys.all }),
  });
}
