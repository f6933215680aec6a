import { ROLE_KINDS, type RoleKind } from '@gre/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { UpgradeButtons, BuyFlashCoinsButton, upgradeChoices } from '../../components/upgrade-buttons';
import { zh } from '../../i18n/zh-CN';
import { dialogStore } from '../../state/ui';
import { renderWithUser, userOf } from './test-utils/pay-fixtures';

const u = zh.pay.upgrade;

beforeAll(async () => {
  await import('../../components/antd-layer');
}, 60_000);

afterEach(() => {
  act(() => dialogStore.set(null));
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The buttons as a learner reads them: label, and whether it can be pressed. */
const shown = () =>
  screen.queryAllByRole('button').map((b) => [b.textContent, (b as HTMLButtonElement).disabled] as const);

describe('upgrade buttons (spec §2)', () => {
  it.each<[RoleKind, (readonly [string, boolean])[]]>([
    [
      'Trail',
      [
        [u.vip, false],
        [u.svip, false],
      ],
    ],
    [
      'FreeVIP',
      [
        [u.vip, false],
        [u.svip, false],
      ],
    ],
    ['VIP', [[u.svip, false]]],
    ['SVIP', [[u.current('超级会员（SVIP）'), true]]],
  ])('%s sees %j', (role, expected) => {
    renderWithUser(userOf(role), <UpgradeButtons />);
    expect(shown()).toEqual(expected);
  });

  it('logged out: nothing at all', () => {
    renderWithUser(null, <UpgradeButtons renew />);
    expect(shown()).toEqual([]);
  });

  it('renewing (the home card): a VIP may renew VIP beside the SVIP upgrade; an SVIP renews beside the identity', () => {
    expect(upgradeChoices('VIP', true)).toEqual({
      buttons: [
        { tier: 'VIP', label: u.renewVip, renewal: true },
        { tier: 'SVIP', label: u.svip, renewal: false },
      ],
      identity: null,
    });
    expect(upgradeChoices('SVIP', true)).toEqual({
      buttons: [{ tier: 'SVIP', label: u.renewSvip, renewal: true }],
      identity: u.current('超级会员（SVIP）'),
    });
    expect(upgradeChoices('Trail', true).buttons.map((b) => b.label)).toEqual([u.vip, u.svip]);
  });

  it('every role gets either a button to press or its identity, never both missing', () => {
    for (const role of ROLE_KINDS) {
      const c = upgradeChoices(role);
      expect(c.buttons.length > 0 || c.identity !== null).toBe(true);
    }
  });

  it('each button opens the payment dialog on its tier', () => {
    renderWithUser(userOf('Trail'), <UpgradeButtons />);
    fireEvent.click(screen.getByRole('button', { name: u.svip }));
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'SVIP' });
    act(() => dialogStore.set(null));
    fireEvent.click(screen.getByRole('button', { name: u.vip }));
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'VIP' });
  });

  it('购买闪卡额度 opens the flash-quota payment dialog; logged out it is not there', () => {
    const { unmount } = renderWithUser(userOf('Trail'), <BuyFlashCoinsButton />);
    fireEvent.click(screen.getByRole('button', { name: u.buyFlash }));
    expect(dialogStore.get()).toEqual({ kind: 'pay', trade: 'FlashCoin' });
    unmount();
    act(() => dialogStore.set(null));
    queryClient.clear();
    localStorage.clear();
    renderWithUser(null, <BuyFlashCoinsButton />);
    expect(screen.queryByRole('button', { name: u.buyFlash })).toBeNull();
  });
});
