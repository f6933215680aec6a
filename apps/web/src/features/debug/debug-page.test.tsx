import { API_VERSION, systemCalls, userCalls, type CallResponse } from '@gre/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { clearToken, getDeviceId, setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';

const g = zh.debug;

beforeAll(async () => {
  await import('./debug-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  clearToken();
  vi.unstubAllGlobals();
});

const info = (over: Partial<CallResponse<typeof systemCalls.debugInfo>> = {}) => ({
  server_version: '1.4.2',
  api_version: API_VERSION,
  min_api_version: 0,
  production: false,
  database: 'pglite' as const,
  recent_codes: [],
  user_id: null,
  session_ends_at: null,
  flags: {
    maintenance: false,
    fast_paths: true,
    debug_clock: false,
    jobs: true,
    rate_limits: 'redis' as const,
    pay_provider: 'wechatpay',
    mail_provider: 'smtp',
    sms_provider: 'log',
  },
  ...over,
});

/** Puts a clipboard in place (after userEvent.setup, which brings its own) that records what the page wrote. */
function recordClipboard(): string[] {
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void written.push(text)) },
  });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  return written;
}

describe('/debug', () => {
  it('copies the whole block in one click: versions, device id, token state and expiry, every flag', async () => {
    setToken('t'.repeat(43));
    fakeServer(
      fake(userCalls.get, () => ({ data: makeUser({ id: 31 }) })),
      fake(systemCalls.debugInfo, () => ({
        data: info({ user_id: 31, session_ends_at: '2026-12-01T04:00:00.000Z' }),
      })),
    );
    const user = userEvent.setup();
    const written = recordClipboard();
    renderApp('/debug');
    expect(await screen.findByText(g.tokenValid(31))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: new RegExp(g.copyAll) }));
    await waitFor(() => expect(written).toHaveLength(1));
    const text = written[0]!;
    expect(text).toContain(`${g.apiVersion}: ${API_VERSION}`);
    expect(text).toContain(`${g.serverVersion}: 1.4.2`);
    expect(text).toContain(`${g.deviceId}: ${getDeviceId()}`);
    expect(text).toContain(`${g.token}: ${g.tokenValid(31)}`);
    // Beijing time, whatever the browser's zone.
    expect(text).toContain(`${g.tokenEnds}: 2026-12-01 12:00`);
    expect(text).toContain(`${g.serverFlags.pay_provider} wechatpay`);
    expect(text).toContain(`${g.serverFlags.rate_limits} ${g.rateLimits.redis}`);
    expect(text).toContain(`${g.serverFlags.fast_paths} ${g.on}`);
    expect(text).toContain(`${g.serverFlags.maintenance} ${g.off}`);
    expect(await screen.findByText(g.copied)).toBeTruthy();
  });

  it('a stored token the server no longer accepts reads as invalid, without an expiry', async () => {
    setToken('t'.repeat(43));
    fakeServer(
      fake(userCalls.get, () => ({ kind: 'token_expired' })),
      fake(systemCalls.debugInfo, () => ({ data: info() })),
    );
    renderApp('/debug');
    expect(await screen.findByText(g.tokenInvalid)).toBeTruthy();
    const ends = screen.getByText(g.tokenEnds).closest('tr')!;
    expect(ends.textContent).toContain('—');
  });

  it('logged out: no token, and the copy says so', async () => {
    fakeServer(fake(systemCalls.debugInfo, () => ({ data: info() })));
    const user = userEvent.setup();
    const written = recordClipboard();
    renderApp('/debug');
    expect(await screen.findByText(g.tokenNone)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: new RegExp(g.copyAll) }));
    await waitFor(() => expect(written[0]).toContain(`${g.token}: ${g.tokenNone}`));
  });
});
