import { useSyncExternalStore } from 'react';
import { layout } from '../theme';

const QUERY = `(max-width: ${layout.phoneMaxWidth}px)`;

function subscribe(listener: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
}

/** ui.md phone layout (≤ 480 px): drawer nav, lists instead of tables. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
