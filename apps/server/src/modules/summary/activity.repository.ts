import { SHANGHAI_DAY_SQL } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@gre/db';

/** Rows of `daily_activity` as the summary calls read them; `day` is 'YYYY-MM-DD' (Shanghai). */
export interface DayRow {
  day: string;
  questions: number;
  correct: number;
  time_seconds: number;
  words: number;
  reviews: number;
  signed_in: boolean;
  streak: number;
}

const dayColumns = sql`day::text as day, questions, correct, time_seconds, words, reviews, signed_in, streak`;

const toDayRow = (r: Record<string, unknown>): DayRow => ({
  day: String(r.day),
  questions: Number(r.questions),
  correct: Number(r.correct),
  time_seconds: Number(r.time_seconds),
  words: Number(r.words),
  reviews: Number(r.reviews),
  signed_in: r.signed_in === true,
  streak: Number(r.streak),
});

/** What one submitted section adds to its day. */
export interface DayDelta {
  questions: number;
  correct: number;
  timeSeconds: number;
  reviews: number;
  /** Words added to the learner's word books. */
  words?: number;
}

/** Adds a section's figures (or words added) to the learner's day in one upsert (concurrent submits add, never overwrite). */
export async function addToDay(db: Queryable, userId: number, day: string, d: DayDelta): Promise<void> {
  const words = d.words ?? 0;
  if (d.questions === 0 && d.correct === 0 && d.timeSeconds === 0 && d.reviews === 0 && words === 0) return;
  await db.execute(sql`
    insert into daily_activity (user_id, day, questions, correct, time_seconds, reviews, words)
    values (${userId}::bigint, ${day}::date, ${d.questions}::int, ${d.correct}::int, ${d.timeSeconds}::int, ${d.reviews}::int, ${words}::int)
    on conflict (user_id, day) do update set questions = daily_activity.questions + excluded.questions,
      correct = daily_activity.correct + excluded.correct, time_seconds = daily_activity.time_seconds + excluded.time_seconds,
      reviews = daily_activity.reviews + excluded.reviews, words = daily_activity.words + excluded.words`);
}

/**
 * Signs in for `day` in one statement: the streak continues yesterday's when yesterday was signed in. A day already
 * signed in is left as it is and nothing is returned, so of two concurrent sign-ins exactly one gets a row.
 */
export async function signInDay(db: Queryable, userId: number, day: string, yesterday: string): Promise<number | null> {
  const res = await db.execute<{ streak: number }>(sql`
    insert into daily_activity (user_id, day, signed_in, streak)
    values (${userId}::bigint, ${day}::date, true,
      coalesce((select y.streak from daily_activity y where y.user_id = ${userId}::bigint and y.day = ${yesterday}::date and y.signed_in), 0) + 1)
    on conflict (user_id, day) do update set signed_in = true, streak = excluded.streak
    where not daily_activity.signed_in
    returning streak`);
  const row = res.rows[0];
  return row ? Number(row.streak) : null;
}

export async function dayRow(db: Queryable, userId: number, day: string): Promise<DayRow | null> {
  const res = await db.execute(
    sql`select ${dayColumns} from daily_activity where user_id = ${userId}::bigint and day = ${day}::date`,
  );
  return res.rows[0] ? toDayRow(res.rows[0]) : null;
}

/** The rows of days in [from, to], oldest first. */
export async function dayRows(db: Queryable, userId: number, from: string, to: string): Promise<DayRow[]> {
  const res = await db.execute(sql`
    select ${dayColumns} from daily_activity where user_id = ${userId}::bigint and day between ${from}::date and ${to}::date order by day`);
  return res.rows.map(toDayRow);
}

/** Lifetime sums over the learner's days, the days with any activity and the longest streak reached. */
export async function activityTotals(
  db: Queryable,
  userId: number,
): Promise<{ questions: number; correct: number; time: number; daysActive: number; bestStreak: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(questions), 0)::float8 as questions, coalesce(sum(correct), 0)::float8 as correct,
      coalesce(sum(time_seconds), 0)::float8 as time,
      (count(*) filter (where questions > 0 or words > 0 or reviews > 0 or signed_in))::int as days_active,
      coalesce(max(streak), 0)::int as best_streak
    from daily_activity where user_id = ${userId}::bigint`);
  const r = res.rows[0] ?? {};
  return {
    questions: Number(r.questions ?? 0),
    correct: Number(r.correct ?? 0),
    time: Number(r.time ?? 0),
    daysActive: Number(r.days_active ?? 0),
    bestStreak: Number(r.best_streak ?? 0),
  };
}

/**
 * Items left without an answer in the learner's submitted sections, by input kind (the caller keeps the gradable
 * ones). Closed exams count, as their answered items stay in the daily figures.
 */
export async function unansweredByInputKind(
  db: Queryable,
  userId: number,
): Promise<{ inputKind: string; n: number }[]> {
  const res = await db.execute(sql`
    select i.input_kind, count(*)::int as n
    from exams e
    join exam_sections s on s.exam_id = e.id and s.finished
    join exam_items i on i.exam_id = s.exam_id and i.section_index = s.index
    where e.user_id = ${userId}::bigint and i.state <> 'Answered'
    group by i.input_kind`);
  return res.rows.map((r) => ({ inputKind: String(r.input_kind), n: Number(r.n) }));
}

/** One exam item of a submitted section, with the Shanghai day its section counts on. */
export interface SubmittedItem {
  day: string;
  inputKind: string;
  state: string;
  correct: boolean;
  usedTimeSeconds: number;
}

/**
 * The items of the learner's submitted sections whose day falls in [from, to]. A section's submit time is not
 * stored: a finished exam's sections count on its finishing day, an unfinished exam's on the day of the section's
 * last answer (or the exam's last change). Closed exams still count: deleting a record keeps its statistics.
 */
export async function submittedItems(
  db: Queryable,
  userId: number,
  from: string,
  to: string,
): Promise<SubmittedItem[]> {
  const res = await db.execute(sql`
    with sec as (
      select s.exam_id, s.index,
        ${sql.raw(
          SHANGHAI_DAY_SQL(`coalesce(e.finished_at,
          (select max(x.answered_at) from exam_items x where x.exam_id = s.exam_id and x.section_index = s.index),
          e.updated_at)`),
        )} as day
      from exam_sections s join exams e on e.id = s.exam_id
      where e.user_id = ${userId}::bigint and s.finished
    )
    select sec.day::text as day, i.input_kind, i.state, coalesce(i.correct, false) as correct, i.used_time_seconds
    from sec join exam_items i on i.exam_id = sec.exam_id and i.section_index = sec.index
    where sec.day between ${from}::date and ${to}::date`);
  return res.rows.map((r) => ({
    day: String(r.day),
    inputKind: String(r.input_kind),
    state: String(r.state),
    correct: r.correct === true,
    usedTimeSeconds: Number(r.used_time_seconds),
  }));
}

/**
 * Replaces the exam figures (questions, correct, time) of the days in [from, to] with `days`, in one statement: days
 * not listed drop to zero; words, reviews and sign-ins are kept.
 */
export async function replaceExamFigures(
  db: Queryable,
  userId: number,
  from: string,
  to: string,
  days: Map<string, Omit<DayDelta, 'reviews'>>,
): Promise<void> {
  const listed = [...days].map(
    ([day, d]) => sql`(${day}::date, ${d.questions}::int, ${d.correct}::int, ${d.timeSeconds}::int)`,
  );
  const values = listed.length ? sql`values ${sql.join(listed, sql`, `)}` : sql`select null::date, 0, 0, 0 where false`;
  await db.execute(sql`
    with v (day, questions, correct, time_seconds) as (${values}),
    zeroed as (
      update daily_activity set questions = 0, correct = 0, time_seconds = 0
      where user_id = ${userId}::bigint and day between ${from}::date and ${to}::date and day not in (select day from v)
    )
    insert into daily_activity (user_id, day, questions, correct, time_seconds)
    select ${userId}::bigint, day, questions, correct, time_seconds from v
    on conflict (user_id, day) do update set questions = excluded.questions, correct = excluded.correct, time_seconds = excluded.time_seconds`);
}
