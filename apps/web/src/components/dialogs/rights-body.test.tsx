import { payCalls, QUOTA_DEFAULTS, quotaCalls, type PriceTableView, type QuotaTable } from '@gre/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { clearToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { dialogStore } from '../../state/ui';
import { fake, fakeServer, renderApp } from '../../test-utils';

/** Whether useIsPhone answers the phone layout (ui.md ≤ 480 px). */
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../use-is-phone', () => ({ useIsPhone: () => screenSize.phone }));

const t = zh.tiers;

beforeAll(async () => {
  await import('./rights-body');
}, 60_000);

afterEach(() => {
  act(() => dialogStore.set(null));
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  screenSize.phone = false;
});

/** What an admin saved: no figure here is product.md's default, so the dialog can only have read it from the API. */
function serverTables() {
  const quotas: QuotaTable = structuredClone(QUOTA_DEFAULTS);
  quotas.VIP.daily = { verbal: 480, quant: 480, words: 480 };
  quotas.Trail.essay = { n: 2, period: 'total' };
  quotas.FreeVIP.simulate = { n: 5, period: 'week' };
  const prices: PriceTableView = {
    VIP: { 1: 1_230, 2: 4_560, 3: 7_890, 4: 9_870 },
    SVIP: { 1: 2_340, 2: 5_670, 3: 8_900, 4: 12_340 },
    FlashCoin: { 1: 110, 2: 220, 3: 330 },
  };
  return { quotas, prices };
}

/** Signed out on a public page with the footer, the 会员权益 dialog opened from it. */
async function openFromFooter() {
  const { quotas, prices } = serverTables();
  const fetch = fakeServer(
    fake(quotaCalls.table, () => ({ data: { quotas } })),
    fake(payCalls.prices, () => ({ data: prices })),
  );
  clearToken();
  renderApp('/debug');
  fireEvent.click(await screen.findByRole('button', { name: zh.footer.rights }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: zh.dialogs.rightsTitle }, { timeout: 10_000 });
  await within(dialog).findByText('480 题', undefined, { timeout: 10_000 });
  await within(dialog).findByText('¥12.30');
  return { dialog, fetch };
}

describe('the footer’s 会员权益 dialog', { timeout: 40_000 }, () => {
  it('shows the quotas and prices the API returned, signed out, as tables on a desktop', async () => {
    const { dialog, fetch } = await openFromFooter();
    // No picture of the defaults: two tables of what the server holds.
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.querySelectorAll('.ant-table')).toHaveLength(2);
    // The admin's figures, worded as the upgrade dialog words them; the defaults they replaced are gone.
    expect(within(dialog).queryByText('300 题')).toBeNull();
    expect(within(dialog).getByText(t.times.total(2))).toBeTruthy();
    expect(within(dialog).getByText(t.times.week(5))).toBeTruthy();
    for (const price of ['¥45.60', '¥78.90', '¥98.70', '¥23.40', '¥123.40'])
      expect(within(dialog).getByText(price)).toBeTruthy();
    expect(within(dialog).getByText(zh.pay.prices.flashLine('¥1.10', '¥2.20', '¥3.30') + t.noRefund)).toBeTruthy();
    // Both public calls, asked without a session.
    const asked = fetch.mock.calls.map(([url, init]) => [url, new Headers(init.headers).get('authorization')]);
    expect(asked).toContainEqual([quotaCalls.table.path, null]);
    expect(asked).toContainEqual([payCalls.prices.path, null]);
  });

  it('on a phone, each tier is a card of labelled lines instead of a table', async () => {
    screenSize.phone = true;
    const { dialog } = await openFromFooter();
    expect(dialog.querySelector('.ant-table')).toBeNull();
    const [quotaList, priceList] = [...dialog.querySelectorAll<HTMLElement>('.ant-list')];
    const vip = within(quotaList!).getByText(t.roles.VIP).closest('.ant-list-item') as HTMLElement;
    expect(within(vip).getByText(t.columns.daily)).toBeTruthy();
    expect(within(vip).getByText('480 题')).toBeTruthy();
    const svipPrices = within(priceList!).getByText(t.priceTiers.SVIP).closest('.ant-list-item') as HTMLElement;
    expect(within(svipPrices).getByText(t.priceColumns.m3)).toBeTruthy();
    expect(within(svipPrices).getByText('¥123.40')).toBeTruthy();
  });

  it('says so in place when the table cannot be read', async () => {
    fakeServer(fake(payCalls.prices, () => ({ data: serverTables().prices })));
    clearToken();
    renderApp('/debug');
    fireEvent.click(await screen.findByRole('button', { name: zh.footer.rights }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: zh.dialogs.rightsTitle }, { timeout: 10_000 });
    expect(await within(dialog).findByText(t.loadFailed, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(await within(dialog).findByText('¥12.30')).toBeTruthy();
  });
});
