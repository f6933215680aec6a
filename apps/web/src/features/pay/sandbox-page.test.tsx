import { payCalls } from '@gre/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, renderApp, sentBody } from '../../test-utils';
import { NOW } from './test-utils/pay-fixtures';

const s = zh.pay.sandbox;

beforeAll(async () => {
  await import('./sandbox-page');
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

type Status = 'WaitPay' | 'Paid' | 'Closed';

/** The sandbox gateway: one order, paid or cancelled by the page's buttons. */
function serve(initial: Status | 'missing' = 'WaitPay') {
  let status: Status = initial === 'missing' ? 'Closed' : initial;
  const fetch = fakeServer(
    fake(payCalls.sandboxGet, (body) =>
      initial === 'missing'
        ? { kind: 'not_found' }
        : {
            data: {
              order: body.order,
              title: '会员（VIP）· 1 个月',
              amount: 9_900,
              status,
              expire_stamp: NOW + 15 * 60,
            },
          },
    ),
    fake(payCalls.sandboxAct, (body) => {
      if (status === 'WaitPay') status = body.action === 'pay' ? 'Paid' : 'Closed';
      return { data: { status } };
    }),
  );
  return {
    acts: () => fetch.mock.calls.filter(([url]) => url === payCalls.sandboxAct.path).map(([, init]) => sentBody(init)),
  };
}

describe('/pay/sandbox/:order', { timeout: 30_000 }, () => {
  it('needs no login, says it is the test gateway, shows the order, and 确认支付 pays it', async () => {
    const { acts } = serve();
    renderApp('/pay/sandbox/GRE20261122000501');
    expect(await screen.findByRole('heading', { name: s.title })).toBeTruthy();
    expect(screen.getByText(s.note)).toBeTruthy();
    expect(await screen.findByText('会员（VIP）· 1 个月')).toBeTruthy();
    expect(screen.getByText('¥99.00')).toBeTruthy();
    expect(screen.getByText('GRE20261122000501')).toBeTruthy();
    expect(screen.getByText('2026-11-22 12:15')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: s.pay }));
    expect(await screen.findByText(s.paid)).toBeTruthy();
    expect(acts()).toEqual([{ order: 'GRE20261122000501', action: 'pay' }]);
    expect(screen.queryByRole('button', { name: s.pay })).toBeNull();
  });

  it('取消支付 cancels it: 已取消', async () => {
    const { acts } = serve();
    renderApp('/pay/sandbox/GRE1');
    fireEvent.click(await screen.findByRole('button', { name: s.cancel }));
    expect(await screen.findByText(s.cancelled)).toBeTruthy();
    expect(acts()).toEqual([{ order: 'GRE1', action: 'cancel' }]);
  });

  it('an order already closed (expired, or a newer trade): 订单已关闭, no buttons', async () => {
    serve('Closed');
    renderApp('/pay/sandbox/GRE1');
    expect(await screen.findByText(s.closed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.pay })).toBeNull();
  });

  it('an order already paid says so', async () => {
    serve('Paid');
    renderApp('/pay/sandbox/GRE1');
    expect(await screen.findByText(s.paid)).toBeTruthy();
  });

  it('an unknown order: 订单不存在或已失效, in the page, not a toast', async () => {
    serve('missing');
    renderApp('/pay/sandbox/NOPE');
    const main = (await screen.findByRole('heading', { name: s.title })).closest('main') as HTMLElement;
    expect(await within(main).findByText(s.notFound)).toBeTruthy();
    expect(screen.queryByText(zh.errors.kinds.not_found!)).toBeNull();
  });
});
