import type { User } from '@gre/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from './api/query-client';
import { AppProviders } from './components/app-providers';
import { buildRoutes } from './router';

/** A user as /api/user/get answers it. */
export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 7,
    name: '小明',
    signature: '每天进步一点点',
    is_admin: false,
    accessibility: { has_crown: false, show_tailor_shelf: false, show_higher_collect: false, can_visit_material: false },
    data: { phone: '13800000000', email: null, today_aim: 40, created_at: '2026-11-01T08:00:00.000Z' },
    authority: {
      role_name: '会员',
      role_kind: 'VIP',
      expire_date: '2026-12-31',
      flash_coins: 120,
      is_freeze: false,
      is_operator: false,
      is_teacher: false,
      records: [],
    },
    ...over,
  };
}

type Handler = (body: unknown) => { status?: number; data?: unknown; kind?: string };

/** Stubs fetch with per-path answers in the envelope; unknown paths answer 404 not_found. */
export function fakeServer(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const h = handlers[url];
    const out = h ? h(JSON.parse(String(init.body))) : { status: 404, kind: 'not_found' };
    const status = out.status ?? 200;
    const body = out.kind
      ? { ok: false, data: null, err_data: { kind: out.kind, show: '', detail: out.kind } }
      : { ok: true, data: out.data ?? null, err_data: null };
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Renders the real route table at `path` with the real providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
