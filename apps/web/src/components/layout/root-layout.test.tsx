import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { bindNavigator, showToast } from '../../api/effects';
import { queryClient, reportError } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import type { RouteHandle } from '../../route-table';
import { buildRoutes } from '../../router';
import { antdLayerStore, dialogStore, openDialog, upgradeOverlayStore } from '../../state/ui';
import { RootLayout } from './root-layout';

let mounts = 0;

/** Stands in for the exam screen: plain markup, state of its own, and a count of how often it mounted. */
function LightPage() {
  useEffect(() => void (mounts += 1), []);
  return <input aria-label="作答" defaultValue="" />;
}

const lightHandle: RouteHandle = { access: 'user', light: true };
const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      { path: 'exam/:examID', handle: lightHandle, element: <LightPage /> },
      { path: 'login', element: <p>登录页</p> },
    ],
  },
];

function renderLightRoute() {
  const router = createMemoryRouter(routes, { initialEntries: ['/exam/1'] });
  bindNavigator((path) => void router.navigate(path));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** antd's App wrapper: present only once the antd layer has mounted. */
const antdMounted = () => document.querySelector('.ant-app') !== null;

afterEach(() => {
  antdLayerStore.set(false);
  dialogStore.set(null);
  upgradeOverlayStore.set(false);
  mounts = 0;
});

describe('the route table', () => {
  const matchedIds = (url: string) => (matchRoutes(buildRoutes(), url) ?? []).map((m) => m.route.id);

  it('puts the exam screen straight under the root, outside the antd layout', () => {
    expect(matchedIds('/exam/1')).toEqual(['root', 'exam/:examID']);
    const exam = matchRoutes(buildRoutes(), '/exam/1')!.at(-1)!.route.handle as RouteHandle;
    expect(exam.light).toBe(true);
  });

  it('puts every other page under the antd layout, and the nav where it has chrome', () => {
    expect(matchedIds('/home')).toEqual(['root', 'antd', 'nav', 'home']);
    expect(matchedIds('/login')).toEqual(['root', 'antd', 'login']);
    expect(matchedIds('/agreement')).toEqual(['root', 'antd', 'agreement']);
  });
});

describe('a route without antd (the exam screen)', () => {
  it('renders without the antd layer until something has to be shown', async () => {
    renderLightRoute();
    expect(await screen.findByLabelText('作答')).toBeTruthy();
    expect(antdMounted()).toBe(false);
    expect(antdLayerStore.get()).toBe(false);
  });

  it('a toast loads the antd layer and shows, and the page keeps its state', async () => {
    renderLightRoute();
    const answer = await screen.findByLabelText<HTMLInputElement>('作答');
    fireEvent.change(answer, { target: { value: '6.25' } });
    act(() => showToast({ level: 'error', title: '保存失败' }));
    expect(await screen.findByText('保存失败')).toBeTruthy();
    expect(antdMounted()).toBe(true);
    expect(screen.getByRole('button', { name: zh.common.close })).toBeTruthy();
    expect(answer.isConnected && answer.value).toBe('6.25');
    expect(mounts).toBe(1);
  });

  it('a catalogue dialog opens on demand', async () => {
    renderLightRoute();
    await screen.findByLabelText('作答');
    act(() => openDialog({ kind: 'sim_no_perm' }));
    expect(await screen.findByText(zh.dialogs.simNoPermTitle)).toBeTruthy();
  });

  it('server_upgrading shows the upgrade overlay', async () => {
    renderLightRoute();
    await screen.findByLabelText('作答');
    act(() => reportError(new ApiError(503, '', 'server_upgrading', '', 'maintenance', '/api/exam/answer')));
    expect(await screen.findByRole('alertdialog', { name: zh.overlays.upgradeTitle })).toBeTruthy();
    expect(screen.getByLabelText('作答')).toBeTruthy();
  });

  it('token_expired says so, forgets the token and goes to /login', async () => {
    setToken('t'.repeat(43));
    const router = renderLightRoute();
    await screen.findByLabelText('作答');
    act(() => reportError(new ApiError(401, '', 'token_expired', '', 'expired', '/api/exam/heartbeat')));
    expect(await screen.findByText(zh.errors.tokenExpired)).toBeTruthy();
    expect(localStorage.getItem('gre.token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    expect(await screen.findByText('登录页')).toBeTruthy();
  });
});
