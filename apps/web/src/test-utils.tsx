import type { User } from '@gre/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { AppProviders } from './components/app-providers';
import { buildRoutes } from './router';

export { fake, fakeServer, sentBody, sentText, type FakeReply, type FakeRoute } from './test-server';

/** A user as /api/user/get answers it. */
export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 7,
    name: '小明',
    signature: '每天进步一点点',
    is_admin: false,
    accessibility: {
      has_crown: false,
      show_tailor_shelf: false,
      show_higher_collect: false,
      can_visit_material: false,
    },
    data: {
      phone: '13800000000',
      email: null,
      today_aim: 40,
      created_at: '2026-11-01T08:00:00.000Z',
      exam_ets_mode: true,
    },
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
