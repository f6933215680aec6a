import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBrief } from '../records/test-utils/records-fixtures';
import { calendarOption } from './calendar-chart';
import { daysOfMonth, lastUnfinished, reviewableToday, shiftMonth } from './home-queries';

const month = fc
  .record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`);

describe('home rules', () => {
  it('shifting a month there and back is the same month, and a shift of 12 changes only the year', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: -240, max: 240 }), (m, by) => {
        expect(shiftMonth(shiftMonth(m, by), -by)).toBe(m);
        expect(shiftMonth(m, 12)).toBe(`${Number(m.slice(0, 4)) + 1}${m.slice(4)}`);
      }),
    );
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('a month has its calendar days, leap Februaries included', () => {
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2026-11').at(-1)).toBe('2026-11-30');
    fc.assert(
      fc.property(month, (m) => daysOfMonth(m).every((d, i) => d === `${m}-${String(i + 1).padStart(2, '0')}`)),
    );
  });

  it('what can be reviewed today never passes the due count nor what the cap leaves, and is never negative', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(100), fc.nat(200), (due_total, daily_cap, done_today) => {
        const n = reviewableToday({ due_total, daily_cap, done_today });
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(due_total);
        expect(n).toBeLessThanOrEqual(Math.max(0, daily_cap - done_today));
        expect(n === due_total || n === Math.max(0, daily_cap - done_today)).toBe(true);
      }),
    );
  });

  it('the exam to continue is the most recently touched unfinished one', () => {
    const items = [
      makeBrief({ id: 1, status: 'Finished', updated_at: 900 }),
      makeBrief({ id: 2, status: 'Start', updated_at: 300 }),
      makeBrief({ id: 3, status: 'NotStart', updated_at: 500 }),
      makeBrief({ id: 4, status: 'Close', updated_at: 800 }),
    ];
    expect(lastUnfinished(items)?.id).toBe(3);
    expect(lastUnfinished(items.filter((e) => e.id !== 3 && e.id !== 2))).toBeUndefined();
  });

  it('the calendar labels every day with its number, ticks signed-in days and borders today', () => {
    const option = calendarOption(
      '2026-11',
      [
        { day: '2026-11-03', questions: 10, signed_in: true },
        { day: '2026-11-04', questions: 2, signed_in: false },
      ],
      '2026-11-04',
    );
    const series = (
      option.series as {
        data: { value: [string, number]; itemStyle: object }[];
        label: { formatter: (p: { value: unknown }) => string };
      }[]
    )[0]!;
    expect(series.data).toHaveLength(30);
    const text = (day: string) => series.label.formatter({ value: [day, 0] });
    expect(text('2026-11-03')).toBe('3\n✓');
    expect(text('2026-11-04')).toBe('4');
    expect(series.data[3]!.itemStyle).toMatchObject({ borderWidth: 2 });
    expect(series.data[2]!.itemStyle).toEqual({});
  });
});
