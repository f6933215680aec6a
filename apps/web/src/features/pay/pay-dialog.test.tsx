import { payCalls } from '@gre/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { getDeviceId } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog, dialogStore } from '../../state/ui';
import { makePayment, userOf } from './test-utils/pay-fixtures';
import { buttonsByText, openDialog, qr, serve, settle, tick, setUpPayDialogClock } from './test-utils/pay-harness';
import { PAY_POLL_MS, PAY_SUCCESS_MS } from './use-payment';

const p = zh.pay;

setUpPayDialogClock();

describe('payment dialog: opening and waiting for payment', { timeout: 30_000 }, () => {
  it('membership: 扫码支付开通会员 on the tier asked for and 1个月, a trade for it, then the QR code and ¥99.00', async () => {
    const { sent } = serve();
    const dialog = await openDialog('VIP');
    expect(within(dialog).getByText(p.title.membership)).toBeTruthy();
    await settle(() => expect(qr()).toBeTruthy());
    expect(within(dialog).getByTestId('pay-price').textContent).toBe('¥99.00');
    expect(within(dialog).getByRole('radio', { name: p.tiers.VIP })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('tab', { name: '1个月' }).getAttribute('aria-selected')).toBe('true');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['7天', '1个月', '2个月', '3个月']);
    const link = within(dialog).getByRole('link', { name: p.openPage });
    expect(link.getAttribute('href')).toBe('http://localhost/pay/sandbox/GRE20261122000501');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByText(p.noRefund)).toBeTruthy();
    expect(within(dialog).getByText(p.code.help(10))).toBeTruthy();
    expect(sent(payCalls.init.path)).toEqual([{ user_id: 7, kind: 'VIP', param: 2, device_id: getDeviceId() }]);
    // The host's own '关闭' is gone: exactly one, the dialog's, beside '我已支付'.
    expect(buttonsByText(dialog, zh.common.close)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: p.paid })).toBeTruthy();
  });

  it('SVIP opens on 超级会员 SVIP; a VIP cannot pick the lower tier but may renew their own', async () => {
    serve();
    const dialog = await openDialog('SVIP', userOf('SVIP'));
    await settle(() => expect(qr()).toBeTruthy());
    expect(within(dialog).getByRole('radio', { name: p.tiers.SVIP })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: p.tiers.VIP })).toHaveProperty('disabled', true);
  });

  it('flash quota: its own title, tabs 50题 / 100题 / 200题 from 100题, no tier switch', async () => {
    const { sent } = serve();
    const dialog = await openDialog('FlashCoin');
    expect(within(dialog).getByText(p.title.flash)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['50题', '100题', '200题']);
    expect(within(dialog).getByRole('tab', { name: '100题' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(1));
    expect(sent(payCalls.init.path)[0]).toMatchObject({ kind: 'FlashCoin', param: 2 });
  });

  it('a discount shows the price paid and the list price struck through', async () => {
    serve({ init: () => makePayment({ price: 7_900, list_price: 9_900 }, { price: 7_900 }) });
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    expect(within(dialog).getByTestId('pay-price').textContent).toBe('¥79.00');
    const listed = within(dialog).getByLabelText(`${p.listPrice} ¥99.00`);
    expect(listed.querySelector('del')?.textContent?.trim()).toBe('¥99.00');
  });

  it('each tab and tier switch creates a new trade with the right kind and param', async () => {
    const { sent } = serve();
    const dialog = await openDialog('VIP', userOf('Trail'));
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('tab', { name: '3个月' }));
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('radio', { name: p.tiers.SVIP }));
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(3));
    fireEvent.click(within(dialog).getByRole('tab', { name: '7天' }));
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(4));
    fireEvent.click(within(dialog).getByRole('tab', { name: '3个月' }));
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(5));
    expect(sent(payCalls.init.path).map((b) => [(b as { kind: string }).kind, (b as { param: number }).param])).toEqual(
      [
        ['VIP', 2],
        ['VIP', 4],
        ['SVIP', 4],
        ['SVIP', 1],
        // Back to a tab seen before: still a new trade, the old one is closed.
        ['SVIP', 4],
      ],
    );
  });
});

describe('payment dialog: polling', { timeout: 30_000 }, () => {
  it('polls /api/trade/get every 3 s while WaitPay, and stops for good at ApplySuccess, then reloads after 1 s', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let paid = false;
    const { polls } = serve({ poll: (t) => (paid ? { ...t, status: 'ApplySuccess' } : t) });
    await openDialog('VIP');
    await settle(() => expect(qr()).toBeTruthy());
    expect(polls()).toBe(0);
    await tick(PAY_POLL_MS - 100);
    expect(polls()).toBe(0);
    await tick(100);
    expect(polls()).toBe(1);
    await tick(PAY_POLL_MS);
    expect(polls()).toBe(2);
    paid = true;
    await tick(PAY_POLL_MS);
    expect(polls()).toBe(3);
    expect(screen.getByText(p.status.memberDone)).toBeTruthy();
    await tick(PAY_SUCCESS_MS - 100);
    expect(reload).not.toHaveBeenCalled();
    await tick(100);
    expect(reload).toHaveBeenCalledOnce();
    await tick(PAY_POLL_MS * 5);
    expect(polls()).toBe(3);
  });

  it('keeps polling through PaySuccess (已收到付款，正在开通…)', async () => {
    const { polls } = serve({ poll: (t) => ({ ...t, status: 'PaySuccess' }) });
    await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    await tick(PAY_POLL_MS);
    expect(screen.getByText(p.status.PaySuccess)).toBeTruthy();
    // One period at a time: React renders between polls on a macrotask the fake clock does not drive.
    await tick(PAY_POLL_MS);
    await tick(PAY_POLL_MS);
    expect(polls()).toBe(3);
  });

  it('flash quota ApplySuccess: the cached user gets the new quota and the dialog closes after 1 s', async () => {
    const { polls } = serve({ poll: (t) => ({ ...t, status: 'ApplySuccess' }) });
    await openDialog('FlashCoin');
    await settle(() => expect(qr()).toBeTruthy());
    await tick(PAY_POLL_MS);
    expect(polls()).toBe(1);
    expect(screen.getByText(p.status.flashDone)).toBeTruthy();
    expect(queryClient.getQueryData<{ authority: { flash_coins: number } }>(queryKeys.currentUser)).toMatchObject({
      authority: { flash_coins: 220 },
    });
    await tick(PAY_SUCCESS_MS - 100);
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'FlashCoin' });
    await tick(100);
    expect(dialogStore.get()).toBeNull();
    await tick(PAY_POLL_MS * 3);
    expect(polls()).toBe(1);
  });

  it('closing the dialog (Esc, ×, 关闭) stops polling at once', async () => {
    const { polls } = serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    await tick(PAY_POLL_MS);
    expect(polls()).toBe(1);
    fireEvent.click(buttonsByText(dialog, zh.common.close)[0]!);
    expect(dialogStore.get()).toBeNull();
    await tick(PAY_POLL_MS * 4);
    expect(polls()).toBe(1);
  });

  it('Esc closes it and stops polling', async () => {
    const { polls } = serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(dialogStore.get()).toBeNull();
    await tick(PAY_POLL_MS * 3);
    expect(polls()).toBe(0);
  });

  it('closing from outside (closeDialog) stops polling too', async () => {
    const { polls } = serve();
    await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    act(() => closeDialog());
    await tick(PAY_POLL_MS * 3);
    expect(polls()).toBe(0);
  });

  it('unmounting stops polling', async () => {
    const { polls } = serve();
    await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    cleanup();
    await tick(PAY_POLL_MS * 4);
    expect(polls()).toBe(0);
  });

  it('does not poll statuses only a person moves (ApplyFail)', async () => {
    const { polls } = serve({ init: (b, r) => makePayment({}, { id: 501 + r, status: 'ApplyFail' }) });
    await openDialog();
    await settle(() => screen.getByText(p.status.ApplyFail));
    await tick(PAY_POLL_MS * 3);
    expect(polls()).toBe(0);
  });
});
