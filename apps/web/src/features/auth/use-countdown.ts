import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `start(seconds)` runs out; measured against the clock so a busy tab does not drift. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endAt, setEndAt] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (endAt === 0) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) setEndAt(0);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endAt]);
  const start = useCallback((seconds: number) => setEndAt(Date.now() + seconds * 1000), []);
  return [left, start];
}
