import { flashCalls, userCalls, wordCalls, type CallRequest, type User, type WordInfos } from '@gre/contracts';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { AntdLayer } from '../../components/antd-layer';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { closeDialog, dialogStore, openCreateFlash } from '../../state/ui';
import { fake, fakeServer, makeUser } from '../../test-utils';
import { FlashWorld } from './test-utils/flash-world';

const c = zh.flash.create;

beforeAll(async () => {
  await import('./create-flash-dialog');
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

type Check = CallRequest<typeof flashCalls.checkCreate>;

const BOOKS: WordInfos = {
  books: [
    { id: 4, name: '我的生词本', word_count: 12, simple_count: 0, created_at: '2026-11-01', words: [] },
    { id: 9, name: '阅读生词', word_count: 30, simple_count: 0, created_at: '2026-11-02', words: [] },
  ],
};

/** A server whose sources hold 80 words (word books: their size), one coin per card, `coins` in the balance. */
function serve(opts: { coins?: number; pool?: number; createKind?: 'flash_coin_short' } = {}) {
  setToken('t'.repeat(43));
  const world = new FlashWorld([{ word: 'laconic', stage: 'NotSeen' }]);
  let user: User = makeUser();
  user.authority.flash_coins = opts.coins ?? 120;
  queryClient.setQueryData(queryKeys.currentUser, user);
  const checks: Check[] = [];
  const creates: Check[] = [];
  const figures = (req: Check) => {
    const pool =
      req.range_kind === 6 ? (BOOKS.books.find((b) => String(b.id) === req.scope)?.word_count ?? 0) : (opts.pool ?? 80);
    const cards = Math.min(req.limit, pool);
    const need = req.range_kind === 10 ? 0 : cards;
    return {
      pool_count: pool,
      card_count: cards,
      coins_needed: need,
      coins: user.authority.flash_coins,
      fits: need <= user.authority.flash_coins,
    };
  };
  fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(wordCalls.getAll, () => ({ data: BOOKS })),
    fake(flashCalls.checkCreate, (req) => {
      checks.push(req);
      return { data: figures(req) };
    }),
    fake(flashCalls.createFlash, (req) => {
      creates.push(req);
      if (opts.createKind) return { kind: opts.createKind, show: '闪卡额度不足：需要 20 题，剩余 5 题' };
      const need = figures(req).coins_needed;
      user = { ...user, authority: { ...user.authority, flash_coins: user.authority.flash_coins - need } };
      return { data: { flash: world.brief(), user } };
    }),
  );
  return { checks, creates };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function openDialog(rangeKind: number, scope?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AntdLayer>
            <Where />
          </AntdLayer>
        ),
      },
    ],
    {
      initialEntries: ['/word'],
    },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  act(() => openCreateFlash(rangeKind, scope));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(c.source);
  return { dialog, user: userEvent.setup() };
}

const line = (pool: number, cards: number, coins: number, balance: number) => c.checkLine(pool, cards, coins, balance);

describe('create-flash dialog (spec §2)', { timeout: 30_000 }, () => {
  it('asks check_create for the preset source, again (once) after edits, and creates: coins and the deck page', async () => {
    const { checks, creates } = serve();
    const { dialog, user } = await openDialog(5);
    expect(within(dialog).getByText(c.sources.six_two)).toBeTruthy();
    expect(await within(dialog).findByText(line(80, 20, 20, 120))).toBeTruthy();
    expect(checks).toEqual([
      { range_kind: 5, scope: '', limit: 20, exclude_used: false, exclude_correct: false, exclude_flashed: false },
    ]);
    for (const hint of [c.excludeUsedHint, c.excludeCorrectHint, c.excludeFlashedHint])
      expect(within(dialog).getByText(hint)).toBeTruthy();

    const limit = within(dialog).getByRole('spinbutton', { name: c.limit });
    await user.clear(limit);
    await user.type(limit, '35');
    expect(await within(dialog).findByText(line(80, 35, 35, 120))).toBeTruthy();
    // Typing 3 and 5 settles into one more question, not one per keystroke.
    const asked = { range_kind: 5, scope: '', limit: 35, exclude_correct: false, exclude_flashed: false };
    expect(checks.slice(1)).toEqual([{ ...asked, exclude_used: false }]);
    await user.click(within(dialog).getByRole('switch', { name: c.excludeUsed }));
    await waitFor(() => expect(checks.slice(2)).toEqual([{ ...asked, exclude_used: true }]));

    await user.click(within(dialog).getByRole('button', { name: c.submit }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/flash/31'));
    expect(creates).toEqual([checks[2]]);
    expect(queryClient.getQueryData<User>(queryKeys.currentUser)?.authority.flash_coins).toBe(85);
    expect(dialogStore.get()).toBeNull();
  });

  it('创建 stays disabled while the source gives no card, and says why', async () => {
    serve({ pool: 0 });
    const { dialog } = await openDialog(3);
    expect(await within(dialog).findByText(c.empty)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: c.submit })).toHaveProperty('disabled', true);
  });

  it('too few coins: 创建 opens the pay-flash dialog, whose 购买闪卡额度 opens the flash-quota payment', async () => {
    const { creates } = serve({ coins: 5 });
    const { dialog, user } = await openDialog(1);
    expect(await within(dialog).findByText(line(80, 20, 20, 5))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: c.submit }));
    // antd's test ids name both dialogs alike, so the pay-flash dialog is found by its title.
    const pay = (await screen.findByText(zh.flash.payFlash.title)).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(pay).getByText(zh.flash.payFlash.body(20, 5))).toBeTruthy();
    await user.click(within(pay).getByRole('button', { name: zh.flash.payFlash.buy }));
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'FlashCoin' });
    expect(creates).toEqual([]);
  });

  it('flash_coin_short from create (coins spent elsewhere meanwhile) opens the payment with the server text', async () => {
    serve({ createKind: 'flash_coin_short' });
    const { dialog, user } = await openDialog(2);
    await within(dialog).findByText(line(80, 20, 20, 120));
    await user.click(within(dialog).getByRole('button', { name: c.submit }));
    expect(await screen.findByText('闪卡额度不足：需要 20 题，剩余 5 题')).toBeTruthy();
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'FlashCoin' });
  });

  it('a word-book deck starts on the first book and can switch books; the scope is the book id', async () => {
    const { checks } = serve();
    const { dialog, user } = await openDialog(6);
    expect(await within(dialog).findByText(line(12, 12, 12, 120))).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: c.book }));
    await user.click(await screen.findByTitle('阅读生词（30）'));
    expect(await within(dialog).findByText(line(30, 20, 20, 120))).toBeTruthy();
    expect(checks.map((r) => r.scope)).toEqual(['4', '9']);
  });

  it('presets: a frequency band, a card tag, and the review deck costs nothing', async () => {
    const { checks } = serve();
    const first = await openDialog(7, '3');
    expect(within(first.dialog).getByRole('radio', { name: c.bandName(3) })).toHaveProperty('checked', true);
    await waitFor(() => expect(checks.at(-1)).toMatchObject({ range_kind: 7, scope: '3' }));
    act(() => openCreateFlash(8, 'best'));
    await waitFor(() => expect(screen.getByRole('radio', { name: c.tags.best })).toHaveProperty('checked', true));
    await waitFor(() => expect(checks.at(-1)).toMatchObject({ range_kind: 8, scope: 'best' }));
    act(() => openCreateFlash(10));
    expect(await screen.findByText(c.reviewLine(80, 20))).toBeTruthy();
  });
});
