import { CLIENT_TIMINGS, ERROR_KINDS, type QuotaRefusal } from '@gre/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zh } from '../i18n/zh-CN';
import { ApiError } from './client';
import { createErrorCatalogue, type CatalogueEffects } from './error-catalogue';

function setup(roleName: string | null = '会员') {
  const fx = {
    toast: vi.fn<CatalogueEffects['toast']>(),
    openDialog: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
    clearToken: vi.fn(),
    showUpgradeOverlay: vi.fn(),
    setTimer: vi.fn((fn: () => void, ms: number) => void setTimeout(fn, ms)),
    roleName: vi.fn(() => roleName),
  } satisfies CatalogueEffects;
  return { fx, handle: createErrorCatalogue(fx) };
}

/** An envelope error as the client builds it from a server answer. */
function kindError(
  kind: string,
  opts: { show?: string; detail?: string; status?: number; subject?: string; quota?: QuotaRefusal } = {},
) {
  const status = opts.status ?? ERROR_KINDS[kind as keyof typeof ERROR_KINDS] ?? 400;
  return new ApiError(
    status,
    '',
    kind,
    opts.show ?? '',
    opts.detail ?? `detail of ${kind}`,
    '/api/x',
    opts.subject ?? null,
    opts.quota ?? null,
  );
}

const dayQuota: QuotaRefusal = {
  reason: 'day',
  subject: 'quant',
  role_name: '试用用户',
  used: 30,
  limit: 30,
  period: 'day',
  renews_at: 1_764_000_000,
};

function httpError(status: number, statusText = '') {
  return new ApiError(status, statusText, '', '', 'not an API response', '/api/x');
}

const toasts = (fx: ReturnType<typeof setup>['fx']) => fx.toast.mock.calls.map((c) => c[0]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('error catalogue (spec §8)', () => {
  it('server_upgrading shows the upgrade overlay and nothing else', () => {
    const { fx, handle } = setup();
    handle(kindError('server_upgrading'));
    expect(fx.showUpgradeOverlay).toHaveBeenCalledOnce();
    expect(fx.toast).not.toHaveBeenCalled();
    expect(fx.openDialog).not.toHaveBeenCalled();
  });

  it('api_version_low warns and reloads after 3 s, once even for several failures', () => {
    const { fx, handle } = setup();
    handle(kindError('api_version_low'));
    handle(kindError('api_version_low'));
    expect(toasts(fx)[0]).toMatchObject({ level: 'warning', title: zh.errors.apiVersionLow, key: 'api_version_low' });
    vi.advanceTimersByTime(CLIENT_TIMINGS.autoRefreshMs - 1);
    expect(fx.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fx.reload).toHaveBeenCalledOnce();
  });

  it('token_expired warns, clears the token at once and goes to /login after 3 s', () => {
    const { fx, handle } = setup();
    handle(kindError('token_expired'));
    expect(toasts(fx)[0]).toMatchObject({ level: 'warning', title: zh.errors.tokenExpired });
    expect(fx.clearToken).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(CLIENT_TIMINGS.tokenExpiredRedirectMs - 1);
    expect(fx.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('limit opens the upgrade dialog with the activate-permission message', () => {
    const { fx, handle } = setup();
    handle(kindError('limit'));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'upgrade', reason: 'limit' });
    expect(toasts(fx)).toEqual([expect.objectContaining({ level: 'error', title: zh.errors.limit })]);
  });

  it('limit with the essay judging figures passes them on, so the dialog states the allowance used up', () => {
    const { fx, handle } = setup();
    const essayQuota: QuotaRefusal = { ...dayQuota, reason: 'essay', subject: null, period: 'total', renews_at: null };
    handle(kindError('limit', { quota: essayQuota }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'upgrade', reason: 'limit', quota: essayQuota });
  });

  it('role_overflow opens the upgrade dialog with the trial-quota message', () => {
    const { fx, handle } = setup();
    handle(kindError('role_overflow'));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'upgrade', reason: 'role_overflow', quota: null });
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: zh.errors.roleOverflow })]);
  });

  it('day_overflow opens the out-of-limit dialog with subject and role name', () => {
    const { fx, handle } = setup('试用用户');
    handle(kindError('day_overflow', { subject: '数学' }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({
      kind: 'day_overflow',
      subject: '数学',
      roleName: '试用用户',
      quota: null,
    });
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: zh.errors.dayOverflow })]);
  });

  it('day_overflow with the server’s figures passes them on, with the subject and role they name', () => {
    const { fx, handle } = setup('会员');
    handle(kindError('day_overflow', { quota: dayQuota }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({
      kind: 'day_overflow',
      subject: '数学',
      roleName: '试用用户',
      quota: dayQuota,
    });
  });

  it('buy_role_exist says a membership exists and refreshes after 3 s', () => {
    const { fx, handle } = setup();
    handle(kindError('buy_role_exist'));
    expect(toasts(fx)[0]).toMatchObject({ title: zh.errors.buyRoleExist });
    vi.advanceTimersByTime(CLIENT_TIMINGS.autoRefreshMs);
    expect(fx.reload).toHaveBeenCalledOnce();
  });

  it('sim_no_perm opens the simulate no-permission dialog with its message', () => {
    const { fx, handle } = setup();
    handle(kindError('sim_no_perm'));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'sim_no_perm', quota: null });
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: zh.errors.simNoPerm })]);
  });

  it('sim_no_perm with figures is the simulations used up, and says so rather than blaming the questions', () => {
    const { fx, handle } = setup();
    const quota = { ...dayQuota, reason: 'simulate', subject: null, used: 1, limit: 1, period: 'total' } as const;
    handle(kindError('sim_no_perm', { quota }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'sim_no_perm', quota });
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: zh.errors.simUsedUp })]);
  });

  it('public_only opens the "only public questions" dialog and nothing else', () => {
    const { fx, handle } = setup();
    handle(kindError('public_only', { show: '当前账号只能查看公开题目' }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'public_only' });
    expect(toasts(fx)).toEqual([]);
  });

  it('book_locked shows the server text with the unlock day as an info toast', () => {
    const { fx, handle } = setup();
    handle(kindError('book_locked', { show: '该题本将于 2027-03-01 解锁' }));
    expect(toasts(fx)).toEqual([expect.objectContaining({ level: 'info', title: '该题本将于 2027-03-01 解锁' })]);
    expect(fx.openDialog).not.toHaveBeenCalled();
  });

  it('flash_coin_short opens the flash-quota payment with the server text as a toast', () => {
    const { fx, handle } = setup();
    handle(kindError('flash_coin_short', { show: '闪卡额度不足：需要 20 题，剩余 5 题' }));
    expect(fx.openDialog).toHaveBeenCalledExactlyOnceWith({ kind: 'pay', trade: 'FlashCoin' });
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: '闪卡额度不足：需要 20 题，剩余 5 题' })]);
    handle(kindError('flash_coin_short'));
    expect(toasts(fx)[1]).toEqual(expect.objectContaining({ title: zh.errors.flashCoinShort }));
  });

  it('content_invalid says the publish was refused, with the problems the server sent under it', () => {
    const { fx, handle } = setup();
    handle(kindError('content_invalid', { show: '题目未通过内容检查（1 处问题）：stem should contain blanks' }));
    expect(toasts(fx)).toEqual([
      expect.objectContaining({
        level: 'error',
        title: zh.errors.kinds.content_invalid,
        description: '题目未通过内容检查（1 处问题）：stem should contain blanks',
      }),
    ]);
  });

  it('any other kind shows its show text first', () => {
    const { fx, handle } = setup();
    handle(kindError('wrong_credentials', { show: '服务器说的话' }));
    expect(toasts(fx)).toEqual([expect.objectContaining({ level: 'error', title: '服务器说的话' })]);
  });

  it.each(Object.entries(zh.errors.kinds))('known kind %s without show text gets its Chinese message', (kind, text) => {
    const { fx, handle } = setup();
    handle(kindError(kind));
    expect(toasts(fx)).toEqual([expect.objectContaining({ level: 'error', title: text })]);
    expect(fx.clearToken).not.toHaveBeenCalled();
  });

  it('an unknown kind without show text shows the detail', () => {
    const { fx, handle } = setup();
    handle(kindError('brand_new_kind', { detail: 'something specific' }));
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: 'something specific' })]);
  });

  it('wrong_credentials is a 401 but never clears the token', () => {
    const { fx, handle } = setup();
    handle(kindError('wrong_credentials'));
    expect(fx.clearToken).not.toHaveBeenCalled();
  });

  it('HTTP 401 unauthorized clears the token and asks to log in', () => {
    const { fx, handle } = setup();
    handle(kindError('unauthorized'));
    expect(fx.clearToken).toHaveBeenCalledOnce();
    expect(toasts(fx)).toEqual([expect.objectContaining({ title: zh.errors.unauthorized, loginAction: true })]);
  });

  it('a bare 401 without an envelope is treated the same', () => {
    const { fx, handle } = setup();
    handle(httpError(401));
    expect(fx.clearToken).toHaveBeenCalledOnce();
    expect(toasts(fx)[0]).toMatchObject({ title: zh.errors.unauthorized });
  });

  it('500 gives the status text and a retry-later message', () => {
    for (const err of [httpError(500, 'Internal Server Error'), kindError('internal')]) {
      const { fx, handle } = setup();
      handle(err);
      expect(toasts(fx)).toEqual([
        { level: 'error', title: '500 Internal Server Error', description: zh.errors.serverError },
      ]);
    }
  });

  it('other statuses give the status text and a check-network message', () => {
    const { fx, handle } = setup();
    handle(httpError(502, 'Bad Gateway'));
    handle(httpError(504));
    expect(toasts(fx)).toEqual([
      { level: 'error', title: '502 Bad Gateway', description: zh.errors.checkNetwork },
      { level: 'error', title: '504 Gateway Timeout', description: zh.errors.checkNetwork },
    ]);
  });

  it('a network failure (no answer) says so and asks to check the network', () => {
    const { fx, handle } = setup();
    handle(httpError(0));
    expect(toasts(fx)).toEqual([
      { level: 'error', title: zh.errors.networkFailed, description: zh.errors.checkNetwork },
    ]);
  });

  it('every kind the server can send maps to some behaviour', () => {
    for (const kind of Object.keys(ERROR_KINDS)) {
      const { fx, handle } = setup();
      handle(kindError(kind, { detail: '' }));
      const acted =
        fx.toast.mock.calls.length + fx.showUpgradeOverlay.mock.calls.length + fx.openDialog.mock.calls.length;
      expect(acted, kind).toBeGreaterThan(0);
    }
  });

  it('aborted requests are silent', () => {
    const { fx, handle } = setup();
    handle(new DOMException('aborted', 'AbortError'));
    expect(fx.toast).not.toHaveBeenCalled();
  });
});
