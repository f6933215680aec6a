import { lazy, Suspense } from 'react';
import { zh } from '../i18n/zh-CN.core';
import { layout, palette } from '../theme';
import { PageSkeleton } from './page-skeleton';

/** The same words with no antd, for when the error page itself cannot load (offline, a deploy replaced the chunks). */
function PlainRouteError() {
  return (
    <main
      style={{
        minHeight: '100vh',
        background: palette.layoutBg,
        padding: layout.gutter,
        textAlign: 'center',
        color: palette.text,
      }}
    >
      <h1>{zh.routeError.title}</h1>
      <p>{zh.routeError.line}</p>
      <a href="/">{zh.common.backHome}</a>
    </main>
  );
}

const RouteErrorScreen = lazy(() =>
  import('./route-error-page').then(
    (m) => ({ default: m.RouteErrorScreen }),
    () => ({ default: PlainRouteError }),
  ),
);

/** The root route's errorElement: the antd error page, loaded when a route first fails. */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={<PageSkeleton fullPage />}>
      <RouteErrorScreen />
    </Suspense>
  );
}
