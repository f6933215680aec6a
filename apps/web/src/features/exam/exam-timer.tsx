import { useEffect, useRef, useState } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import type { LocalClock } from './exam-session';
import { ClockIcon } from './icons';
import { useScreenCopy } from './screen-copy';

/** The test warns in the last five minutes. */
const LOW_SECONDS = 5 * 60;

/**
 * Seconds to show: the time left counted down from the server's last clock, or the time used counted up. Wall time, so
 * a hidden tab or a sleeping laptop never holds the countdown back: the server's clock does not stop either
 * (decision 015), and the next heartbeat brings the server's own figure.
 */
export function clockValue(clock: LocalClock, now: number): { seconds: number; countUp: boolean; over: boolean } {
  const elapsed = Math.max(0, (now - clock.at) / 1000);
  if (clock.remaining === null) return { seconds: Math.floor(clock.used + elapsed), countUp: true, over: false };
  const left = clock.remaining - elapsed;
  return { seconds: Math.max(0, Math.ceil(left)), countUp: false, over: left <= 0 };
}

/**
 * The section clock at the right of the bar, with Hide / Show as on the test. It runs locally from the last clock the
 * server sent and calls `onTimeUp` once per clock when a countdown reaches zero.
 */
export function ExamTimer({ clock, onTimeUp }: { clock: LocalClock | null; onTimeUp: () => void }) {
  const t = useScreenCopy().bar;
  const [hidden, setHidden] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef<LocalClock | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 500);
    // Browsers slow a background tab's timers down: a tab coming back shows the time at once, not at the next tick.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);
  const value = clock ? clockValue(clock, now) : null;
  const over = value?.over ?? false;
  useEffect(() => {
    if (clock && over && fired.current !== clock) {
      fired.current = clock;
      onTimeUp();
    }
  });
  if (!value) return null;
  const label = value.countUp ? t.timeUsed : t.timeLeft;
  const low = !value.countUp && value.seconds <= LOW_SECONDS;
  const digits = zh.exam.clock(value.seconds);
  return (
    <div className={`ge-timer${low ? ' is-low' : ''}`}>
      {hidden ? (
        <span className="ge-timer-hidden">{t.timerHidden}</span>
      ) : (
        <span role="timer" aria-label={`${label} ${digits}`} className="ge-timer-value">
          <ClockIcon />
          <span className="ge-timer-label">{label}</span>
          <span className="ge-timer-digits">{digits}</span>
        </span>
      )}
      <button type="button" className="ge-link-button" aria-pressed={hidden} onClick={() => setHidden((h) => !h)}>
        {hidden ? t.showTime : t.hideTime}
      </button>
    </div>
  );
}
