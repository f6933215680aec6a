import { systemCalls, userCalls, type User } from '@gre/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindNavigator } from '../../api/effects';
import { queryClient } from '../../api/query-client';
import { getToken, setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';

beforeAll(async () => {
  await import('../admin/web-manage-page');
  await import('../admin/system-tab');
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The server: the user while `session.live`, 401 once the session has ended elsewhere. */
function serve(user: User) {
  setToken('t'.repeat(43));
  const session = { live: true };
  const fetch = fakeServer(
    fake(userCalls.get, () => (session.live ? { data: user } : { kind: 'unauthorized' })),
    fake(systemCalls.getSettings, () => ({ data: { maintenance: false, min_api_version: 1 } })),
  );
  const userReads = () => fetch.mock.calls.filter(([p]) => p === userCalls.get.path).length;
  return { session, userReads };
}

const backToTab = () => act(() => void window.dispatchEvent(new Event('focus')));

describe('a session ended elsewhere', { timeout: 30_000 }, () => {
  it('is noticed when the tab comes back into focus: the token is forgotten and login asked for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const { session, userReads } = serve(makeUser({ is_admin: true }));
    const { router } = renderApp('/web_manage?tab=system');
    bindNavigator((path) => void router.navigate(path));
    await screen.findByRole('switch', { name: zh.admin.maintenance });
    const before = userReads();

    session.live = false;
    // Within seconds of the last read a focus asks nothing; later it reads the user again.
    backToTab();
    expect(userReads()).toBe(before);
    vi.setSystemTime(Date.now() + 6_000);
    backToTab();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(userReads()).toBe(before + 1);
    expect(await screen.findByText(zh.errors.unauthorized)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a live session: coming back reads the user afresh (a grant made meanwhile shows) and stays logged in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const { userReads } = serve(makeUser({ is_admin: true }));
    renderApp('/web_manage?tab=system');
    await screen.findByRole('switch', { name: zh.admin.maintenance });
    const before = userReads();
    vi.setSystemTime(Date.now() + 6_000);
    backToTab();
    await waitFor(() => expect(userReads()).toBe(before + 1));
    expect(getToken()).not.toBeNull();
  });
});
