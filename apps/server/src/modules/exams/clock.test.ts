import { EXAM_TIMING_DEFAULTS, HEARTBEAT_MAX_GAP_SECONDS } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beat, clockOf, examTiming, pastGrace, sectionLimit, timeIsUp } from './clock.js';

describe('beat', () => {
  it('adds nothing on the first call and after a beat in the future', () => {
    expect(beat(null)).toEqual({ add: 0, next: 'now' });
    expect(beat(-3)).toEqual({ add: 0, next: 'advance' });
  });

  it('caps a long gap and restarts from now', () => {
    expect(beat(HEARTBEAT_MAX_GAP_SECONDS)).toEqual({ add: HEARTBEAT_MAX_GAP_SECONDS, next: 'now' });
    expect(beat(86_400)).toEqual({ add: HEARTBEAT_MAX_GAP_SECONDS, next: 'now' });
  });

  it('over any run of calls, counts every whole second spent on the screen once, fractions carried over', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: HEARTBEAT_MAX_GAP_SECONDS - 1, noNaN: true }), { maxLength: 60 }), (gaps) => {
        let last = 0;
        let now = 0;
        let used = 0;
        for (const g of gaps) {
          now += g;
          const b = beat(now - last);
          used += b.add;
          last = b.next === 'now' ? now : last + b.add;
        }
        expect(used).toBe(Math.floor(now));
      }),
    );
  });
});

describe('limits', () => {
  it('scales and rounds up, untimed in count-up mode', () => {
    expect(sectionLimit(1800, 1, false)).toBe(1800);
    expect(sectionLimit(1800, 0.01, false)).toBe(18);
    expect(sectionLimit(1080, 0.001, false)).toBe(2);
    expect(sectionLimit(1800, 1, true)).toBe(0);
  });

  it('time is up at the limit, refused past the grace, never for untimed sections', () => {
    expect([timeIsUp(60, 59), timeIsUp(60, 60), pastGrace(60, 65), pastGrace(60, 66)]).toEqual([false, true, false, true]);
    expect([timeIsUp(0, 10_000), pastGrace(0, 10_000)]).toEqual([false, false]);
    expect(clockOf(2, 60, 75)).toEqual({ section_index: 2, used_time_seconds: 75, remaining_seconds: 0, auto_committed: false });
    expect(clockOf(0, 0, 75).remaining_seconds).toBeNull();
  });

  it('takes the exam_timing override field by field and ignores a malformed one', () => {
    expect(examTiming(undefined)).toEqual(EXAM_TIMING_DEFAULTS);
    expect(examTiming({ issue: 600 })).toEqual({ ...EXAM_TIMING_DEFAULTS, issue: 600 });
    expect(examTiming({ issue: -1 })).toEqual(EXAM_TIMING_DEFAULTS);
    expect(examTiming('x')).toEqual(EXAM_TIMING_DEFAULTS);
  });
});
