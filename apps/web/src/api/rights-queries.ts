import { payCalls, quotaCalls } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queries';

// Beside queries.ts rather than in it: every page's first load carries queries.ts (the current user), and these two
// would bring the pay and quota contracts into the exam screen's budget with them (bench:web).

/**
 * The prices in force (fen), for the rights tables and the upgrade dialog: asked once a session, as they change only
 * when an admin saves new ones (the editor then puts its answer here). The payment dialog never shows these: it shows
 * the amount of the trade the server created. A failure shows in place (the table says so), not as a toast.
 */
export const pricesQuery = queryOptions({
  queryKey: queryKeys.prices,
  queryFn: () => call(payCalls.prices, {}, { quiet: true }),
  staleTime: Infinity,
  gcTime: Infinity,
  meta: { handlesErrors: true },
});

/** The role quotas in force, for the same rights tables; asked once a session like the prices. */
export const quotaTableQuery = queryOptions({
  queryKey: queryKeys.quotaTable,
  queryFn: () => call(quotaCalls.table, {}, { quiet: true }),
  staleTime: Infinity,
  gcTime: Infinity,
  meta: { handlesErrors: true },
});
