import type { PageModule, RouteEntry } from './route-table';

/**
 * Spec §2's staff pages (admins; operators and teachers for /operate), apart from the learners' route table, which
 * spreads them in at their place in the spec's order. Each page stays a lazy chunk of its own: no learner's first load
 * carries the consoles.
 */
export const staffRoutes: RouteEntry[] = [
  {
    path: 'web_manage',
    loadsData: false,
    access: 'admin',
    chrome: true,
    page: () => import('./features/admin/web-manage-page').then((m) => ({ Component: m.WebManagePage })),
  },
  {
    path: 'unfreeze',
    loadsData: false,
    access: 'admin',
    chrome: true,
    page: () => import('./features/admin/freeze-page').then((m): PageModule => ({ Component: m.UnfreezePage })),
  },
  {
    path: 'freeze',
    loadsData: false,
    access: 'admin',
    chrome: true,
    page: () => import('./features/admin/freeze-page').then((m): PageModule => ({ Component: m.FreezePage })),
  },
  {
    path: 'operate',
    loadsData: false,
    access: 'operator',
    chrome: true,
    page: () => import('./features/operate/operate-page').then((m): PageModule => ({ Component: m.OperatePage })),
  },
  {
    path: 'sync',
    loadsData: false,
    access: 'admin',
    chrome: true,
    page: () => import('./features/admin/sync-page').then((m) => ({ Component: m.SyncPage })),
  },
];
