import { permissionCalls, ROLE_NAMES, userCalls, type AdminUser, type User } from '@gre/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, makeUser, renderApp } from '../../test-utils';
import { forgetSentCode } from './op-check';
import { makeAdminUser } from './test-utils/admin-fixtures';
import {
  confirmWithCode,
  consoleTestHooks,
  frozenAnswer,
  onePage,
  OP_CODE,
  serveConsole,
} from './test-utils/console-fixture';

const u = adminCopy.users;
const d = adminCopy.drawer;

consoleTestHooks(
  () => import('./web-manage-page'),
  () => import('./users-tab'),
);

/** The server's users, changed by the permission calls as the server would, each behind the code `OP_CODE`; the caller an admin unless given. */
function serve(caller?: User) {
  const users: AdminUser[] = [
    makeAdminUser({ id: 12, name: '小明', flash_coins: 40 }),
    makeAdminUser({ id: 13, name: '小红', phone: '13900000013', email: null, higher_access: true }),
  ];
  const byId = (id: number) => users.find((x) => x.id === id)!;
  const put = (next: AdminUser) => {
    users[users.findIndex((x) => x.id === next.id)] = next;
    return { data: next };
  };
  const checked = <B extends { op_code: string }>(b: B, then: () => { data: AdminUser }) =>
    b.op_code === OP_CODE ? then() : { kind: 'code_invalid' as const };
  const { bodies } = serveConsole(
    [
      fake(permissionCalls.findUsers, ({ query = '', page = 1, page_size = 20 }) => {
        const found = users.filter((x) => !query || x.name.includes(query) || String(x.id) === query);
        return onePage(found, page, page_size);
      }),
      fake(permissionCalls.getUser, ({ user_id }) => ({ data: { user: byId(user_id), records: [], trades: [] } })),
      fake(permissionCalls.checkCoin, ({ user_id }) => ({
        data: { user_id, coins: byId(user_id).flash_coins, history: [] },
      })),
      fake(permissionCalls.manualGrantVip, (b) =>
        checked(b, () =>
          put({
            ...byId(b.user_id),
            role_kind: b.tier,
            role_name: ROLE_NAMES[b.tier],
            expire_stamp: Date.UTC(2027, 0, 30, 16) / 1000,
          }),
        ),
      ),
      fake(permissionCalls.setHigher, (b) => checked(b, () => put({ ...byId(b.user_id), higher_access: b.on }))),
      fake(permissionCalls.manualChangeFlashCoin, (b) =>
        checked(b, () => put({ ...byId(b.user_id), flash_coins: byId(b.user_id).flash_coins + b.delta })),
      ),
      fake(userCalls.freeze, (b) => {
        if (b.op_code !== OP_CODE) return { kind: 'code_invalid' };
        return frozenAnswer(put({ ...byId(b.user_id), is_freeze: b.freeze }).data);
      }),
    ],
    caller,
  );
  return { users, bodies };
}

/** The confirmation dialog over the drawer (the test environment gives both the same label id, so by its title). */
const codeDialog = (action: string) =>
  screen.queryAllByRole('dialog').find((x) => x.textContent?.includes(adminCopy.opCheck.title(action))) ?? null;

/** Answers the confirmation dialog over the drawer and waits for it to close. */
async function confirmAndClose(action: string) {
  await confirmWithCode(action);
  await waitFor(() => expect(codeDialog(action)).toBeNull());
}

const drawer = () => screen.findByRole('dialog');
const checked = (el: HTMLElement) => el.getAttribute('aria-checked');

describe('/web_manage 用户', { timeout: 40_000 }, () => {
  it('finds users by what is typed, lists their tier, rights and state, and opens one in the drawer', async () => {
    const { bodies } = serve();
    const { router } = renderApp('/web_manage?tab=users');
    const row = (await screen.findByText('小红', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText(u.rights.higher)).toBeTruthy();
    expect(within(row).getByText(`${ROLE_NAMES.Trail} · ${u.forever}`)).toBeTruthy();
    expect(within(row).getByText(u.active)).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: u.search }), '小明');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(u.search) }));
    await waitFor(() => expect(screen.queryByText('小红')).toBeNull());
    expect(bodies(permissionCalls.findUsers.path).at(-1)).toMatchObject({ query: '小明', page: 1 });

    await userEvent.click(screen.getByRole('button', { name: `${u.open} 小明` }));
    const panel = await drawer();
    expect(await within(panel).findByText(d.balance(40))).toBeTruthy();
    expect(router.state.location.search).toContain('user=12');
    expect(within(panel).getByText('xiaoming@example.com')).toBeTruthy();
  });

  it('grants SVIP for 90 days behind the confirmation code and shows the tier the server answers', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=users&user=12');
    const panel = await screen.findByRole('region', { name: d.membership }, { timeout: 10_000 });
    await userEvent.click(within(panel).getByRole('combobox', { name: d.grantTier }));
    await userEvent.click(await screen.findByTitle(ROLE_NAMES.SVIP));
    const days = within(panel).getByRole('spinbutton', { name: d.grantDays });
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(within(panel).getByRole('button', { name: d.grantButton }));
    expect(await screen.findByText(d.grantSummary('小明（ID 12）', ROLE_NAMES.SVIP, 90))).toBeTruthy();
    await confirmAndClose(d.grantAction);

    expect(bodies(permissionCalls.manualGrantVip.path)).toEqual([
      { user_id: 12, tier: 'SVIP', days: 90, op_code: OP_CODE },
    ]);
    const item = (label: string) => within(panel).getByText(label).closest<HTMLElement>('.ant-descriptions-item')!;
    await waitFor(() => expect(item(d.current).textContent).toContain(ROLE_NAMES.SVIP));
    expect(item(d.expires).textContent).toContain('2027-01-31 00:00');
    expect(await screen.findByText(d.granted)).toBeTruthy();
    // Now above the base tier, the tier can be ended.
    expect(within(panel).getByRole('button', { name: d.remove })).toHaveProperty('disabled', false);
  });

  it('opens the higher bank with the switch, and changes coins without taking more than there are', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=users&user=12');
    const access = await screen.findByRole('region', { name: d.access }, { timeout: 10_000 });
    const higher = within(access).getByRole('switch', { name: d.higher });
    expect(checked(higher)).toBe('false');
    await userEvent.click(higher);
    await confirmAndClose(d.switchAction(d.higher, true));
    expect(bodies(permissionCalls.setHigher.path)).toEqual([{ user_id: 12, on: true, op_code: OP_CODE }]);
    await waitFor(() => expect(checked(within(access).getByRole('switch', { name: d.higher }))).toBe('true'));

    forgetSentCode();
    const coins = screen.getByRole('region', { name: d.coins });
    const amount = within(coins).getByRole('spinbutton', { name: d.coinDelta });
    await userEvent.type(amount, '50');
    expect(within(coins).getByText(d.coinTooMany(40))).toBeTruthy();
    expect(within(coins).getByRole('button', { name: d.coinTake })).toHaveProperty('disabled', true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '15');
    await userEvent.click(within(coins).getByRole('button', { name: d.coinTake }));
    expect(await screen.findByText(d.coinSummary('小明（ID 12）', -15, 40))).toBeTruthy();
    await confirmAndClose(d.coinAction(-15));
    expect(bodies(permissionCalls.manualChangeFlashCoin.path)).toEqual([{ user_id: 12, delta: -15, op_code: OP_CODE }]);
    expect(await within(coins).findByText(d.balance(25))).toBeTruthy();
  });

  it('freezing needs a reason, which is sent with the code; the drawer then says the account is frozen', async () => {
    const { bodies } = serve();
    renderApp('/web_manage?tab=users&user=12');
    const account = await screen.findByRole('region', { name: d.account }, { timeout: 10_000 });
    const button = within(account).getByRole('button', { name: adminCopy.freeze.freezeButton });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.type(within(account).getByRole('textbox', { name: adminCopy.freeze.reason }), '账号共享');
    await userEvent.click(button);
    await confirmAndClose(adminCopy.freeze.freezeAction);
    expect(bodies(userCalls.freeze.path)).toEqual([
      { user_id: 12, freeze: true, reason: '账号共享', op_code: OP_CODE },
    ]);
    expect(await within(account).findByText(d.frozenNow)).toBeTruthy();
    expect(within(account).getByRole('button', { name: adminCopy.freeze.unfreezeButton })).toBeTruthy();
  });

  it('a learner on their base tier: no end date, and 取消会员 is off', async () => {
    serve();
    renderApp('/web_manage?tab=users&user=13');
    const panel = await screen.findByRole('region', { name: d.membership }, { timeout: 10_000 });
    expect(within(panel).getByText(u.forever)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: d.remove })).toHaveProperty('disabled', true);
  });

  it('shows the 403 page to a logged-in learner and asks for no user', async () => {
    const { bodies } = serve(makeUser({ is_admin: false }));
    renderApp('/web_manage?tab=users');
    expect(await screen.findByText(zh.admin.forbidden, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bodies(permissionCalls.findUsers.path)).toEqual([]);
  });
});
