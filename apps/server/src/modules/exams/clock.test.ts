import { ANSWER_GRACE_SECONDS, EXAM_TIMING_DEFAULTS, HEARTBEAT_MAX_GAP_SECONDS } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beat, clockOf, examTiming, pastGrace, sectionLimit, tick, timeIsUp } from './clock.js';

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
      fc.property(
        fc.array(fc.double({ min: 0, max: HEARTBEAT_MAX_GAP_SECONDS - 1, noNaN: true }), { maxLength: 60 }),
        (gaps) => {
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
        },
      ),
    );
  });
});

/** Calls at these gaps (seconds) after a section opened, its beat and clock carried from call to call as the rows do. */
function run(limit: number, gaps: number[], check: (k: ReturnType<typeof tick>, now: number, before: number) => void) {
  let now = 0;
  let last = 0;
  let used = 0;
  let items = 0;
  for (const g of gaps) {
    now += g;
    const k = tick(limit, used, now, now - last);
    check(k, now, used);
    used = k.used;
    items += k.itemAdd;
    last = k.beat.next === 'now' ? now : last + k.beat.add;
  }
  return { used, items, now };
}

const gaps = fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { maxLength: 40 });

describe('tick', () => {
  it('a timed section charges the wall time since it opened, capped at its limit, however the calls fall', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), gaps, (limit, g) => {
        const end = run(limit, g, (k, now, before) => {
          const wall = Math.floor(now);
          expect(k.used).toBe(Math.min(limit, wall));
          expect(k.sectionAdd).toBe(k.used - before);
          expect(k.itemAdd).toBeGreaterThanOrEqual(0);
          expect(k.itemAdd).toBeLessThanOrEqual(Math.min(k.sectionAdd, HEARTBEAT_MAX_GAP_SECONDS));
          expect(timeIsUp(limit, k.run)).toBe(wall >= limit);
          expect(pastGrace(limit, k.run)).toBe(wall > limit + ANSWER_GRACE_SECONDS);
        });
        // The questions share at most the section's time: only what was on screen.
        expect(end.items).toBeLessThanOrEqual(end.used);
      }),
    );
  });

  it('count-up practice adds the capped beat and is never up', () => {
    fc.assert(
      fc.property(gaps, (g) => {
        const end = run(0, g, (k, _now, before) => {
          expect(k.used).toBe(before + k.beat.add);
          expect(k.itemAdd).toBe(k.beat.add);
          expect([timeIsUp(0, k.run), pastGrace(0, k.run)]).toEqual([false, false]);
        });
        expect(end.used).toBeLessThanOrEqual(Math.ceil(end.now));
        expect(end.used).toBeLessThanOrEqual(g.length * HEARTBEAT_MAX_GAP_SECONDS);
      }),
    );
  });

  it('never moves used time back, also for rows that used more than the wall clock says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: -100, max: 5000, noNaN: true }),
        fc.option(fc.double({ min: -10, max: 100, noNaN: true })),
        (limit, used, since, elapsed) => {
          const k = tick(limit, used, since, elapsed);
          expect(k.used).toBeGreaterThanOrEqual(used);
          expect(k.run).toBeGreaterThanOrEqual(k.used);
          if (limit > 0) expect(k.used).toBe(Math.max(used, Math.min(limit, Math.floor(since))));
        },
      ),
    );
    expect(tick(90, 0, Number.NaN, null)).toMatchObject({ used: 0, run: 0, itemAdd: 0 });
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
    expect([timeIsUp(60, 59), timeIsUp(60, 60), pastGrace(60, 65), pastGrace(60, 66)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect([timeIsUp(0, 10_000), pastGrace(0, 10_000)]).toEqual([false, false]);
    expect(clockOf(2, 60, 75)).toEqual({
      section_index: 2,
      used_time_seconds: 75,
      remaining_seconds: 0,
      auto_committed: false,
    });
    expect(clockOf(0, 0, 75).remaining_seconds).toBeNull();
  });

  it('takes the exam_timing override field by field and ignores a malformed one', () => {
    expect(examTiming(undefined)).toEqual(EXAM_TIMING_DEFAULTS);
    expect(examTiming({ issue: 600 })).toEqual({ ...EXAM_TIMING_DEFAULTS, issue: 600 });
    expect(examTiming({ issue: -1 })).toEqual(EXAM_TIMING_DEFAULTS);
    expect(examTiming('x')).toEqual(EXAM_TIMING_DEFAULTS);
  });
});
