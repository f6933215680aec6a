import { userCalls } from '@gre/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';

beforeAll(async () => {
  await Promise.all([import('./login-page'), import('../home/home-page')]);
}, 60_000);

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/login', { timeout: 30_000 }, () => {
  it('a logged-in user is sent home, and the login page is not left in the history', async () => {
    setToken('t'.repeat(43));
    fakeServer(fake(userCalls.get, () => ({ data: makeUser() })));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('tab', { name: zh.login.tabs.login })).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('without a token, or with one the server no longer takes, the forms show', async () => {
    fakeServer();
    const first = renderApp('/login');
    expect(await screen.findByRole('tab', { name: zh.login.tabs.register })).toBeTruthy();
    expect(first.router.state.location.pathname).toBe('/login');
    first.unmount();

    setToken('t'.repeat(43));
    fakeServer(fake(userCalls.get, () => ({ kind: 'unauthorized' })));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('tab', { name: zh.login.tabs.register })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
