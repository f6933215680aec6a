import { payCalls, userCalls } from '@gre/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { dialogStore, openDialog } from '../../state/ui';
import { fake, fakeServer } from '../../test-utils';
import { makePayment, renderWithUser, SERVER_PRICES, userOf } from '../../features/pay/test-utils/pay-fixtures';

const u = zh.pay.upgrade;

beforeAll(async () => {
  await Promise.all([import('./catalogue-dialogs'), import('../../features/pay/pay-dialog')]);
}, 60_000);

afterEach(() => {
  act(() => dialogStore.set(null));
  queryClient.clear();
  vi.unstubAllGlobals();
});

function serve(prices: 'ok' | 'fail' = 'ok') {
  return fakeServer(
    fake(userCalls.get, () => ({ data: userOf('Trail') })),
    fake(payCalls.prices, () => (prices === 'ok' ? { data: SERVER_PRICES } : { kind: 'internal' })),
    fake(payCalls.init, (body) => ({ data: makePayment({}, { kind: body.kind, param: body.param }) })),
  );
}

const buttonsByText = (dialog: HTMLElement, text: string) =>
  within(dialog)
    .getAllByRole('button')
    .filter((b) => b.textContent === text);

describe('tier dialogs with prices and the way to pay', { timeout: 30_000 }, () => {
  it("the upgrade dialog shows the server's prices and the upgrade buttons; 开通超级会员 turns it into the payment dialog", async () => {
    const fetch = serve();
    renderWithUser(userOf('Trail'));
    act(() => openDialog({ kind: 'upgrade', reason: 'limit' }));
    const dialog = await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle });
    // ¥29.90 is the server's VIP 7-day price, not the product.md default: the table reads the server.
    expect(await within(dialog).findByText('¥29.90')).toBeTruthy();
    expect(within(dialog).getByText('¥399.00')).toBeTruthy();
    expect(
      within(dialog).getByText(zh.pay.prices.flashLine('¥9.90', '¥16.90', '¥29.90') + zh.tiers.noRefund),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: u.svip }));
    const pay = await screen.findByRole('dialog', { name: zh.pay.title.membership });
    expect(await within(pay).findByRole('img', { name: zh.pay.qrLabel })).toBeTruthy();
    expect(within(pay).getByRole('radio', { name: zh.pay.tiers.SVIP })).toHaveProperty('checked', true);
    expect(buttonsByText(pay, zh.common.close)).toHaveLength(1);
    // Asked once for the session, whichever dialog shows them.
    expect(fetch.mock.calls.filter(([url]) => url === payCalls.prices.path)).toHaveLength(1);
  });

  it('the day-overflow and public-only dialogs offer the upgrade buttons too', async () => {
    serve();
    renderWithUser(userOf('FreeVIP'));
    act(() => openDialog({ kind: 'day_overflow', subject: '语文', roleName: '免费会员' }));
    const day = await screen.findByRole('dialog', { name: zh.dialogs.dayOverflowTitle });
    expect(await within(day).findByRole('button', { name: u.vip })).toBeTruthy();
    act(() => openDialog({ kind: 'public_only' }));
    const pub = await screen.findByRole('dialog', { name: zh.dialogs.publicOnlyTitle });
    expect(await within(pub).findByRole('button', { name: u.svip })).toBeTruthy();
  });

  it('权益总览: the tiers, the prices, the buttons; an SVIP sees the identity instead', async () => {
    serve();
    renderWithUser(userOf('SVIP'));
    act(() => openDialog({ kind: 'rights_overview' }));
    const dialog = await screen.findByRole('dialog', { name: zh.pay.overview.title });
    expect(await within(dialog).findByText('¥169.00')).toBeTruthy();
    const identity = within(dialog).getByRole('button', { name: u.current('超级会员（SVIP）') });
    expect((identity as HTMLButtonElement).disabled).toBe(true);
  });

  it('prices that cannot load say so in place, without a toast', async () => {
    serve('fail');
    renderWithUser(userOf('Trail'));
    act(() => openDialog({ kind: 'upgrade', reason: 'role_overflow' }));
    const dialog = await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle });
    expect(await within(dialog).findByText(zh.pay.prices.loadFailed)).toBeTruthy();
    // The catalogue would have toasted the 500 by now (the failure is already on screen).
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });
});
