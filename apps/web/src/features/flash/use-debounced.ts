import { useEffect, useState } from 'react';

/**
 * The value as it was `ms` after it last changed; objects compare by their JSON, so a form that rebuilds its
 * request each render does not restart the wait.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => window.clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
