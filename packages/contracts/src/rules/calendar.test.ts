import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextShanghaiMidnight,
  periodStarts,
  shanghaiClock,
  shanghaiDate,
  shanghaiDay,
  shanghaiDayStart,
} from './calendar.js';

/** What the platform's time-zone database says, as a reference the arithmetic must match. */
const reference = (s: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(s * 1000));

// 1992 (after China's last daylight-saving year) to 2100.
const instant = fc.integer({ min: 694_224_000, max: 4_102_444_800 });

describe('the Shanghai calendar', () => {
  it('agrees with the time-zone database at every instant', () => {
    fc.assert(
      fc.property(instant, (s) => shanghaiDay(s) === reference(s)),
      { numRuns: 2000 },
    );
  });

  it('turns the day exactly at Shanghai midnight (16:00 UTC)', () => {
    fc.assert(
      fc.property(instant, (s) => {
        const start = shanghaiDayStart(shanghaiDay(s));
        expect(new Date(start * 1000).getUTCHours()).toBe(16);
        expect(shanghaiDay(start)).toBe(shanghaiDay(s));
        expect(shanghaiDay(start - 1)).not.toBe(shanghaiDay(s));
        expect(nextShanghaiMidnight(s)).toBe(start + 86_400);
        expect(shanghaiDay(nextShanghaiMidnight(s) - 1)).toBe(shanghaiDay(s));
      }),
      { numRuns: 1000 },
    );
    // 2026-11-24 15:59:59 UTC is 23:59:59 in Shanghai; one second later it is the 25th.
    const edge = Date.UTC(2026, 10, 24, 15, 59, 59) / 1000;
    expect([shanghaiDay(edge), shanghaiDay(edge + 1)]).toEqual(['2026-11-24', '2026-11-25']);
    expect(shanghaiDate(new Date(edge * 1000 + 999))).toBe('2026-11-24');
  });

  it('starts weeks on Monday and months on the 1st, in Shanghai', () => {
    fc.assert(
      fc.property(instant, (s) => {
        const { week, month } = periodStarts(s);
        expect(week).toBeLessThanOrEqual(s);
        expect(s - week).toBeLessThan(7 * 86_400);
        expect(new Date((week + 8 * 3600) * 1000).getUTCDay()).toBe(1);
        expect(shanghaiDay(month).slice(8)).toBe('01');
        expect(shanghaiDay(month).slice(0, 7)).toBe(shanghaiDay(s).slice(0, 7));
        expect(shanghaiDay(month - 1).slice(0, 7)).not.toBe(shanghaiDay(s).slice(0, 7));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the clock as Shanghai does', () => {
    fc.assert(
      fc.property(instant, (s) => {
        const parts = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Shanghai',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).formatToParts(new Date(s * 1000));
        const get = (type: string) => parts.find((p) => p.type === type)!.value;
        expect(shanghaiClock(s)).toEqual({
          month: get('month'),
          day: get('day'),
          hour: get('hour'),
          minute: get('minute'),
        });
      }),
      { numRuns: 500 },
    );
  });
});
