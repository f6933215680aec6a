import type { User } from '@gre/contracts';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { seesHigher } from './access';
import { zh } from './i18n/zh-CN.core';
import { staffRoutes } from './staff-routes';

// The route table apart from the data router (router.tsx): the nav reads its items here, and router.tsx imports the
// layouts that hold the nav, so keeping both in one module made a cycle. Pages are named by path in lazy `import()`s:
// each page stays its own chunk, which a feature's face (index.ts) re-exporting its pages would undo.

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
  /** Shown in the nav only to users this accepts (the route itself stays reachable). */
  navIf?: (user: User) => boolean;
}

const n = zh.nav;

const homePage = () => import('./features/home/home-page').then((m): PageModule => ({ Component: m.HomePage }));

const personalPage =
  (
    name:
      | 'PersonalPage'
      | 'CollectPage'
      | 'WrongsPage'
      | 'NotePage'
      | 'HigherCollectPage'
      | 'HigherWrongsPage'
      | 'HigherNotePage'
      | 'CardPage',
  ) =>
  () =>
    import('./features/personal/personal-page').then((m): PageModule => ({ Component: m[name] }));

const exerciseListPage = () =>
  import('./features/bank/exercise-list-page').then((m): PageModule => ({ Component: m.ExerciseListPage }));
const bankPage = (name: 'HigherPage' | 'SeasonPage' | 'Math2Page' | 'ArchivedPickPage' | 'ArchivedSixTwoPage') => () =>
  import('./features/bank/shelf-pages').then((m): PageModule => ({ Component: m[name] }));

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
  {
    path: 'flash/:flashID',
    loadsData: true,
    access: 'user',
    chrome: true,
    page: () =>
      import('./features/flash/flash-page').then((m): PageModule => ({
        Component: m.FlashPage,
        loader: m.flashLoader,
      })),
  },
  {
    path: 'exam/:examID',
    loadsData: true,
    access: 'user',
    chrome: false,
    page: () =>
      import('./features/exam/exam-page').then((m): PageModule => ({ Component: m.ExamPage, loader: m.examLoader })),
  },
  {
    path: 'report/:bookID',
    loadsData: true,
    access: 'user',
    chrome: true,
    page: () =>
      import('./features/records/report-page').then((m): PageModule => ({
        Component: m.ReportPage,
        loader: m.reportLoader,
      })),
  },
  {
    path: 'debug',
    loadsData: false,
    access: 'public',
    chrome: true,
    page: () => import('./features/debug/debug-page').then((m) => ({ Component: m.DebugPage })),
  },
  // web_manage, unfreeze, freeze, operate, sync: the staff pages (staff-routes.ts).
  ...staffRoutes,
  {
    path: 'agreement',
    loadsData: false,
    access: 'public',
    chrome: false,
    page: () => import('./features/agreement/agreement-page').then((m) => ({ Component: m.AgreementPage })),
  },
  {
    path: 'export',
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/export/export-page').then((m): PageModule => ({ Component: m.ExportPage })),
  },
  {
    path: 'notice/:userID/:id/:token',
    loadsData: false,
    access: 'public',
    chrome: true,
    page: () => import('./features/mail/notice-page').then((m): PageModule => ({ Component: m.NoticePage })),
  },
];

/**
 * Routes the spec does not list, kept apart so the spec's tables stay verbatim (router.test.tsx). The sandbox payment
 * gateway's order page is what the sandbox QR code opens (product.md "Payment"): public, as the payer is usually a
 * phone that is not logged in, and without the nav.
 */
export const extraRoutes: RouteEntry[] = [
  {
    path: 'pay/sandbox/:order',
    loadsData: false,
    access: 'public',
    chrome: false,
    page: () => import('./features/pay/sandbox-page').then((m): PageModule => ({ Component: m.SandboxPayPage })),
  },
  {
    // A question's discussion on a page of its own: where a chat mail's link leads (contracts' discussionPath).
    path: 'discussion/:topicID',
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/posts/discussion-page').then((m): PageModule => ({ Component: m.DiscussionPage })),
  },
  {
    // Spec page source Voucher: where a learner redeems a voucher (/api/voucher/redeem), linked from the user menu and home.
    path: 'voucher',
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/voucher/voucher-page').then((m): PageModule => ({ Component: m.VoucherPage })),
  },
];

/** Spec §2 routes nested under the nav (with its footer). */
export const navRoutes: RouteEntry[] = [
  { path: 'home', label: n.home, loadsData: false, access: 'user', chrome: true, page: homePage },
  {
    path: 'simulate',
    label: n.simulate,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/records/simulate-page').then((m): PageModule => ({ Component: m.SimulatePage })),
  },
  {
    path: 'exercise_list',
    label: n.exercisePick,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: exerciseListPage,
  },
  { path: 'exercise_list/pick', loadsData: false, access: 'user', chrome: true, page: exerciseListPage },
  {
    path: 'exercise_list/big',
    label: n.exerciseBig,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: exerciseListPage,
  },
  {
    path: 'exercise_list/best',
    label: n.exerciseBest,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: exerciseListPage,
  },
  { path: 'higher', label: n.higher, loadsData: false, access: 'user', chrome: true, page: bankPage('HigherPage') },
  { path: 'season', label: n.season, loadsData: false, access: 'user', chrome: true, page: bankPage('SeasonPage') },
  {
    path: 'word',
    label: n.word,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/words/word-page').then((m): PageModule => ({ Component: m.WordPage })),
  },
  {
    path: 'wordbook/:bookID',
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/words/wordbook-page').then((m): PageModule => ({ Component: m.WordBookPage })),
  },
  {
    path: 'search',
    label: n.search,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/search/search-page').then((m): PageModule => ({ Component: m.SearchPage })),
  },
  { path: 'math2', label: n.math2, loadsData: false, access: 'user', chrome: true, page: bankPage('Math2Page') },
  {
    path: 'idea',
    label: n.idea,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/idea/idea-page').then((m): PageModule => ({ Component: m.IdeaPage })),
  },
  {
    path: 'download',
    label: n.download,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/media/download-page').then((m) => ({ Component: m.DownloadPage })),
  },
  {
    path: 'analyze',
    label: n.analyze,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/analyze/analyze-page').then((m): PageModule => ({ Component: m.AnalyzePage })),
  },
  {
    path: 'video/:videoID',
    loadsData: true,
    access: 'user',
    chrome: true,
    page: () => import('./features/media/video-page').then((m) => ({ Component: m.VideoPage, loader: m.videoLoader })),
  },
  {
    path: 'personal',
    label: n.personal,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: personalPage('PersonalPage'),
  },
  { path: 'personal/collect', loadsData: false, access: 'user', chrome: true, page: personalPage('CollectPage') },
  {
    path: 'personal/wrongs',
    label: n.wrongs,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: personalPage('WrongsPage'),
  },
  {
    path: 'personal/note',
    label: n.note,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: personalPage('NotePage'),
  },
  {
    path: 'personal/higher_collect',
    label: n.higherCollect,
    loadsData: false,
    access: 'user',
    chrome: true,
    navIf: seesHigher,
    page: personalPage('HigherCollectPage'),
  },
  {
    path: 'personal/higher_wrongs',
    label: n.higherWrongs,
    loadsData: false,
    access: 'user',
    chrome: true,
    navIf: seesHigher,
    page: personalPage('HigherWrongsPage'),
  },
  {
    path: 'personal/higher_note',
    label: n.higherNote,
    loadsData: false,
    access: 'user',
    chrome: true,
    navIf: seesHigher,
    page: personalPage('HigherNotePage'),
  },
  {
    path: 'personal/card',
    label: n.card,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: personalPage('CardPage'),
  },
  {
    path: 'mail',
    label: n.mail,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/mail/mail-page').then((m): PageModule => ({ Component: m.MailPage })),
  },
  {
    path: 'archived_six_two',
    label: n.archivedSixTwo,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: bankPage('ArchivedSixTwoPage'),
  },
  {
    path: 'archived_pick',
    label: n.archivedPick,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: bankPage('ArchivedPickPage'),
  },
  {
    path: 'record',
    label: n.record,
    loadsData: false,
    access: 'user',
    chrome: true,
    page: () => import('./features/records/record-page').then((m): PageModule => ({ Component: m.RecordPage })),
  },
];

/** Routes whose page exists; only these are mounted. */
export function mountedRoutes(entries: readonly RouteEntry[]): RouteEntry[] {
  return entries.filter((e) => e.page !== undefined);
}

/** Nav items: mounted nav routes with a label (the root is reached through `home`) that the user may see. */
export function navItems(user: User | null = null): { path: string; label: string }[] {
  return mountedRoutes(navRoutes)
    .filter(
      (e): e is RouteEntry & { label: string } =>
        e.label !== undefined && (!e.navIf || (user !== null && e.navIf(user))),
    )
    .map((e) => ({ path: `/${e.path}`, label: e.label }));
}

/** Route handle read by the layouts (useMatches). */
export interface RouteHandle {
  access: Access;
  /** Rendered without antd (see LIGHT_ROUTES in router.tsx). */
  light: boolean;
}
