import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { optionalUser, requireUser } from './app-start';
import { NavLayout } from './components/layout/nav-layout';
import { PageSkeleton } from './components/page-skeleton';
import { RootLayout } from './components/layout/root-layout';
import { RouteErrorPage } from './components/route-error-page';
import { zh } from './i18n/zh-CN';

/**
 * Who may open a route. Non-public routes need a logged-in user; staff levels are checked again by the
 * page (which shows a 403 result) and always by the server.
 */
export type Access = 'public' | 'user' | 'operator' | 'admin';

/** A page module: its component and, for routes that load before display, its loader. */
export interface PageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

export interface RouteEntry {
  /** The spec §2 path, relative ('' is the site root). */
  path: string;
  /** Nav label; entries without one (parameterised routes, top-level tools) never show in the nav. */
  label?: string;
  /** Spec §2 "data loaded before display": the page module's loader runs before it shows. */
  loadsData: boolean;
  access: Access;
  /** Inside the nav + footer layout (every route but /login, /agreement and the full-screen exam). */
  chrome: boolean;
  /** Absent until the page exists: such a route is not mounted and falls to the route error page. */
  page?: () => Promise<PageModule>;
}

const n = zh.nav;

const homePage = () => import('./features/home/home-page').then((m): PageModule => ({ Component: m.HomePage }));

/** Spec §2 top-level routes. */
export const topLevelRoutes: RouteEntry[] = [
  { path: '', label: n.home, loadsData: false, access: 'user', chrome: true, page: homePage },
  {
    path: 'login',
    loadsData: false,
    access: 'public',
    chrome: false,
    page: () => import('./features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  { path: 'flash/:flashID', loadsData: true, access: 'user', chrome: true },
  { path: 'exam/:examID', loadsData: true, access: 'user', chrome: false },
  { path: 'report/:bookID', loadsData: true, access: 'user', chrome: true },
  {
    path: 'debug',
    loadsData: false,
    access: 'public',
    chrome: true,
    page: () => import('./features/debug/debug-page').then((m) => ({ Component: m.DebugPage })),
  },
  {
    path: 'web_manage',
    loadsData: false,
    access: 'admin',
    chrome: true,
    page: () => import('./features/admin/web-manage-page').then((m) => ({ Component: m.WebManagePage })),
  },
  { path: 'unfreeze', loadsData: false, access: 'admin', chrome: true },
  { path: 'freeze', loadsData: false, access: 'admin', chrome: true },
  { path: 'operate', loadsData: false, access: 'operator', chrome: true },
  { path: 'sync', loadsData: false, access: 'admin', chrome: true },
  {
    path: 'agreement',
    loadsData: false,
    access: 'public',
    chrome: false,
    page: () => import('./features/agreement/agreement-page').then((m) => ({ Component: m.AgreementPage })),
  },
  { path: 'export', loadsData: false, access: 'user', chrome: true },
  { path: 'notice/:userID/:id/:token', loadsData: false, access: 'public', chrome: true },
];

/** Spec §2 routes nested under the nav (with its footer). */
export const navRoutes: RouteEntry[] = [
  { path: 'home', label: n.home, loadsData: false, access: 'user', chrome: true, page: homePage },
  { path: 'simulate', label: n.simulate, loadsData: false, access: 'user', chrome: true },
  { path: 'exercise_list', label: n.exercisePick, loadsData: false, access: 'user', chrome: true },
  { path: 'exercise_list/pick', loadsData: false, access: 'user', chrome: true },
  { path: 'exercise_list/big', label: n.exerciseBig, loadsData: false, access: 'user', chrome: true },
  { path: 'exercise_list/best', label: n.exerciseBest, loadsData: false, access: 'user', chrome: true },
  { path: 'higher', label: n.higher, loadsData: false, access: 'user', chrome: true },
  { path: 'season', label: n.season, loadsData: false, access: 'user', chrome: true },
  { path: 'word', label: n.word, loadsData: false, access: 'user', chrome: true },
  { path: 'wordbook/:bookID', loadsData: false, access: 'user', chrome: true },
  { path: 'search', label: n.search, loadsData: false, access: 'user', chrome: true },
  { path: 'math2', label: n.math2, loadsData: false, access: 'user', chrome: true },
  { path: 'idea', label: n.idea, loadsData: false, access: 'user', chrome: true },
  { path: 'download', label: n.download, loadsData: false, access: 'user', chrome: true },
  { path: 'analyze', label: n.analyze, loadsData: false, access: 'user', chrome: true },
  { path: 'video/:videoID', loadsData: true, access: 'user', chrome: true },
  { path: 'personal', label: n.personal, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/collect', loadsData: false, access: 'user', chrome: true },
  { path: 'personal/wrongs', label: n.wrongs, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/note', label: n.note, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/higher_collect', label: n.higherCollect, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/higher_wrongs', label: n.higherWrongs, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/higher_note', label: n.higherNote, loadsData: false, access: 'user', chrome: true },
  { path: 'personal/card', label: n.card, loadsData: false, access: 'user', chrome: true },
  { path: 'mail', label: n.mail, loadsData: false, access: 'user', chrome: true },
  { path: 'archived_six_two', label: n.archivedSixTwo, loadsData: false, access: 'user', chrome: true },
  { path: 'archived_pick', label: n.archivedPick, loadsData: false, access: 'user', chrome: true },
  { path: 'record', label: n.record, loadsData: false, access: 'user', chrome: true },
];

/** Routes whose page exists; only these are mounted. */
export function mountedRoutes(entries: readonly RouteEntry[]): RouteEntry[] {
  return entries.filter((e) => e.page !== undefined);
}

/** Nav items: mounted nav routes with a label (the root is reached through `home`). */
export function navItems(): { path: string; label: string }[] {
  return mountedRoutes(navRoutes)
    .filter((e): e is RouteEntry & { label: string } => e.label !== undefined)
    .map((e) => ({ path: `/${e.path}`, label: e.label }));
}

/** Route handle read by the layouts (useMatches). */
export interface RouteHandle {
  access: Access;
}

function toRoute(entry: RouteEntry & { page: () => Promise<PageModule> }): RouteObject {
  const { page, access } = entry;
  const loader = async (args: LoaderFunctionArgs) => {
    const user = access === 'public' ? await optionalUser() : await requireUser();
    if (!entry.loadsData) return { user };
    const mod = await page();
    return mod.loader ? mod.loader(args) : { user };
  };
  const handle: RouteHandle = { access };
  const lazy = async () => ({ Component: (await page()).Component });
  return entry.path === '' ? { index: true, id: 'index', loader, lazy, handle } : { path: entry.path, id: entry.path, loader, lazy, handle };
}

/** The data router's route objects: mounted pages only; anything else is the route error page. */
export function buildRoutes(): RouteObject[] {
  const all = [...topLevelRoutes, ...navRoutes];
  const mounted = mountedRoutes(all) as (RouteEntry & { page: () => Promise<PageModule> })[];
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageSkeleton fullPage />,
      children: [
        ...mounted.filter((e) => !e.chrome).map(toRoute),
        { id: 'nav', element: <NavLayout />, children: mounted.filter((e) => e.chrome).map(toRoute) },
      ],
    },
  ];
}
