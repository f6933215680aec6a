import { codeCalls, payCalls, userCalls, type Payment, type Trade } from '@gre/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { zh } from '../../../i18n/zh-CN';
import { dialogStore, openPay } from '../../../state/ui';
import { fake, fakeServer, makeUser, sentBody } from '../../../test-utils';
import { makePayment, NOW, renderWithUser } from './pay-fixtures';

const p = zh.pay;

/**
 * The payment dialog's test clock: fake timers (and a pinned `Date`) for each test, while promises — the fake fetch,
 * React Query — run as they do. Call once at the top of a test file.
 */
export function setUpPayDialogClock() {
  beforeAll(async () => {
    // Compile antd and the lazily loaded dialog body once, so no test waits on the module runner under fake timers.
    await Promise.all([import('../pay-dialog'), import('../../../components/dialogs/catalogue-dialogs')]);
  }, 60_000);

  beforeEach(() => {
    vi.useFakeTimers({
      now: NOW * 1000,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });

  afterEach(() => {
    act(() => dialogStore.set(null));
    cleanup();
    vi.useRealTimers();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Lets timers due within `ms` run, and every promise and render they start. */
export const tick = async (ms = 0) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
};

/** Ticks (without moving the clock much) until `check` passes: the fake fetch and React settle in a few rounds. */
export async function settle(check: () => unknown, rounds = 40) {
  for (let i = 0; ; i++) {
    try {
      return check();
    } catch (e) {
      if (i >= rounds) throw e;
      await tick(1);
    }
  }
}

export interface World {
  /** What the next init answers; `round` is how many inits came before. */
  init: (body: { kind: string; param: number; code?: string }, round: number) => Payment;
  /** What each poll answers, by the trade asked about. */
  poll: (trade: Trade) => Trade;
  check: (trade: Trade) => Trade;
  codes: Record<string, { name: string; info: string } | undefined>;
}

/** A payment server: each init a new trade (ids 501, 502, …), polls and 'I have paid' as the world says. */
export function serve(over: Partial<World> = {}) {
  const world: World = {
    init: (body, round) => makePayment({}, { id: 501 + round, kind: body.kind as Trade['kind'], param: body.param }),
    poll: (t) => t,
    check: (t) => t,
    codes: {},
    ...over,
  };
  const trades = new Map<number, Trade>();
  let user = makeUser();
  let inits = 0;
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(payCalls.init, (body) => {
      const payment = world.init(body, inits++);
      trades.set(payment.trade.id, payment.trade);
      return { data: payment };
    }),
    fake(payCalls.get, (body) => {
      const t = world.poll(trades.get(body.id)!);
      trades.set(t.id, t);
      if (t.status === 'ApplySuccess') user = { ...user, authority: { ...user.authority, flash_coins: 220 } };
      return { data: { trade: t, user } };
    }),
    fake(payCalls.checkPaid, (body) => {
      const t = world.check(trades.get(body.trade_id)!);
      trades.set(t.id, t);
      return { data: { trade: t, user } };
    }),
    fake(codeCalls.get, (body) => {
      const c = world.codes[body.code.toUpperCase()];
      return {
        data: c
          ? { code: body.code.toUpperCase(), ...c, valid: true }
          : { code: body.code.toUpperCase(), name: '', info: '', valid: false },
      };
    }),
  );
  const sent = (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
  return { fetch, world, sent, polls: () => sent(payCalls.get.path).length };
}

export async function openDialog(kind: 'VIP' | 'SVIP' | 'FlashCoin' = 'VIP', user = makeUser()) {
  renderWithUser(user);
  act(() => openPay(kind));
  await settle(() => screen.getByRole('dialog'));
  return screen.getByRole('dialog');
}

export const qr = () => screen.queryByRole('img', { name: p.qrLabel });
/** Buttons by their text (the modal's × is also named 关闭, by its aria-label). */
export const buttonsByText = (dialog: HTMLElement, text: string) =>
  within(dialog)
    .getAllByRole('button')
    .filter((b) => b.textContent === text);
