import { permissionCalls, userCalls, type AdminUser, type User } from '@gre/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, makeUser, renderApp } from '../../test-utils';
import { makeAdminUser } from './test-utils/admin-fixtures';
import {
  confirmWithCode,
  consoleTestHooks,
  frozenAnswer,
  onePage,
  OP_CODE,
  serveConsole,
} from './test-utils/console-fixture';

const f = adminCopy.freeze;

consoleTestHooks(() => import('./freeze-page'));

/** The server's users, frozen and unfrozen behind the code `OP_CODE`; the caller an admin unless given. */
function serve(caller?: User) {
  const users: AdminUser[] = [
    makeAdminUser({ id: 1, name: '小管', is_admin: true }),
    makeAdminUser({ id: 12, name: '小明' }),
    makeAdminUser({ id: 14, name: '小刚', is_freeze: true }),
  ];
  return serveConsole(
    [
      fake(permissionCalls.findUsers, ({ query = '', frozen, page = 1, page_size = 20 }) => {
        const items = users.filter(
          (x) => (frozen === undefined || x.is_freeze === frozen) && (!query || x.name.includes(query)),
        );
        return onePage(items, page, page_size);
      }),
      fake(userCalls.freeze, (b) => {
        if (b.op_code !== OP_CODE) return { kind: 'code_invalid' };
        const user = users.find((x) => x.id === b.user_id)!;
        user.is_freeze = b.freeze;
        return frozenAnswer(user);
      }),
    ],
    caller,
  );
}

describe('/freeze and /unfreeze', { timeout: 40_000 }, () => {
  it('/freeze: finds only active users, not the admin; freezing needs a reason and shows the result', async () => {
    const { bodies } = serve();
    renderApp('/freeze');
    const search = await screen.findByRole('searchbox', { name: f.find }, { timeout: 10_000 });
    // Nothing is listed before a search.
    expect(bodies(permissionCalls.findUsers.path)).toEqual([]);
    await userEvent.type(search, '小');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(f.find) }));
    await screen.findByRole('button', { name: `${f.pick} 小明` });
    expect(bodies(permissionCalls.findUsers.path).at(-1)).toMatchObject({ query: '小', frozen: false });
    expect(screen.queryByRole('button', { name: `${f.pick} 小刚` })).toBeNull();
    // The admin's own account is found by the server but cannot be frozen by them: not offered.
    expect(screen.queryByRole('button', { name: `${f.pick} 小管` })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: `${f.pick} 小明` }));
    const freeze = screen.getByRole('button', { name: f.freezeButton });
    expect(freeze).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: f.reason }), '  多次尝试无效优惠码 ');
    await userEvent.click(freeze);
    expect(await screen.findByText(f.freezeSummary('小明', 12, '多次尝试无效优惠码'))).toBeTruthy();
    await confirmWithCode(f.freezeAction);
    expect(await screen.findByText(f.resultFrozen('小明', 12))).toBeTruthy();
    expect(bodies(userCalls.freeze.path)).toEqual([
      { user_id: 12, freeze: true, reason: '多次尝试无效优惠码', op_code: OP_CODE },
    ]);
  });

  it('/unfreeze: lists the frozen accounts at once; unfreezing asks no reason', async () => {
    const { bodies } = serve();
    renderApp('/unfreeze');
    await userEvent.click(await screen.findByRole('button', { name: `${f.pick} 小刚` }, { timeout: 10_000 }));
    expect(screen.queryByRole('button', { name: `${f.pick} 小明` })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: f.unfreezeButton }));
    await confirmWithCode(f.unfreezeAction);
    expect(await screen.findByText(f.resultUnfrozen('小刚', 14))).toBeTruthy();
    await waitFor(() =>
      expect(bodies(userCalls.freeze.path)).toEqual([{ user_id: 14, freeze: false, op_code: OP_CODE }]),
    );
  });

  it('a learner gets the 403 page', async () => {
    const { bodies } = serve(makeUser({ is_admin: false }));
    renderApp('/freeze');
    expect(await screen.findByText(zh.admin.forbidden, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bodies(permissionCalls.findUsers.path)).toEqual([]);
  });
});
