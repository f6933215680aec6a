import { payCalls, type AdminTrade } from '@gre/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, renderApp } from '../../test-utils';
import {
  confirmWithCode,
  consoleTestHooks,
  dialogWith,
  onePage,
  OP_CODE,
  serveConsole,
} from './test-utils/console-fixture';
import { resolutions } from './trades-tab';

const t = adminCopy.trades;

consoleTestHooks(
  () => import('./web-manage-page'),
  () => import('./trades-tab'),
);

function trade(over: Partial<AdminTrade> = {}): AdminTrade {
  const created = Date.UTC(2026, 10, 20, 2) / 1000;
  return {
    id: 5,
    user_id: 12,
    kind: 'VIP',
    param: 2,
    order: 'T202611200001',
    status: 'ManualInvalid',
    price: 9_900,
    created_stamp: created,
    updated_stamp: created + 60,
    expire_stamp: created + 900,
    user_name: '小明',
    title: '会员 1个月',
    list_price: 9_900,
    provider: 'sandbox',
    paid_fen: 990,
    paid_stamp: created + 60,
    note: '实付金额与应付不符',
    ...over,
  };
}

function serve() {
  let trades = [trade(), trade({ id: 6, order: 'T202611200002', user_name: '小红', user_id: 13 })];
  return serveConsole([
    fake(payCalls.list, ({ status, page = 1, page_size = 20 }) => {
      const items = trades.filter((x) => !status || x.status === status);
      return onePage(items, page, page_size);
    }),
    fake(payCalls.resolve, (b) => {
      if (b.op_code !== OP_CODE) return { kind: 'code_invalid' };
      const done = {
        ...trades.find((x) => x.id === b.trade_id)!,
        status: b.action === 'grant' ? ('ApplySuccess' as const) : ('Refund' as const),
        note: b.reason || null,
      };
      trades = trades.map((x) => (x.id === b.trade_id ? done : x));
      return { data: done };
    }),
  ]);
}

describe('/web_manage 订单', { timeout: 40_000 }, () => {
  it('opens on the ManualInvalid queue; 开通 grants a trade behind the code and it leaves the queue', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=trades');
    const row = (await screen.findByText('T202611200001', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('¥9.90')).toBeTruthy();
    expect(within(row).getByText('¥99.00 / ¥99.00')).toBeTruthy();
    expect(bodies(payCalls.list.path)[0]).toMatchObject({ status: 'ManualInvalid' });

    await userEvent.click(within(row).getByRole('button', { name: `${t.grant} T202611200001` }));
    expect(await screen.findByText(t.grantSummary('T202611200001', '会员 1个月', '小明（ID 12）'))).toBeTruthy();
    await confirmWithCode(t.grantAction);
    await waitFor(() => expect(screen.queryByText('T202611200001')).toBeNull());
    expect(bodies(payCalls.resolve.path)).toEqual([{ trade_id: 5, action: 'grant', op_code: OP_CODE }]);
    expect(screen.getByText('T202611200002')).toBeTruthy();
  });

  it('关闭 asks for the reason first, then the code, and sends both', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=trades');
    const row = (await screen.findByText('T202611200002', undefined, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: `${t.close} T202611200002` }));
    const ask = await dialogWith(t.closeTitle('T202611200002'));
    await userEvent.click(within(ask).getByRole('button', { name: t.next }));
    expect(await within(ask).findByText(t.reasonRequired)).toBeTruthy();
    await userEvent.type(within(ask).getByRole('textbox', { name: t.reason }), '金额不符，已原路退款');
    await userEvent.click(within(ask).getByRole('button', { name: t.next }));
    await confirmWithCode(t.closeAction);
    await waitFor(() =>
      expect(bodies(payCalls.resolve.path)).toEqual([
        { trade_id: 6, action: 'close', reason: '金额不符，已原路退款', op_code: OP_CODE },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('T202611200002')).toBeNull());
  });
});

describe('what an admin may do with a trade', () => {
  it('a ManualInvalid trade is granted or closed, an ApplyFail one closed, any other left alone', () => {
    expect(resolutions(trade())).toEqual(['grant', 'close']);
    expect(resolutions(trade({ status: 'ApplyFail' }))).toEqual(['close']);
    for (const status of ['WaitPay', 'ApplySuccess', 'PayTimeout', 'Refund'] as const)
      expect(resolutions(trade({ status }))).toEqual([]);
  });
});
