import { ROLE_NAMES, userCalls, voucherCalls, type CallRequest, type User } from '@gre/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { voucherCopy as v } from '../../i18n/zh-CN.voucher';
import { fake, fakeServer, makeUser, renderApp, type FakeReply } from '../../test-utils';
import { codeProblem } from './voucher-page';

beforeAll(async () => {
  await import('./voucher-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const trial = makeUser({
  authority: { ...makeUser().authority, role_kind: 'Trail', role_name: '试用用户', expire_date: null },
});

function serve(reply: (body: CallRequest<typeof voucherCalls.redeem>) => FakeReply<typeof voucherCalls.redeem>) {
  setToken('t'.repeat(43));
  const sent: string[] = [];
  fakeServer(
    fake(userCalls.get, () => ({ data: trial })),
    fake(voucherCalls.redeem, (b) => {
      sent.push(b.code);
      return reply(b);
    }),
  );
  renderApp('/voucher');
  return { sent, user: userEvent.setup() };
}

const box = () => screen.findByRole('textbox', { name: v.code });
const redeemButton = () => screen.getByRole('button', { name: v.redeem });

describe('/voucher', { timeout: 30_000 }, () => {
  it('refuses an empty or malformed code before sending it', async () => {
    const { sent, user } = serve(() => ({ kind: 'not_found' }));
    await box();
    await user.click(redeemButton());
    expect(await screen.findByText(v.empty)).toBeTruthy();
    await user.type(await box(), 'ab!');
    await user.click(redeemButton());
    expect(await screen.findByText(v.format)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('redeems a tier: says what it granted and the role now, and the cached user changes at once', async () => {
    const vip: User = {
      ...trial,
      authority: { ...trial.authority, role_kind: 'VIP', role_name: ROLE_NAMES.VIP, expire_date: '2027-01-05' },
    };
    const { sent, user } = serve(() => ({
      data: {
        voucher: { code: 'SPRING-30', name: '春季活动', grant_kind: 'tier', role_kind: 'VIP', days: 30, coins: null },
        user: vip,
      },
    }));
    await user.type(await box(), 'spring-30{Enter}');
    expect(await screen.findByText(v.success)).toBeTruthy();
    // Typed in any case, sent in upper case.
    expect(sent).toEqual(['SPRING-30']);
    expect(screen.getByText(v.grantedTier(ROLE_NAMES.VIP, 30))).toBeTruthy();
    expect(screen.getByText(v.nowRole(ROLE_NAMES.VIP, '2027-01-05'))).toBeTruthy();
    expect(queryClient.getQueryData<User>(queryKeys.currentUser)?.authority.role_kind).toBe('VIP');
    await user.click(screen.getByRole('button', { name: v.again }));
    expect(await box()).toBeTruthy();
  });

  it('redeems coins: the coins granted and the balance now', async () => {
    const { user } = serve(() => ({
      data: {
        voucher: { code: 'CARDS100', name: '闪卡礼包', grant_kind: 'coins', role_kind: null, days: null, coins: 100 },
        user: { ...trial, authority: { ...trial.authority, flash_coins: 220 } },
      },
    }));
    await user.type(await box(), 'CARDS100');
    await user.click(redeemButton());
    expect(await screen.findByText(v.grantedCoins(100))).toBeTruthy();
    expect(screen.getByText(v.nowCoins(220))).toBeTruthy();
    expect(screen.getByRole('link', { name: v.word }).getAttribute('href')).toBe('/word');
  });

  it('shows why a code was refused under the box: the server’s words, or ours when it sent none', async () => {
    let reply: FakeReply<typeof voucherCalls.redeem> = { kind: 'conflict', show: '你已经兑换过这个兑换码' };
    const { user } = serve(() => reply);
    await user.type(await box(), 'SPRING-30');
    await user.click(redeemButton());
    expect(await screen.findByText('你已经兑换过这个兑换码')).toBeTruthy();
    reply = { kind: 'not_found' };
    await user.click(redeemButton());
    expect(await screen.findByText(v.refused.not_found!)).toBeTruthy();
    // Typing again clears the message.
    await user.type(await box(), 'X');
    await waitFor(() => expect(screen.queryByText(v.refused.not_found!)).toBeNull());
  });
});

describe('codeProblem', () => {
  it('accepts 4 to 32 letters, digits and dashes', () => {
    expect(codeProblem('  ')).toBe(v.empty);
    expect(codeProblem('abc')).toBe(v.format);
    expect(codeProblem('ab c1')).toBe(v.format);
    expect(codeProblem('A'.repeat(33))).toBe(v.format);
    expect(codeProblem('ab-12')).toBeNull();
    expect(codeProblem(' SPRING-30 ')).toBeNull();
  });
});
