import { permissionCalls, ROLE_NAMES, shanghaiDay, systemCalls, userCalls, type Report } from '@gre/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { conversionOption, salesOption, usersOption } from './reports-charts';
import { lastDays, rangeDays, reportTotals } from './reports-tab';

const r = adminExtrasCopy.reports;

beforeAll(async () => {
  await Promise.all([import('./web-manage-page'), import('./reports-tab'), import('./reports-charts')]);
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function makeReport(from: string, to: string): Report {
  return {
    from,
    to,
    users: { total: 1234, by_role: { Stranger: 0, Trail: 1000, FreeVIP: 120, VIP: 90, SVIP: 24 }, frozen: 3 },
    days: [
      {
        day: '2026-11-20',
        new_users: 12,
        active_learners: 80,
        trades: 3,
        sales_fen: { VIP: 9_900, SVIP: 16_900, FlashCoin: 0 },
      },
      {
        day: '2026-11-21',
        new_users: 8,
        active_learners: 95,
        trades: 2,
        sales_fen: { VIP: 0, SVIP: 0, FlashCoin: 1_690 + 990 },
      },
    ],
    conversion: { registered: 20, paid: 3, rate: 0.15 },
  };
}

function serve() {
  setToken('t'.repeat(43));
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser({ is_admin: true }) })),
    fake(systemCalls.getSettings, () => ({ data: { maintenance: false, min_api_version: 0 } })),
    fake(permissionCalls.getReport, (b) => ({ data: makeReport(b.from, b.to) })),
  );
  const asked = () =>
    fetch.mock.calls.filter(([url]) => url === permissionCalls.getReport.path).map(([, init]) => sentBody(init));
  return { asked };
}

describe('/web_manage 报表', { timeout: 40_000 }, () => {
  it('asks for the last 30 days and shows the figures, the roles and the three charts', async () => {
    const { asked } = serve();
    renderApp('/web_manage?tab=reports');
    expect(await screen.findByText(r.totals.users)).toBeTruthy();
    expect(asked()[0]).toEqual(lastDays(30));
    expect(rangeDays(lastDays(30))).toBe(30);
    expect(screen.getByText('1,234')).toBeTruthy();
    // ¥99 + ¥169 + ¥16.90 + ¥9.90 in the range.
    expect(screen.getByText('¥294.80')).toBeTruthy();
    expect(screen.getByText('15.0%')).toBeTruthy();
    expect(screen.getByText(r.conversionDetail(3, 20))).toBeTruthy();
    expect(screen.getByText(`${ROLE_NAMES.SVIP} 24`)).toBeTruthy();
    for (const label of [r.charts.users, r.charts.sales, r.charts.conversion])
      expect(await screen.findByRole('img', { name: label })).toBeTruthy();
  });

  it('a preset range asks again for those days', async () => {
    const { asked } = serve();
    const user = userEvent.setup();
    renderApp('/web_manage?tab=reports');
    await screen.findByText(r.totals.users);
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.click(await screen.findByText(r.presets.week));
    await waitFor(() => expect(asked().at(-1)).toEqual(lastDays(7)));
  });
});

describe('the report figures and charts', () => {
  const report = makeReport('2026-11-20', '2026-11-21');

  it('sums the range', () => {
    expect(reportTotals(report)).toEqual({ newUsers: 20, trades: 5, salesFen: 29_480 });
  });

  it('the last n days end today in Shanghai', () => {
    const range = lastDays(7);
    expect(range.to).toBe(shanghaiDay(Date.now() / 1000));
    expect(rangeDays(range)).toBe(7);
    expect(lastDays(3, '2026-03-01')).toEqual({ from: '2026-02-27', to: '2026-03-01' });
  });

  it('draws users and active learners by day, sales stacked by kind in yuan, and conversion as counts', () => {
    const users = usersOption(report);
    expect(users.series).toMatchObject([{ data: [12, 8] }, { data: [80, 95] }]);
    expect(users.xAxis).toMatchObject({ data: ['11-20', '11-21'] });
    const sales = salesOption(report);
    expect(sales.series).toMatchObject([
      { stack: 'sales', data: [99, 0] },
      { stack: 'sales', data: [169, 0] },
      { stack: 'sales', data: [0, 26.8] },
    ]);
    const tooltip = sales.tooltip as { valueFormatter: (v: number) => string };
    expect(tooltip.valueFormatter(26.8)).toBe('¥26.80');
    const conversion = conversionOption(report);
    expect(conversion.series).toMatchObject([{ data: [{ value: 3 }, { value: 20 }] }]);
  });
});
