import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { setToken } from '../../../api/storage';
import { AntdLayer } from '../../../components/antd-layer';
import { AppProviders } from '../../../components/app-providers';
import { closeDialog } from '../../../state/ui';
import { makeUser } from '../../../test-utils';

/** The discussion tests leave nothing behind: the rendered tree, an open dialog, the cache, the stubbed fetch. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    act(() => closeDialog());
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}

/** `node` inside the antd layer (toasts, the dialog host) and a router, as a page holds it, for a logged-in learner. */
export function renderInLayer(node: ReactNode) {
  setToken('t'.repeat(43));
  queryClient.setQueryData(queryKeys.currentUser, makeUser());
  const router = createMemoryRouter([{ path: '*', element: <AntdLayer>{node}</AntdLayer> }], {
    initialEntries: ['/personal/wrongs'],
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
