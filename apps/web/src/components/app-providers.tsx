import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingOverlay } from './overlays/loading-overlay';

/**
 * The light core around the app: React Query and the loading overlay, nothing from antd. antd and its providers
 * come with the routes that use them (AntdLayer), so the exam screen loads without them.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Outside the router so it also covers the first load, before any route renders. */}
      <LoadingOverlay />
    </QueryClientProvider>
  );
}
