import { useEffect, useState, useSyncExternalStore } from 'react';
import { inFlight } from '../../api/in-flight';
import { LOADING_OVERLAY_DELAY_MS } from '../../config';
import { zh } from '../../i18n/zh-CN.core';
import { CJK_FONT_STACK, layout, palette, theme } from '../../theme';
import './loading-overlay.css';

/** True once requests have been in flight for `delayMs` without a break; false as soon as none are. */
export function useDelayedBusy(delayMs: number = LOADING_OVERLAY_DELAY_MS): boolean {
  const period = useSyncExternalStore(inFlight.subscribe, inFlight.busyPeriod);
  const [shownPeriod, setShownPeriod] = useState(0);
  useEffect(() => {
    if (period === 0) return;
    const timer = window.setTimeout(() => setShownPeriod(period), delayMs);
    return () => window.clearTimeout(timer);
  }, [period, delayMs]);
  return period !== 0 && shownPeriod === period;
}

/**
 * Spec §2: the global loading overlay while requests are in flight (after a short delay, so fast calls never flash).
 * Plain markup: it belongs to the light core that every route loads, the exam screen included.
 */
export function LoadingOverlay() {
  const shown = useDelayedBusy();
  if (!shown) return null;
  return (
    <div
      className="gre-loading"
      aria-live="polite"
      aria-busy="true"
      style={{
        background: palette.scrim,
        color: palette.surface,
        zIndex: layout.loadingZ,
        fontFamily: CJK_FONT_STACK,
        fontSize: theme.token?.fontSize,
      }}
    >
      <span className="gre-loading-dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="gre-loading-text">{zh.overlays.loading}</span>
    </div>
  );
}
