import { codeCalls, payCalls, userCalls, type TradeStatus } from '@gre/contracts';
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser } from '../../test-utils';
import { makePayment, userOf } from './test-utils/pay-fixtures';
import { openDialog, qr, serve, settle, tick, setUpPayDialogClock } from './test-utils/pay-harness';
import { SLOW_QR_MS } from './use-payment';

const p = zh.pay;

// The statuses' copy, 'I have paid', the 30 s hint, the discount code and failed inits; pay-dialog.test.tsx has the
// opening, the switches and the polling.
setUpPayDialogClock();

describe('payment dialog: each status', { timeout: 30_000 }, () => {
  const cases: [TradeStatus, string, string?][] = [
    ['None', p.loading],
    ['PaySuccess', p.status.PaySuccess],
    ['PayTimeout', p.status.PayTimeout],
    ['PayCancel', p.status.PayCancel],
    ['ApplyFail', p.status.ApplyFail, p.status.applyFailHint],
    ['InitPayFail', p.status.other, p.status.otherHint],
    ['PayFail', p.status.other, p.status.otherHint],
    ['ManualInvalid', p.status.other, p.status.otherHint],
    ['Refund', p.status.other, p.status.otherHint],
  ];
  it.each(cases)('%s → %s', async (status, title, hint) => {
    serve({ init: (b, r) => makePayment({}, { id: 501 + r, status }) });
    const dialog = await openDialog();
    await settle(() => within(dialog).getByText(title));
    if (hint) within(dialog).getByText(hint);
    expect(qr()).toBeNull();
    // '我已支付' belongs to the QR code only.
    expect(within(dialog).queryByRole('button', { name: p.paid })).toBeNull();
    if (status === 'ApplyFail') expect(within(dialog).getByText(p.order('GRE20261122000501'))).toBeTruthy();
  });

  it('ApplySuccess for a membership says so before the reload', async () => {
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    serve({ init: (b, r) => makePayment({}, { id: 501 + r, status: 'ApplySuccess' }) });
    const dialog = await openDialog();
    await settle(() => within(dialog).getByText(p.status.memberDone));
  });
});

describe('payment dialog: 我已支付 and the 30 s hint', { timeout: 30_000 }, () => {
  it("'我已支付' shows 订单确认中… while check_paid runs, then the status it answers", async () => {
    const { fetch, sent } = serve({ check: (t) => ({ ...t, status: 'PaySuccess' }) });
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    const answer = fetch.getMockImplementation()!;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetch.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === payCalls.checkPaid.path) await gate;
      return answer(url, init);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: p.paid }));
    await settle(() => within(dialog).getByText(p.confirming));
    expect(qr()).toBeNull();
    expect(sent(payCalls.checkPaid.path)).toEqual([{ trade_id: 501 }]);
    release();
    await settle(() => within(dialog).getByText(p.status.PaySuccess));
  });

  it("'我已支付' with nothing paid yet: the QR code again, with a word that the dialog keeps watching", async () => {
    serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: p.paid }));
    await settle(() => within(dialog).getByText(p.notYetPaid));
    expect(qr()).toBeTruthy();
  });

  it('no QR code 30 s after opening: 二维码长时间未显示？请关闭后重试', async () => {
    serve({ init: (b, r) => makePayment({ qrcode_text: null, qrcode_url: null }, { id: 501 + r }) });
    const dialog = await openDialog();
    await settle(() => within(dialog).getByText(p.loading));
    await tick(SLOW_QR_MS - 1_000);
    expect(within(dialog).queryByText(p.slowQr)).toBeNull();
    await tick(1_000);
    expect(within(dialog).getByText(p.slowQr)).toBeTruthy();
  });

  it('no hint while the QR code shows', async () => {
    serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    await tick(SLOW_QR_MS * 2);
    expect(within(dialog).queryByText(p.slowQr)).toBeNull();
  });
});

describe('payment dialog: discount code', { timeout: 30_000 }, () => {
  const codeInput = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>(p.code.label);
  const apply = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: p.code.apply }));

  it('empty: 请输入优惠码, and nothing is asked', async () => {
    const { sent } = serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.change(codeInput(dialog), { target: { value: '   ' } });
    apply(dialog);
    await settle(() => within(dialog).getByText(p.code.empty));
    expect(sent(codeCalls.get.path)).toEqual([]);
  });

  it('invalid: 优惠码不可用 and the field clears; the trade stays', async () => {
    const { sent } = serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.change(codeInput(dialog), { target: { value: 'NOPE-1' } });
    apply(dialog);
    await settle(() => within(dialog).getByText(p.code.invalid));
    expect(codeInput(dialog).value).toBe('');
    expect(sent(codeCalls.get.path)).toEqual([{ code: 'NOPE-1' }]);
    expect(sent(payCalls.init.path)).toHaveLength(1);
  });

  it('valid: 正在使用 {name}, and the trade is created again with the code (kept on a later switch)', async () => {
    const { sent } = serve({
      codes: { SAVE20: { name: '新人立减', info: '立减 ¥20.00' } },
      init: (b, r) =>
        b.code
          ? makePayment({ price: 7_900, list_price: 9_900 }, { id: 501 + r, price: 7_900, param: b.param })
          : makePayment({}, { id: 501 + r, param: b.param }),
    });
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.change(codeInput(dialog), { target: { value: 'save20' } });
    apply(dialog);
    await settle(() => within(dialog).getByText(p.code.using('新人立减')));
    await settle(() => expect(within(dialog).getByTestId('pay-price').textContent).toBe('¥79.00'));
    fireEvent.click(within(dialog).getByRole('tab', { name: '2个月' }));
    await settle(() => expect(sent(payCalls.init.path)).toHaveLength(3));
    expect(sent(payCalls.init.path).map((b) => (b as { code?: string }).code)).toEqual([undefined, 'SAVE20', 'SAVE20']);
  });

  it('a code the format forbids is refused here, without counting towards the freeze', async () => {
    const { sent } = serve();
    const dialog = await openDialog();
    await settle(() => expect(qr()).toBeTruthy());
    fireEvent.change(codeInput(dialog), { target: { value: '优惠!' } });
    apply(dialog);
    await settle(() => within(dialog).getByText(p.code.invalid));
    expect(sent(codeCalls.get.path)).toEqual([]);
  });
});

describe('payment dialog: failures', { timeout: 30_000 }, () => {
  it('buy_role_exist on init: the catalogue message in the dialog, no QR code', async () => {
    fakeServer(
      fake(userCalls.get, () => ({ data: makeUser() })),
      fake(payCalls.init, () => ({ kind: 'buy_role_exist' })),
    );
    const dialog = await openDialog('VIP', userOf('SVIP'));
    await settle(() => within(dialog).getAllByText(zh.errors.buyRoleExist));
    expect(qr()).toBeNull();
  });

  it('another init failure offers 重试, which creates the trade again', async () => {
    let fail = true;
    const fetch = fakeServer(
      fake(userCalls.get, () => ({ data: makeUser() })),
      fake(payCalls.init, () => (fail ? { kind: 'rate_limited' } : { data: makePayment() })),
    );
    const dialog = await openDialog();
    await settle(() => within(dialog).getByText(p.initFailed));
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*试/ }));
    await settle(() => expect(qr()).toBeTruthy());
    expect(fetch.mock.calls.filter(([u]) => u === payCalls.init.path)).toHaveLength(2);
  });
});
