import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { optionalUser, requireUser } from './app-start';
import { PageSkeleton } from './components/page-skeleton';
import { RootLayout } from './components/layout/root-layout';
import { RouteErrorBoundary } from './components/route-error-boundary';
import {
  extraRoutes,
  mountedRoutes,
  navRoutes,
  topLevelRoutes,
  type PageModule,
  type RouteEntry,
  type RouteHandle,
} from './route-table';

/**
 * Chrome-less routes that render without antd: neither antd, its providers nor the word popover load with them;
 * the antd layer (toasts, dialogs, the upgrade overlay) arrives only when one of those has to show. Keeps
 * /exam/{id} within its first-load budget (bench/web-bundle.ts).
 */
const LIGHT_ROUTES: ReadonlySet<string> = new Set(['exam/:examID']);

const isLight = (entry: RouteEntry) => !entry.chrome && LIGHT_ROUTES.has(entry.path);

function toRoute(entry: RouteEntry & { page: () => Promise<PageModule> }): RouteObject {
  const { page, access } = entry;
  const loader = async (args: LoaderFunctionArgs) => {
    const user = access === 'public' ? await optionalUser() : await requireUser();
    if (!entry.loadsData) return { user };
    const mod = await page();
    return mod.loader ? mod.loader(args) : { user };
  };
  const handle: RouteHandle = { access, light: isLight(entry) };
  const lazy = async () => ({ Component: (await page()).Component });
  return entry.path === ''
    ? { index: true, id: 'index', loader, lazy, handle }
    : { path: entry.path, id: entry.path, loader, lazy, handle };
}

/**
 * The data router's route objects: mounted pages only; anything else is the route error page. The root is free of
 * antd; every other page sits under the lazily loaded antd layout (and the nav layout when it has chrome).
 */
export function buildRoutes(): RouteObject[] {
  const all = [...topLevelRoutes, ...extraRoutes, ...navRoutes];
  const mounted = mountedRoutes(all) as (RouteEntry & { page: () => Promise<PageModule> })[];
  const antdPages = mounted.filter((e) => !isLight(e));
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageSkeleton fullPage />,
      children: [
        ...mounted.filter(isLight).map(toRoute),
        {
          id: 'antd',
          lazy: async () => ({ Component: (await import('./components/antd-layer')).AntdRouteLayout }),
          children: [
            ...antdPages.filter((e) => !e.chrome).map(toRoute),
            {
              id: 'nav',
              lazy: async () => ({ Component: (await import('./components/layout/nav-layout')).NavLayout }),
              children: antdPages.filter((e) => e.chrome).map(toRoute),
            },
          ],
        },
      ],
    },
  ];
}
