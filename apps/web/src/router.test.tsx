import { userCalls } from '@gre/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from './api/query-client';
import { setToken } from './api/storage';
import { zh } from './i18n/zh-CN';
import { mountedRoutes, navItems, navRoutes, topLevelRoutes } from './route-table';
import { fake, fakeServer, makeUser, renderApp } from './test-utils';

// The first import of a page compiles antd in the test runner (seconds); do it once up front so the
// assertions below run with the default timeouts.
beforeAll(async () => {
  await Promise.all(mountedRoutes([...topLevelRoutes, ...navRoutes]).flatMap((r) => (r.page ? [r.page()] : [])));
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Spec §2, verbatim. */
const SPEC_TOP = [
  '',
  'login',
  'flash/:flashID',
  'exam/:examID',
  'report/:bookID',
  'debug',
  'web_manage',
  'unfreeze',
  'freeze',
  'operate',
  'sync',
  'agreement',
  'export',
  'notice/:userID/:id/:token',
];
const SPEC_NAV = [
  'home',
  'simulate',
  'exercise_list',
  'exercise_list/pick',
  'exercise_list/big',
  'exercise_list/best',
  'higher',
  'season',
  'word',
  'wordbook/:bookID',
  'search',
  'math2',
  'idea',
  'download',
  'analyze',
  'video/:videoID',
  'personal',
  'personal/collect',
  'personal/wrongs',
  'personal/note',
  'personal/higher_collect',
  'personal/higher_wrongs',
  'personal/higher_note',
  'personal/card',
  'mail',
  'archived_six_two',
  'archived_pick',
  'record',
];

describe('route table (spec §2)', () => {
  it('lists every top-level and nav route exactly once', () => {
    expect(topLevelRoutes.map((r) => r.path)).toEqual(SPEC_TOP);
    expect(navRoutes.map((r) => r.path)).toEqual(SPEC_NAV);
  });

  it('marks exactly flash, exam, report and video as loading data before display', () => {
    const loading = [...topLevelRoutes, ...navRoutes].filter((r) => r.loadsData).map((r) => r.path);
    expect(loading).toEqual(['flash/:flashID', 'exam/:examID', 'report/:bookID', 'video/:videoID']);
  });

  it('mounts only routes whose page exists, and the nav lists only those', () => {
    const mounted = mountedRoutes([...topLevelRoutes, ...navRoutes]).map((r) => r.path);
    expect(mounted).toEqual([
      '',
      'login',
      'flash/:flashID',
      'exam/:examID',
      'report/:bookID',
      'debug',
      'web_manage',
      'unfreeze',
      'freeze',
      'operate',
      'sync',
      'agreement',
      'export',
      'notice/:userID/:id/:token',
      'home',
      'simulate',
      'exercise_list',
      'exercise_list/pick',
      'exercise_list/big',
      'exercise_list/best',
      'higher',
      'season',
      'word',
      'wordbook/:bookID',
      'search',
      'math2',
      'idea',
      'download',
      'analyze',
      'video/:videoID',
      'personal',
      'personal/collect',
      'personal/wrongs',
      'personal/note',
      'personal/higher_collect',
      'personal/higher_wrongs',
      'personal/higher_note',
      'personal/card',
      'mail',
      'archived_six_two',
      'archived_pick',
      'record',
    ]);
    const n = zh.nav;
    expect(navItems()).toEqual([
      { path: '/home', label: n.home },
      { path: '/simulate', label: n.simulate },
      { path: '/exercise_list', label: n.exercisePick },
      { path: '/exercise_list/big', label: n.exerciseBig },
      { path: '/exercise_list/best', label: n.exerciseBest },
      { path: '/higher', label: n.higher },
      { path: '/season', label: n.season },
      { path: '/word', label: n.word },
      { path: '/search', label: n.search },
      { path: '/math2', label: n.math2 },
      { path: '/idea', label: n.idea },
      { path: '/download', label: n.download },
      { path: '/analyze', label: n.analyze },
      { path: '/personal', label: n.personal },
      { path: '/personal/wrongs', label: n.wrongs },
      { path: '/personal/note', label: n.note },
      { path: '/personal/card', label: n.card },
      { path: '/mail', label: n.mail },
      { path: '/archived_six_two', label: n.archivedSixTwo },
      { path: '/archived_pick', label: n.archivedPick },
      { path: '/record', label: n.record },
    ]);
  });

  it('keeps /login, /agreement and the exam screen out of the nav layout', () => {
    const bare = [...topLevelRoutes, ...navRoutes].filter((r) => !r.chrome).map((r) => r.path);
    expect(bare).toEqual(['login', 'exam/:examID', 'agreement']);
  });
});

describe('routing', () => {
  it('an unknown path shows the route error page with a full-reload link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText(zh.routeError.title)).toBeTruthy();
    expect(screen.getByText(zh.routeError.line)).toBeTruthy();
    expect(screen.getByRole('link', { name: zh.common.backHome }).getAttribute('href')).toBe('/');
  });

  it('app start without a token goes to /login', async () => {
    const fetch = fakeServer();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('tab', { name: zh.login.tabs.reset })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('app start with a token fetches the user and shows home inside nav and footer', async () => {
    setToken('t'.repeat(43));
    const fetch = fakeServer(fake(userCalls.get, () => ({ data: makeUser() })));
    renderApp('/');
    expect(await screen.findByText(/小明/, { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText(zh.footer.contact)).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === userCalls.get.path)).toHaveLength(1);
  });

  it('a failed user fetch says so and goes to /login', async () => {
    setToken('t'.repeat(43));
    fakeServer(fake(userCalls.get, () => ({ kind: 'unauthorized' })));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(zh.errors.userFetchFailed)).toBeTruthy();
    expect(localStorage.getItem('gre.token')).toBeNull();
  });

  it('/agreement is public and has neither nav nor footer', async () => {
    renderApp('/agreement');
    expect(await screen.findByRole('heading', { name: zh.agreement.title })).toBeTruthy();
    expect(screen.queryByText(zh.footer.contact)).toBeNull();
  });
});
