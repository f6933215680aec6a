/**
 * The learners' calendar, the one place it is computed: days, weeks (from Monday) and months in Asia/Shanghai.
 * China has kept UTC+8 without daylight saving since 1991, so the day is plain arithmetic on Unix time — the same on
 * the server, in the browser and (as `SHANGHAI_DAY_SQL`) in the database, whatever their own time zones.
 */
export const SHANGHAI_OFFSET_SECONDS = 8 * 3600;
const DAY_SECONDS = 86_400;

/** `YYYY-MM-DD` of the Shanghai day that holds `unixSeconds`. */
export function shanghaiDay(unixSeconds: number): string {
  return new Date((Math.floor(unixSeconds) + SHANGHAI_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** `shanghaiDay` of a Date. */
export function shanghaiDate(d: Date): string {
  return shanghaiDay(Math.floor(d.getTime() / 1000));
}

/** Unix seconds of Shanghai midnight starting `day` (`YYYY-MM-DD`). */
export function shanghaiDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 - SHANGHAI_OFFSET_SECONDS;
}

/** Unix seconds of the next Shanghai midnight after `unixSeconds` (the end of its day). */
export function nextShanghaiMidnight(unixSeconds: number): number {
  return shanghaiDayStart(shanghaiDay(unixSeconds)) + DAY_SECONDS;
}

/** Unix seconds at the start of the Shanghai week (Monday 00:00) and month that hold `nowSeconds`. */
export function periodStarts(nowSeconds: number): { week: number; month: number } {
  const local = new Date((Math.floor(nowSeconds) + SHANGHAI_OFFSET_SECONDS) * 1000);
  const dayStart =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) / 1000 - SHANGHAI_OFFSET_SECONDS;
  const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) / 1000 - SHANGHAI_OFFSET_SECONDS;
  return { week: dayStart - weekday * DAY_SECONDS, month };
}

/** Month, day, hour and minute on a Shanghai clock, two digits each (chart labels). */
export function shanghaiClock(unixSeconds: number): { month: string; day: string; hour: string; minute: string } {
  const iso = new Date((Math.floor(unixSeconds) + SHANGHAI_OFFSET_SECONDS) * 1000).toISOString();
  return { month: iso.slice(5, 7), day: iso.slice(8, 10), hour: iso.slice(11, 13), minute: iso.slice(14, 16) };
}

/**
 * The same day in SQL, for a `timestamptz` expression: `SHANGHAI_DAY_SQL('e.finished_at')` is a `date`. Uses the fixed
 * offset like the functions above, so it needs no time-zone data in the database.
 */
export const SHANGHAI_DAY_SQL = (timestamptz: string): string =>
  `((${timestamptz}) at time zone 'UTC' + interval '8 hours')::date`;
