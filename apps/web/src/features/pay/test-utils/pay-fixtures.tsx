import type { Payment, PriceTableView, RoleKind, Trade, User } from '@gre/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { setToken } from '../../../api/storage';
import { AntdLayer } from '../../../components/antd-layer';
import { AppProviders } from '../../../components/app-providers';
import { makeUser } from '../../../test-utils';

/** 2026-11-22 12:00 in Shanghai, in Unix seconds. */
export const NOW = Date.UTC(2026, 10, 22, 4) / 1000;

export function makeTrade(over: Partial<Trade> = {}): Trade {
  return {
    id: 501,
    user_id: 7,
    kind: 'VIP',
    param: 2,
    order: 'GRE20261122000501',
    status: 'WaitPay',
    price: 9_900,
    created_stamp: NOW,
    updated_stamp: NOW,
    expire_stamp: NOW + 15 * 60,
    ...over,
  };
}

export function makePayment(over: Partial<Payment> = {}, trade: Partial<Trade> = {}): Payment {
  const t = makeTrade(trade);
  return {
    trade: t,
    price: t.price,
    list_price: t.price,
    title: '会员（VIP）· 1 个月',
    qrcode_text: `http://localhost/pay/sandbox/${t.order}`,
    qrcode_url: `http://localhost/pay/sandbox/${t.order}`,
    code: null,
    user: makeUser(),
    ...over,
  };
}

/** A user of `role` (the role name as the server spells it). */
export function userOf(role: RoleKind, over: Partial<User['authority']> = {}): User {
  const names: Record<RoleKind, string> = {
    Stranger: '游客',
    Trail: '试用用户',
    FreeVIP: '免费会员',
    VIP: '会员',
    SVIP: '超级会员',
  };
  const base = makeUser();
  return { ...base, authority: { ...base.authority, role_kind: role, role_name: names[role], ...over } };
}

/** The prices as `/api/pay/prices` answers them; VIP 7 days off its default, to tell server prices from any copy. */
export const SERVER_PRICES: PriceTableView = {
  VIP: { 1: 2_990, 2: 9_900, 3: 17_900, 4: 24_900 },
  SVIP: { 1: 6_900, 2: 16_900, 3: 29_900, 4: 39_900 },
  FlashCoin: { 1: 990, 2: 1_690, 3: 2_990 },
};

/** Logs `user` in (token and the cached user, as app start leaves them) and renders the antd layer around `children`. */
export function renderWithUser(user: User | null, children?: ReactNode) {
  if (user) {
    setToken('t'.repeat(43));
    queryClient.setQueryData(queryKeys.currentUser, user);
  }
  return render(
    <AppProviders queryClient={queryClient}>
      <AntdLayer>{children}</AntdLayer>
    </AppProviders>,
  );
}
