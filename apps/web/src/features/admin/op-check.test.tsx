import { CODE_RULES, permissionCalls, userCalls, type AdminUser } from '@gre/contracts';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api/client';
import { bindToaster } from '../../api/effects';
import type { Toast } from '../../api/error-catalogue';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { AppProviders } from '../../components/app-providers';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { fake, fakeServer, sentBody } from '../../test-utils';
import { forgetSentCode, useOpCheck } from './op-check';
import { makeAdminUser } from './test-utils/admin-fixtures';

const t = adminCopy.opCheck;
const toasts: Toast[] = [];

beforeEach(() => {
  setToken('t'.repeat(43));
  forgetSentCode();
  bindToaster((toast) => toasts.push(toast));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  bindToaster(null);
  toasts.length = 0;
});

/** One button that grants VIP for 30 days behind the confirmation code, as the drawer does. */
function Harness({ onDone }: { onDone: (u: AdminUser) => void }) {
  const { ask, dialog } = useOpCheck();
  return (
    <>
      <button
        onClick={() =>
          ask({
            action: '开通会员',
            summary: '为 小明（ID 12）开通 会员 30 天',
            run: (op_code) => call(permissionCalls.manualGrantVip, { user_id: 12, tier: 'VIP', days: 30, op_code }),
            onDone,
          })
        }
      >
        开通
      </button>
      {dialog}
    </>
  );
}

type SendReply = 'ok' | 'too_frequent';

/** The server: sends codes (or refuses as too frequent), and accepts only `good` as the code of a grant. */
function serve(good: string, sends: SendReply[] = ['ok'], grant: 'ok' | 'conflict' = 'ok') {
  let sent = 0;
  const fetch = fakeServer(
    fake(userCalls.sendOpCheckCode, () => {
      const reply = sends[Math.min(sent++, sends.length - 1)];
      return reply === 'ok'
        ? { data: { resend_after: CODE_RULES.resendSeconds, target: 'a***@demo.gre' } }
        : { kind: 'code_too_frequent' };
    }),
    fake(permissionCalls.manualGrantVip, (b) => {
      if (b.op_code !== good) return { kind: 'code_invalid' };
      if (grant === 'conflict') return { kind: 'conflict', show: '该用户已是更高等级的会员' };
      return { data: makeAdminUser({ id: 12, role_kind: 'VIP', role_name: '会员' }) };
    }),
  );
  const bodies = (path: string) => fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => sentBody(init));
  return { bodies };
}

function mount() {
  const onDone = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <App>
        <Harness onDone={onDone} />
      </App>
    </AppProviders>,
  );
  return onDone;
}

const dialog = () => screen.getByRole('dialog', { name: t.title('开通会员') });
const okButton = () => within(dialog()).getByRole('button', { name: /确认执行/ });

describe('the confirmation-code dialog', { timeout: 30_000 }, () => {
  it('sends a code on opening, says where it went and counts down; the code runs the action and the dialog closes', async () => {
    const { bodies } = serve('123456');
    const onDone = mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    expect(await screen.findByText(t.sentTo('a***@demo.gre'))).toBeTruthy();
    expect(within(dialog()).getByText('为 小明（ID 12）开通 会员 30 天')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: t.resendIn(60) })).toHaveProperty('disabled', true);
    expect(bodies(userCalls.sendOpCheckCode.path)).toHaveLength(1);

    await userEvent.type(within(dialog()).getByLabelText(t.code), '123456');
    await userEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies(permissionCalls.manualGrantVip.path)).toEqual([
      { user_id: 12, tier: 'VIP', days: 30, op_code: '123456' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a wrong or expired code is said in Chinese and the dialog stays for another try', async () => {
    const { bodies } = serve('654321');
    const onDone = mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    await screen.findByText(t.sentTo('a***@demo.gre'));
    const input = within(dialog()).getByLabelText<HTMLInputElement>(t.code);
    await userEvent.type(input, '111111');
    await userEvent.click(okButton());
    expect(await within(dialog()).findByText(t.codeInvalid)).toBeTruthy();
    expect(input.value).toBe('');
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.type(input, '654321');
    await userEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies(permissionCalls.manualGrantVip.path).map((b) => (b as { op_code: string }).op_code)).toEqual([
      '111111',
      '654321',
    ]);
  });

  it('takes only six digits: letters are dropped and a short code is refused before any call', async () => {
    const { bodies } = serve('123456');
    mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    await screen.findByText(t.sentTo('a***@demo.gre'));
    const input = within(dialog()).getByLabelText<HTMLInputElement>(t.code);
    await userEvent.type(input, '12a3-45');
    expect(input.value).toBe('12345');
    await userEvent.click(okButton());
    expect(await within(dialog()).findByText(t.codeRule)).toBeTruthy();
    expect(bodies(permissionCalls.manualGrantVip.path)).toEqual([]);
  });

  it('a second action within the minute waits for it to end, then sends a new code by itself', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      const { bodies } = serve('123456');
      const onDone = mount();
      await userEvent.click(screen.getByRole('button', { name: '开通' }));
      await screen.findByText(t.sentTo('a***@demo.gre'));
      await userEvent.type(within(dialog()).getByLabelText(t.code), '123456');
      await userEvent.click(okButton());
      await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await act(() => vi.advanceTimersByTimeAsync(20_000));
      await userEvent.click(screen.getByRole('button', { name: '开通' }));
      expect(await within(dialog()).findByText(/上一个验证码已使用/)).toBeTruthy();
      expect(within(dialog()).getByRole('button', { name: /秒后可重新获取/ })).toHaveProperty('disabled', true);
      expect(bodies(userCalls.sendOpCheckCode.path)).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(41_000));
      expect(await within(dialog()).findByText(t.sentTo('a***@demo.gre'))).toBeTruthy();
      expect(bodies(userCalls.sendOpCheckCode.path)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the server refusing another code (one went out from elsewhere) is said in Chinese', async () => {
    serve('123456', ['too_frequent']);
    mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    expect(await within(dialog()).findByText(t.tooFrequent)).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: /获取验证码/ })).toHaveProperty('disabled', false);
  });

  it('cancelled and opened again within the minute: the code already sent is used, none is asked for', async () => {
    const { bodies } = serve('123456');
    mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    await screen.findByText(t.sentTo('a***@demo.gre'));
    await userEvent.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    expect(await within(dialog()).findByText(t.stillValid('a***@demo.gre'))).toBeTruthy();
    expect(bodies(userCalls.sendOpCheckCode.path)).toHaveLength(1);
  });

  it('an action refused for another reason closes the dialog and the catalogue says why', async () => {
    serve('123456', ['ok'], 'conflict');
    const onDone = mount();
    await userEvent.click(screen.getByRole('button', { name: '开通' }));
    await screen.findByText(t.sentTo('a***@demo.gre'));
    await userEvent.type(within(dialog()).getByLabelText(t.code), '123456');
    await act(() => userEvent.click(okButton()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    expect(toasts.map((x) => x.title)).toContain('该用户已是更高等级的会员');
  });
});
