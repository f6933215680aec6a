import { examCalls } from '@gre/contracts';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { makeExam } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

let visibility: DocumentVisibilityState = 'visible';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  visibility = 'visible';
});

/** The tab goes to the background or comes back, as the browser tells the page. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

describe('a timed section while the tab is hidden (decision 015)', () => {
  it('keeps counting down out of sight, claims no pause, and shows the server’s time left on return', async () => {
    // The page's clock, moved on by hand: a hidden tab's ten minutes pass in one step.
    let offset = 0;
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    const exam = makeExam();
    exam.sections[0]!.action.used_time_seconds = 75;
    // The server's clock ran on wall time while the tab was away; it says 06:20 are left when asked.
    let away = false;
    const { calls } = examServer(exam, {
      onHeartbeat: () => (away ? { used_time_seconds: 700, remaining_seconds: 380 } : undefined),
    });
    renderApp(`/exam/${exam.id}`);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toContain('16:45');
    await waitFor(() => expect(calls(examCalls.heartbeat.path)).toHaveLength(1));

    setVisibility('hidden');
    away = true;
    offset += 600_000;
    // Still counting while hidden: ten minutes later the display is ten minutes on, not held at 16:45.
    await waitFor(() => expect(screen.getByRole('timer').textContent).toContain('06:45'));
    expect(calls(examCalls.heartbeat.path)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/暂停|paused/i);
    expect(screen.queryByText(t.intro.clockCountUp)).toBeNull();

    setVisibility('visible');
    // Back: a beat at once, and the display takes the server's figure.
    await waitFor(() => expect(calls(examCalls.heartbeat.path)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toContain('06:20'));
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe(`${t.bar.timeLeft} 06:20`);
  });
});
