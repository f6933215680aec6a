import { exportCalls, type DataExport } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export const exportKeys = { list: ['export', 'list'] as const };

const unfinished = (e: DataExport) => e.status === 'Queued' || e.status === 'Running';

/** How often the list is asked again while an export waits or runs. */
export const POLL_MS = 1500;

/** The learner's exports; polled (quietly, no loading overlay) while one of them is not finished. */
export const exportListQuery = queryOptions({
  queryKey: exportKeys.list,
  queryFn: () => call(exportCalls.list, {}, { quiet: true }),
  refetchInterval: (q) => (q.state.data?.exports.some(unfinished) ? POLL_MS : false),
});
