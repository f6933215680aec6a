import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EtsModeContext } from '../../components/ets-mode';
import { zh } from '../../i18n/zh-CN.study';
import { OfflineBanner, SYNCED_MS } from './offline-banner';
import type { NetworkState } from './session-types';

const net = (offline: boolean, pending = 0, finishing = false): NetworkState => ({ offline, pending, finishing });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('OfflineBanner', () => {
  it('says the answers are kept while offline, then 已同步 for a while once the queue drained', () => {
    vi.useFakeTimers();
    const view = render(<OfflineBanner network={net(false)} />);
    expect(screen.queryByRole('status')).toBeNull();
    view.rerender(<OfflineBanner network={net(true, 2)} />);
    expect(screen.getByRole('status').textContent).toBe(zh.exam.network.offline);
    view.rerender(<OfflineBanner network={net(true, 3, true)} />);
    expect(screen.getByRole('status').textContent).toBe(zh.exam.network.offlineSubmit);
    view.rerender(<OfflineBanner network={net(false, 1)} />);
    expect(screen.getByRole('status').textContent).toBe(zh.exam.network.syncing);
    view.rerender(<OfflineBanner network={net(false, 0)} />);
    expect(screen.getByRole('status').textContent).toBe(zh.exam.network.synced);
    act(() => void vi.advanceTimersByTime(SYNCED_MS + 10));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks the test’s English in ETS mode', () => {
    render(
      <EtsModeContext.Provider value={true}>
        <OfflineBanner network={net(true, 1)} />
      </EtsModeContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toBe(zh.ets.network.offline);
  });
});
