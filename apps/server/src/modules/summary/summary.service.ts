import {
  applyWindow,
  correctRate,
  isGradable,
  type craftCalls,
  type Daily,
  type ExamResult,
  type ScoreWindow,
  shanghaiDay,
  type summaryCalls,
  windowAverage,
} from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { dueBefore, reviewCap } from '../../lib/fsrs.js';
import { toCraft } from '../crafts/index.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import {
  activityTotals,
  dayRow,
  dayRows,
  replaceExamFigures,
  signInDay,
  submittedItems,
  unansweredByInputKind,
  type DayDelta,
} from './activity.repository.js';
import { dueCount, dueCrafts } from './review.repository.js';
import { countFinished, finishedExams, kindSums } from './scores.repository.js';

type SummaryDeps = Pick<Deps, 'database' | 'settings' | 'clock'>;
type Out<C extends { response: z.ZodType }> = z.input<C['response']>;

const DAY = 86_400;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const round1 = (x: number) => Math.round(x * 10) / 10;
/** A day `back` days before the Shanghai day holding `now`. */
const dayBefore = (now: Date, back: number) => shanghaiDay(unix(now) - back * DAY);
/** The one accuracy of every summary figure: right answers over answered questions (unanswered ones apart). */
const accuracy = (correct: number, answered: number) => correctRate({ correct, total_questions: answered });
const visibleTo = (actor: Actor) => visibleVisibilities(actor);

/** Today's re-review allowance: the cap (admin override or default) less the reviews already done today. */
export async function reviewAllowance(
  deps: SummaryDeps,
  actor: Actor,
  now: Date,
): Promise<{ cap: number; done: number; left: number }> {
  const [row, override] = await Promise.all([
    dayRow(deps.database.db, actor.user.id, dayBefore(now, 0)),
    deps.settings.override('review_cap'),
  ]);
  const cap = reviewCap(override);
  const done = row?.reviews ?? 0;
  return { cap, done, left: Math.max(0, cap - done) };
}

/** Today on the home page: the day's figures, the aim's progress, the sign-in and the re-reviews still offered today. */
export async function getDaily(deps: SummaryDeps, actor: Actor, now = deps.clock.now()): Promise<Daily> {
  const { db } = deps.database;
  const day = dayBefore(now, 0);
  const [row, allowance, due] = await Promise.all([
    dayRow(db, actor.user.id, day),
    reviewAllowance(deps, actor, now),
    dueCount(db, actor.user.id, dueBefore(now), visibleTo(actor)),
  ]);
  const questions = row?.questions ?? 0;
  const aim = actor.user.todayAim;
  return {
    day,
    questions,
    correct: row?.correct ?? 0,
    accuracy: accuracy(row?.correct ?? 0, questions),
    used_time_seconds: row?.time_seconds ?? 0,
    words: row?.words ?? 0,
    today_aim: aim,
    aim_progress: aim > 0 ? Math.min(100, round1((questions / aim) * 100)) : null,
    signed_in: row?.signed_in ?? false,
    streak: row?.signed_in ? row.streak : 0,
    due_reviews: Math.min(due, allowance.left),
  };
}

/** The calendar stays within ten years of today: anything further is a malformed request, not a calendar. */
const MONTH_REACH = 120;

export async function monthActivity(
  deps: SummaryDeps,
  actor: Actor,
  month: string,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.monthActivity>> {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const [nowYear, nowMon] = dayBefore(now, 0).split('-').map(Number) as [number, number];
  if (mon < 1 || mon > 12) throw new AppError('invalid_input', `month ${month} does not exist`, '月份不正确');
  if (Math.abs(year * 12 + mon - (nowYear * 12 + nowMon)) > MONTH_REACH)
    throw new AppError('invalid_input', `month ${month} is more than ten years away`, '月份超出范围');
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const rows = await dayRows(
    deps.database.db,
    actor.user.id,
    `${month}-01`,
    `${month}-${String(last).padStart(2, '0')}`,
  );
  return { month, days: rows.map((r) => ({ day: r.day, questions: r.questions, signed_in: r.signed_in })) };
}

/** Once a day; the streak grows only from yesterday's. A second sign-in the same day is a conflict. */
export async function signIn(
  deps: SummaryDeps,
  actor: Actor,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.signIn>> {
  const { db } = deps.database;
  const day = dayBefore(now, 0);
  const streak = await signInDay(db, actor.user.id, day, dayBefore(now, 1));
  if (streak === null) throw new AppError('conflict', `already signed in on ${day}`, '今天已经签到过了');
  const { bestStreak } = await activityTotals(db, actor.user.id);
  return { day, streak, best_streak: Math.max(bestStreak, streak) };
}

export async function overall(
  deps: SummaryDeps,
  actor: Actor,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.get>> {
  const { db } = deps.database;
  const [totals, exams, today, unanswered] = await Promise.all([
    activityTotals(db, actor.user.id),
    countFinished(db, actor.user.id),
    dayRow(db, actor.user.id, dayBefore(now, 0)),
    unansweredByInputKind(db, actor.user.id),
  ]);
  return {
    // The daily rows count answered gradable questions only, so this is the accuracy's denominator.
    questions: totals.questions,
    unanswered: unanswered.filter((u) => isGradable(u.inputKind)).reduce((n, u) => n + u.n, 0),
    correct: totals.correct,
    accuracy: accuracy(totals.correct, totals.questions),
    used_time_seconds: totals.time,
    exams_finished: exams,
    days_active: totals.daysActive,
    streak: today?.signed_in ? today.streak : 0,
    best_streak: totals.bestStreak,
  };
}

type Attempt = {
  exam_id: number;
  finished_at: number;
  verbal: number | null;
  quant: number | null;
  total: number | null;
  correct: number;
  total_questions: number;
};

async function attemptsOf(deps: SummaryDeps, actor: Actor, simulateOnly: boolean): Promise<Attempt[]> {
  const rows = await finishedExams(deps.database.db, actor.user.id, { simulateOnly, listed: simulateOnly });
  return rows.flatMap((e) => {
    const r = e.result as ExamResult | null;
    if (!r || !e.finishedAt) return [];
    return [
      {
        exam_id: e.id,
        finished_at: unix(e.finishedAt),
        verbal: r.verbal?.scaled ?? null,
        quant: r.quant?.scaled ?? null,
        total: r.total,
        correct: r.correct,
        total_questions: r.total_questions,
      },
    ];
  });
}

/** Each mean over its own window: the verbal mean ranks attempts by verbal, the total mean by total (spec §9). */
export async function avgScore(
  deps: SummaryDeps,
  actor: Actor,
  window: ScoreWindow,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.getAvgScore>> {
  const attempts = await attemptsOf(deps, actor, true);
  const counted = new Set<number>();
  const mean = (score: (a: Attempt) => number | null) => {
    const kept = applyWindow(attempts, window, unix(now), score);
    for (const a of kept) counted.add(a.exam_id);
    return windowAverage(kept, score);
  };
  return {
    verbal: mean((a) => a.verbal),
    quant: mean((a) => a.quant),
    total: mean((a) => a.total),
    count: counted.size,
  };
}

/**
 * The score trend. 'all' lists every finished simulation (a verbal-only one has no total but belongs to the
 * history, as on the report page); the other windows rank and cut by the total.
 */
export async function totalScore(
  deps: SummaryDeps,
  actor: Actor,
  window: ScoreWindow,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.getTotalScore>> {
  const attempts = await attemptsOf(deps, actor, true);
  const kept = window === 'all' ? attempts : applyWindow(attempts, window, unix(now), (a) => a.total);
  return {
    points: kept.map((a) => ({
      exam_id: a.exam_id,
      finished_at: a.finished_at,
      verbal: a.verbal,
      quant: a.quant,
      total: a.total,
    })),
  };
}

/**
 * Accuracy (over answered questions, as the overall figure) and time per question kind over the finished exams a
 * window keeps (ranked by correct rate).
 */
export async function exercise(
  deps: SummaryDeps,
  actor: Actor,
  window: ScoreWindow,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.getExercise>> {
  const attempts = await attemptsOf(deps, actor, false);
  const kept = window === 'all' ? attempts : applyWindow(attempts, window, unix(now), correctRate);
  const sums = await kindSums(
    deps.database.db,
    kept.map((a) => a.exam_id),
  );
  type Sum = { kind: string; category: number; correct: number; answered: number; total: number; time: number };
  const byKind = new Map<string, Sum>();
  for (const s of sums.filter((x) => isGradable(x.inputKind))) {
    const key = `${s.category}/${s.kind}`;
    const k = byKind.get(key) ?? { kind: s.kind, category: s.category, correct: 0, answered: 0, total: 0, time: 0 };
    k.correct += s.correct;
    k.answered += s.answered;
    k.total += s.total;
    k.time += s.time;
    byKind.set(key, k);
  }
  const kinds = [...byKind.values()].sort((a, b) => a.category - b.category || a.kind.localeCompare(b.kind));
  return {
    kinds: kinds.map((k) => ({
      kind: k.kind,
      category: k.category,
      correct: k.correct,
      answered: k.answered,
      unanswered: k.total - k.answered,
      total: k.total,
      accuracy: accuracy(k.correct, k.answered),
      avg_time_seconds: round1(k.time / k.total),
    })),
  };
}

/** Days a refresh recomputes, today included. */
const REFRESH_DAYS = 30;

/** Recomputes the last 30 days' exam figures from the submitted sections; running it twice changes nothing. */
export async function refreshRecent(
  deps: SummaryDeps,
  actor: Actor,
  now = deps.clock.now(),
): Promise<Out<typeof summaryCalls.refreshRecent>> {
  const { db } = deps.database;
  const from = dayBefore(now, REFRESH_DAYS - 1);
  const to = dayBefore(now, 0);
  const days = new Map<string, Omit<DayDelta, 'reviews'>>();
  for (const i of await submittedItems(db, actor.user.id, from, to)) {
    const d = days.get(i.day) ?? { questions: 0, correct: 0, timeSeconds: 0 };
    d.timeSeconds += i.usedTimeSeconds;
    if (i.state === 'Answered' && isGradable(i.inputKind)) {
      d.questions += 1;
      d.correct += i.correct ? 1 : 0;
    }
    days.set(i.day, d);
  }
  await replaceExamFigures(db, actor.user.id, from, to, days);
  return { days: days.size };
}

/** Wrong questions due for re-review, most overdue first, never more than what is left of today's cap. */
export async function reviewDue(
  deps: SummaryDeps,
  actor: Actor,
  limit: number,
  now = deps.clock.now(),
): Promise<Out<typeof craftCalls.reviewDue>> {
  const { db } = deps.database;
  const visible = visibleTo(actor);
  const allowance = await reviewAllowance(deps, actor, now);
  const [rows, total] = await Promise.all([
    dueCrafts(db, actor.user.id, dueBefore(now), visible, Math.min(limit, allowance.left)),
    dueCount(db, actor.user.id, dueBefore(now), visible),
  ]);
  return {
    items: rows.map((r) => ({ question: toQuestionBrief(r.question, true), craft: toCraft(r.craft) })),
    due_total: total,
    daily_cap: allowance.cap,
    done_today: allowance.done,
  };
}
