import { useEffect, useSyncExternalStore } from 'react';

type Typeset = (tex: string, display: boolean) => string;

let typesetImpl: Typeset | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Typeset TeX is cached: the same option or quantity re-renders on every answer change. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 2000;

/**
 * Loads KaTeX (code and stylesheet) once; the math on screen re-renders when it arrives. A failed load (offline)
 * is forgotten, so the next formula tries again; until then the TeX source stays readable.
 */
export function loadMath(): Promise<void> {
  loading ??= import('./katex-render').then(
    (m) => {
      typesetImpl = m.typeset;
      listeners.forEach((l) => l());
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** TeX → KaTeX HTML, or null while KaTeX has not loaded yet (see loadMath). */
export function renderMath(tex: string, display = false): string | null {
  if (!typesetImpl) return null;
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = typesetImpl(tex, display);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, html);
  return html;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isReady = () => typesetImpl !== null;

/** Whether KaTeX is ready; asks for it on first use and re-renders once it has come. */
export function useMathReady(): boolean {
  const ready = useSyncExternalStore(subscribe, isReady, isReady);
  useEffect(() => {
    if (!ready) loadMath().catch(() => undefined);
  }, [ready]);
  return ready;
}
