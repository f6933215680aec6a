// First: zod must be jitless before any contract schema is built (Content-Security-Policy, decision 014).
import './zod-jitless';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bindNavigator } from './api/effects';
import { queryClient } from './api/query-client';
import { AppProviders } from './components/app-providers';
import { BYPASS_KEY, needsMigrationNotice } from './components/overlays/migration';
import { siteConfig } from './config';
import { buildRoutes } from './router';
import './global.css';

const MigrationNotice = lazy(async () => {
  const [{ AntdLayer }, { MigrationNotice: Notice }] = await Promise.all([
    import('./components/antd-layer'),
    import('./components/overlays/migration-notice'),
  ]);
  return {
    default: () => (
      <AntdLayer>
        <Notice />
      </AntdLayer>
    ),
  };
});

const root = createRoot(document.getElementById('root')!);

// Spec §2: on a retired host the migration notice replaces the whole app (pre-auth: no call is made).
if (needsMigrationNotice(window.location.host, siteConfig.oldHosts, localStorage.getItem(BYPASS_KEY), Date.now())) {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Suspense>
          <MigrationNotice />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  );
} else {
  const router = createBrowserRouter(buildRoutes());
  bindNavigator((path) => void router.navigate(path));
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
