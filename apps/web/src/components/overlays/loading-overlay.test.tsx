import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inFlight } from '../../api/in-flight';
import { LOADING_OVERLAY_DELAY_MS } from '../../config';
import { useDelayedBusy } from './loading-overlay';

function Probe() {
  return <span data-testid="busy">{String(useDelayedBusy())}</span>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  while (inFlight.get() > 0) inFlight.end();
  vi.useRealTimers();
});

describe('global loading overlay', () => {
  it('appears only after requests have been in flight for the delay', () => {
    const { getByTestId } = render(<Probe />);
    act(() => inFlight.start());
    act(() => void vi.advanceTimersByTime(LOADING_OVERLAY_DELAY_MS - 1));
    expect(getByTestId('busy').textContent).toBe('false');
    act(() => void vi.advanceTimersByTime(1));
    expect(getByTestId('busy').textContent).toBe('true');
    act(() => inFlight.end());
    expect(getByTestId('busy').textContent).toBe('false');
  });

  it('never shows for a call that finishes within the delay', () => {
    const { getByTestId } = render(<Probe />);
    act(() => inFlight.start());
    act(() => void vi.advanceTimersByTime(LOADING_OVERLAY_DELAY_MS / 2));
    act(() => inFlight.end());
    act(() => void vi.advanceTimersByTime(LOADING_OVERLAY_DELAY_MS * 2));
    expect(getByTestId('busy').textContent).toBe('false');
  });
});
