import {
  codeCalls,
  payCalls,
  PRICE_DEFAULTS,
  priceTable,
  systemCalls,
  userCalls,
  type DiscountCode,
  type PriceTableView,
} from '@gre/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { createRequest } from './discount-codes';
import { forgetSentCode } from './op-check';
import { overrideOf } from './prices-editor';

const a = zh.pay.admin;

beforeAll(async () => {
  await import('./web-manage-page');
}, 60_000);

afterEach(() => {
  forgetSentCode();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function makeCode(over: Partial<DiscountCode> = {}): DiscountCode {
  return {
    id: 3,
    code: 'SAVE20',
    name: '新人立减',
    info: '立减 ¥20.00',
    kind: 'fixed',
    value: 2_000,
    start_stamp: Date.UTC(2026, 10, 1, 0) / 1000,
    end_stamp: Date.UTC(2026, 11, 1, 0) / 1000,
    max_uses: 100,
    used: 7,
    invalid: false,
    ...over,
  };
}

/** The price table as the server answers it, string keys and all. */
const asView = (override: unknown): PriceTableView =>
  JSON.parse(JSON.stringify(priceTable(override))) as PriceTableView;

function serve() {
  setToken('t'.repeat(43));
  let prices = asView({});
  let codes = [makeCode()];
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser({ is_admin: true }) })),
    fake(systemCalls.getSettings, () => ({ data: { maintenance: false, min_api_version: 1 } })),
    fake(payCalls.prices, () => ({ data: prices })),
    fake(userCalls.sendOpCheckCode, () => ({ data: { resend_after: 60, target: 'a***@demo.gre' } })),
    fake(payCalls.setPrices, (body) => {
      if (body.op_code !== '135790') return { kind: 'code_invalid' };
      prices = asView(body.override);
      return { data: prices };
    }),
    fake(codeCalls.list, () => ({ data: { items: codes, total: codes.length } })),
    fake(codeCalls.markInvalid, (body) => {
      codes = codes.map((c) => (c.id === body.id ? { ...c, invalid: true } : c));
      return { data: codes.find((c) => c.id === body.id)! };
    }),
  );
  const sent = (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
  return { sent };
}

describe('/web_manage: prices and discount codes', { timeout: 30_000 }, () => {
  it('edits a price in yuan and saves it as fen; the learner-facing prices update too', async () => {
    const { sent } = serve();
    renderApp('/web_manage?tab=prices');
    const vip7 = await screen.findByLabelText<HTMLInputElement>('会员（VIP） 7天');
    expect(vip7.value).toBe('39.00');
    expect(screen.getByLabelText<HTMLInputElement>(`${a.flashRow} 100题`).value).toBe('16.90');
    fireEvent.change(vip7, { target: { value: '29.9' } });
    fireEvent.blur(vip7);
    fireEvent.click(screen.getByRole('button', { name: a.pricesSave }));
    // Prices change what learners pay: the confirmation code first.
    const dialog = await screen.findByRole('dialog', { name: adminCopy.opCheck.title(adminCopy.prices.saveAction) });
    expect(within(dialog).getByText(adminCopy.prices.saveSummary(1))).toBeTruthy();
    await within(dialog).findByText(adminCopy.opCheck.sentTo('a***@demo.gre'));
    fireEvent.change(within(dialog).getByLabelText(adminCopy.opCheck.code), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminCopy.opCheck.ok }));
    await waitFor(() =>
      expect(sent(payCalls.setPrices.path)).toEqual([{ override: { VIP: { 1: 2_990 } }, op_code: '135790' }]),
    );
    expect(await screen.findByText(a.pricesSaved)).toBeTruthy();
    expect(queryClient.getQueryData<PriceTableView>(queryKeys.prices)?.VIP['1']).toBe(2_990);
  });

  it('lists the codes with their uses, and 作废 withdraws one after a confirmation', async () => {
    const { sent } = serve();
    renderApp('/web_manage?tab=codes');
    const row = (await screen.findByText('SAVE20')).closest('tr') as HTMLElement;
    expect(within(row).getByText('新人立减')).toBeTruthy();
    expect(within(row).getByText('7 / 100')).toBeTruthy();
    expect(within(row).getByText('2026-11-01 08:00 – 2026-12-01 08:00')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: a.markInvalid }));
    fireEvent.click(await screen.findByRole('button', { name: zh.common.confirm }));
    await waitFor(() => expect(sent(codeCalls.markInvalid.path)).toEqual([{ id: 3 }]));
    await waitFor(() => expect(within(screen.getByText('SAVE20').closest('tr')!).getByText(a.invalid)).toBeTruthy());
  });
});

describe('admin payment helpers', () => {
  it('the override holds only prices off their defaults, in fen', () => {
    const yuan = (t: Readonly<Record<number, number>>) =>
      Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v / 100]));
    const defaults = {
      VIP: yuan(PRICE_DEFAULTS.VIP),
      SVIP: yuan(PRICE_DEFAULTS.SVIP),
      FlashCoin: yuan(PRICE_DEFAULTS.FlashCoin),
    };
    expect(overrideOf(defaults)).toEqual({});
    expect(overrideOf({ ...defaults, FlashCoin: { ...defaults.FlashCoin, 3: 25.5 } })).toEqual({
      FlashCoin: { 3: 2_550 },
    });
  });

  it('a new code: yuan off to fen, percent as it is, the window to Unix seconds', () => {
    const window: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs.unix(1_800_000_000), dayjs.unix(1_800_086_400)];
    expect(
      createRequest({ code: ' SPRING-26 ', name: '春季', kind: 'fixed', value: 19.9, window, max_uses: 50 }),
    ).toEqual({
      code: 'SPRING-26',
      name: '春季',
      kind: 'fixed',
      value: 1_990,
      start_stamp: 1_800_000_000,
      end_stamp: 1_800_086_400,
      max_uses: 50,
    });
    expect(createRequest({ code: 'P20A', name: '八折', kind: 'percent', value: 20, window, max_uses: 1 }).value).toBe(
      20,
    );
  });
});
