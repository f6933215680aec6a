import { HEARTBEAT_INTERVAL_SECONDS } from '@gre/contracts';
import { useEffect, useRef } from 'react';

/**
 * Beats every HEARTBEAT_INTERVAL_SECONDS while `active` and the tab is visible, once at once when it becomes active
 * (or another section opens) and again whenever the tab comes back, so the clock on screen is resynchronised with the
 * server's. A hidden tab does not beat. A timed section's clock runs on at the server regardless (decision 015), as the
 * countdown on screen does; only count-up practice stops counting after HEARTBEAT_MAX_GAP_SECONDS out of sight.
 */
export function useHeartbeat(active: boolean, sectionIndex: number, beat: () => void): void {
  const ref = useRef(beat);
  useEffect(() => {
    ref.current = beat;
  });
  useEffect(() => {
    if (!active) return;
    const visible = () => document.visibilityState === 'visible';
    let timer: ReturnType<typeof setInterval> | null = null;
    const run = () => {
      if (visible()) ref.current();
    };
    const schedule = () => {
      if (timer) clearInterval(timer);
      timer = visible() ? setInterval(run, HEARTBEAT_INTERVAL_SECONDS * 1000) : null;
    };
    const onVisibility = () => {
      run();
      schedule();
    };
    run();
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      if (timer) clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, sectionIndex]);
}
