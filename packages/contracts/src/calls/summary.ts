import { z } from 'zod';
import { defineCall } from '../define.js';
import { SCORE_WINDOWS } from '../rules/windows.js';

/**
 * Summary, calendar and growth (spec §7 Summary and review calls). Days are Asia/Shanghai calendar days
 * ('2026-11-22'); a week starts on Monday.
 */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

export const dailySchema = z.object({
  day: daySchema,
  questions: z.number().int(),
  correct: z.number().int(),
  /** 0–100, one decimal; null when nothing was graded. */
  accuracy: z.number().nullable(),
  used_time_seconds: z.number().int(),
  words: z.number().int(),
  today_aim: z.number().int(),
  /** questions / today_aim, 0–100 (capped); null when no aim is set. */
  aim_progress: z.number().nullable(),
  signed_in: z.boolean(),
  streak: z.number().int(),
  due_reviews: z.number().int(),
});
export type Daily = z.infer<typeof dailySchema>;

export const scorePointSchema = z.object({
  exam_id: z.number().int(),
  finished_at: z.number().int(),
  verbal: z.number().int().nullable(),
  quant: z.number().int().nullable(),
  total: z.number().int().nullable(),
});

/**
 * Accuracy has one definition on every summary figure: right answers over answered questions, in percent with one
 * decimal (null when nothing was answered). Questions left unanswered in a submitted section are counted beside it,
 * never as wrong answers.
 */
export const summaryCalls = {
  get: defineCall({
    path: '/api/summary/get',
    auth: 'user',
    summary:
      'Overall figures: questions answered and left unanswered, accuracy, time, exams finished, days active, streaks',
    request: z.strictObject({}),
    response: z.object({
      /** Gradable questions answered in submitted sections. */
      questions: z.number().int(),
      /** Gradable questions of submitted sections left without an answer. */
      unanswered: z.number().int(),
      correct: z.number().int(),
      /** correct / questions. */
      accuracy: z.number().nullable(),
      used_time_seconds: z.number().int(),
      exams_finished: z.number().int(),
      days_active: z.number().int(),
      streak: z.number().int(),
      best_streak: z.number().int(),
    }),
  }),
  getExercise: defineCall({
    path: '/api/summary/get_exercise',
    auth: 'user',
    summary: 'Accuracy and mean time per question kind over a score window',
    request: z.strictObject({ window: z.enum(SCORE_WINDOWS).default('all') }),
    response: z.object({
      kinds: z.array(
        z.object({
          kind: z.string(),
          category: z.number().int(),
          /** Right answers (only answered questions can be right). */
          correct: z.number().int(),
          answered: z.number().int(),
          unanswered: z.number().int(),
          /** answered + unanswered: every graded question of the kind. */
          total: z.number().int(),
          /** correct / answered, as the overall figure; null when none was answered. */
          accuracy: z.number().nullable(),
          /** Seconds over every graded question of the kind, unanswered ones included (time was spent on them). */
          avg_time_seconds: z.number(),
        }),
      ),
    }),
  }),
  getAvgScore: defineCall({
    path: '/api/summary/get_avg_score',
    auth: 'user',
    summary: "Mean V, Q and total of the learner's finished simulations in a score window",
    request: z.strictObject({ window: z.enum(SCORE_WINDOWS).default('all') }),
    response: z.object({
      verbal: z.number().nullable(),
      quant: z.number().nullable(),
      total: z.number().nullable(),
      count: z.number().int(),
    }),
  }),
  getTotalScore: defineCall({
    path: '/api/summary/get_total_score',
    auth: 'user',
    summary: 'The score history of finished simulations in a score window, oldest first (the trend)',
    request: z.strictObject({ window: z.enum(SCORE_WINDOWS).default('all') }),
    response: z.object({ points: z.array(scorePointSchema) }),
  }),
  getDaily: defineCall({
    path: '/api/summary/get_daily',
    auth: 'user',
    summary: 'Today: questions, accuracy, time, words, aim progress, sign-in and streak, reviews due',
    request: z.strictObject({}),
    response: dailySchema,
  }),
  monthActivity: defineCall({
    path: '/api/summary/month_activity',
    auth: 'user',
    summary: 'The calendar heat map of a month: questions per day and the days signed in',
    request: z.strictObject({ month: monthSchema }),
    response: z.object({
      month: monthSchema,
      days: z.array(z.object({ day: daySchema, questions: z.number().int(), signed_in: z.boolean() })),
    }),
  }),
  signIn: defineCall({
    path: '/api/summary/sign_in',
    auth: 'user',
    summary: 'Signs in for today (once a day): the streak grows; a second sign-in the same day answers conflict',
    request: z.strictObject({}),
    response: z.object({ day: daySchema, streak: z.number().int(), best_streak: z.number().int() }),
  }),
  refreshRecent: defineCall({
    path: '/api/summary/refresh_recent',
    auth: 'user',
    summary: "Recomputes the learner's recent daily figures (last 30 days) from the exam records",
    request: z.strictObject({}),
    response: z.object({ days: z.number().int() }),
  }),
};
