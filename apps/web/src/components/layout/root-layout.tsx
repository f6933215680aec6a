import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../../route-table';
import { useStore } from '../../state/store';
import { antdLayerStore } from '../../state/ui';

const OnDemandAntdLayer = lazy(() => import('../antd-layer').then((m) => ({ default: m.OnDemandAntdLayer })));

/**
 * The root of every route, free of antd. The antd routes bring the antd layer in their own layout route; a route
 * without antd (the exam screen) gets it beside the page only once a toast, dialog or the upgrade overlay asks for
 * it, so the page itself never remounts.
 */
export function RootLayout() {
  const light = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.light);
  const wanted = useStore(antdLayerStore);
  return (
    <>
      <Outlet />
      {light && wanted && (
        <Suspense fallback={null}>
          <OnDemandAntdLayer />
        </Suspense>
      )}
    </>
  );
}
