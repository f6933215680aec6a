import { useEffect, useState } from 'react';
import { useScreenCopy } from './screen-copy';
import type { NetworkState } from './session-types';

export type BannerState = 'offline' | 'syncing' | 'synced' | null;

/** How long 已同步 stays after the queue drained. */
export const SYNCED_MS = 3000;

/**
 * The banner after a change of the network: offline while sends find no network; once it is back, syncing until what
 * was queued meanwhile is acknowledged, then synced (cleared by the caller's timer). Without a cut nothing shows: a
 * save in flight is the save indicator's business.
 */
export function nextBanner(prev: BannerState, net: NetworkState): BannerState {
  if (net.offline) return 'offline';
  const afterCut = prev === 'offline' || prev === 'syncing';
  if (net.pending > 0) return afterCut ? 'syncing' : prev === 'synced' ? null : prev;
  return afterCut ? 'synced' : prev;
}

/** The banner's state through the network's changes, with 已同步 shown for SYNCED_MS. */
export function useBanner(net: NetworkState): BannerState {
  const [state, setState] = useState<BannerState>(() => nextBanner(null, net));
  // Adjusted while rendering (not in an effect): the banner follows each change of the network state once.
  const seen = `${net.offline}|${net.pending}|${net.finishing}`;
  const [last, setLast] = useState(seen);
  if (seen !== last) {
    setLast(seen);
    setState(nextBanner(state, net));
  }
  useEffect(() => {
    if (state !== 'synced') return;
    const timer = setTimeout(() => setState((s) => (s === 'synced' ? null : s)), SYNCED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return state;
}

/**
 * Under the bar: the network is gone, answers are kept on the device and will be sent; then that they were. A live
 * region, so a screen reader says it too.
 */
export function OfflineBanner({ network }: { network: NetworkState }) {
  const t = useScreenCopy().network;
  const state = useBanner(network);
  if (state === null) return null;
  const text =
    state === 'offline'
      ? network.finishing
        ? t.offlineSubmit
        : t.offline
      : state === 'syncing'
        ? t.syncing
        : t.synced;
  return (
    <div className={`ge-network is-${state}`} role="status" aria-live="polite" data-testid="exam-network">
      {text}
    </div>
  );
}
