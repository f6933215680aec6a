import { voucherCalls, type Voucher } from '@gre/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, renderApp } from '../../test-utils';
import {
  confirmWithCode,
  consoleTestHooks,
  dialogWith,
  OP_CODE,
  onePage,
  serveConsole,
} from './test-utils/console-fixture';

const v = adminCopy.vouchers;
const NOW = Math.floor(Date.now() / 1000);

consoleTestHooks(
  () => import('./web-manage-page'),
  () => import('./vouchers-tab'),
);

function serve() {
  let vouchers: Voucher[] = [
    {
      id: 4,
      code: 'SPRING-26',
      name: '春季体验',
      grant_kind: 'tier',
      role_kind: 'VIP',
      days: 7,
      coins: null,
      use_limit: 100,
      used_count: 10,
      start_stamp: NOW - 86_400,
      end_stamp: NOW + 30 * 86_400,
      deleted: false,
      created_stamp: NOW - 2 * 86_400,
    },
  ];
  return serveConsole([
    fake(voucherCalls.getVouchers, ({ include_deleted = false, page = 1, page_size = 20 }) => {
      const items = vouchers.filter((x) => include_deleted || !x.deleted);
      return onePage(items, page, page_size);
    }),
    fake(voucherCalls.updateVoucher, (b) => {
      if (b.op_code !== OP_CODE) return { kind: 'code_invalid' };
      vouchers = vouchers.map((x) =>
        x.id === b.id ? { ...x, ...(b.use_limit ? { use_limit: b.use_limit } : {}) } : x,
      );
      return { data: vouchers.find((x) => x.id === b.id)! };
    }),
    fake(voucherCalls.deleteVoucher, (b) => {
      if (b.op_code !== OP_CODE) return { kind: 'code_invalid' };
      vouchers = vouchers.map((x) => (x.id === b.id ? { ...x, deleted: true } : x));
      return { data: vouchers.find((x) => x.id === b.id)! };
    }),
  ]);
}

describe('/web_manage 兑换券', { timeout: 40_000 }, () => {
  it('lists a voucher with what it grants, its uses, window and state; an edit sends only what changed', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=vouchers');
    const row = (await screen.findByText('SPRING-26', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText(v.grantTier('会员', 7))).toBeTruthy();
    expect(within(row).getByText('10 / 100')).toBeTruthy();
    expect(within(row).getByText(v.state.active)).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: `${v.edit} SPRING-26` }));
    const form = await dialogWith(v.editTitle('SPRING-26'));
    // What it grants and its code are fixed once made.
    expect(within(form).getByLabelText<HTMLInputElement>(v.form.code).disabled).toBe(true);
    const limit = within(form).getByLabelText(v.form.useLimit);
    await userEvent.clear(limit);
    await userEvent.type(limit, '5');
    await userEvent.click(within(form).getByRole('button', { name: v.form.submit }));
    expect(await within(form).findByText(v.form.useLimitBelowUsed(10))).toBeTruthy();
    await userEvent.clear(limit);
    await userEvent.type(limit, '200');
    await userEvent.click(within(form).getByRole('button', { name: v.form.submit }));
    await confirmWithCode(v.updateAction);
    await waitFor(() =>
      expect(bodies(voucherCalls.updateVoucher.path)).toEqual([{ id: 4, use_limit: 200, op_code: OP_CODE }]),
    );
    await waitFor(() => expect(screen.getByText('10 / 200')).toBeTruthy());
  });

  it('删除 asks for the code; the deleted voucher shows only with 显示已删除', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=vouchers');
    const row = (await screen.findByText('SPRING-26', undefined, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: `${v.delete} SPRING-26` }));
    expect(await screen.findByText(v.deleteSummary('SPRING-26', '春季体验'))).toBeTruthy();
    await confirmWithCode(v.deleteAction);
    await waitFor(() => expect(screen.queryByText('SPRING-26')).toBeNull());
    expect(bodies(voucherCalls.deleteVoucher.path)).toEqual([{ id: 4, op_code: OP_CODE }]);
    await userEvent.click(screen.getByRole('switch', { name: v.showDeleted }));
    const again = (await screen.findByText('SPRING-26')).closest('tr')!;
    expect(within(again).getByText(v.state.deleted)).toBeTruthy();
    expect(within(again).queryByRole('button', { name: `${v.edit} SPRING-26` })).toBeNull();
  });
});
