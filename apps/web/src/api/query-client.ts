import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { browserEffects } from './effects';
import { createErrorCatalogue } from './error-catalogue';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

/** Every failed query and mutation goes through the error catalogue unless it says it handles its own. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err, query) => void (query.meta?.handlesErrors || reportError(err)) }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => void (mutation.meta?.handlesErrors || reportError(err)),
  }),
  defaultOptions: {
    // The catalogue already told the user; retrying a 4xx only repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The catalogue wired to the real page; also used directly by loaders. */
export const reportError: (error: unknown) => void = createErrorCatalogue(browserEffects(queryClient));
