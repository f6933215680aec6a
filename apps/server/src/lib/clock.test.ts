import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock, sqlTime, systemClock } from './clock.js';

describe('clocks', () => {
  it('the system clock reads the machine time', () => {
    const before = Date.now();
    const at = systemClock.now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('a manual clock moves only when set or advanced, and a Date it handed out cannot move it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { maxLength: 20 }),
        (start, steps) => {
          const clock = new ManualClock(new Date(start));
          const first = clock.now();
          first.setTime(0);
          expect(clock.now().getTime()).toBe(start);
          for (const ms of steps) clock.advance(ms);
          expect(clock.now().getTime()).toBe(start + steps.reduce((a, b) => a + b, 0));
          clock.set(new Date(start));
          expect(clock.now().getTime()).toBe(start);
        },
      ),
    );
  });

  it('writes an instant for SQL as UTC ISO 8601, to the millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), (ms) => {
        expect(Date.parse(sqlTime(new Date(ms)))).toBe(ms);
        expect(sqlTime(new Date(ms))).toMatch(/Z$/);
      }),
    );
  });
});
