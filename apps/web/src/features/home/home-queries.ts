import { craftCalls, examCalls, summaryCalls, type ExamBrief, type ExamStatus } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/**
 * One `summary` prefix: signing in, saving the aim or finishing an exam refreshes today's figures, the calendar and
 * the analyze page together.
 */
export const summaryKeys = {
  all: ['summary'] as const,
  daily: ['summary', 'daily'] as const,
  month: (month: string) => ['summary', 'month', month] as const,
  reviewDue: ['review', 'due'] as const,
  quota: ['summary', 'quota'] as const,
};

/** Today's quota: the same counters a refusal reads, so home and the refusals agree. */
export const quotaTodayQuery = queryOptions({
  queryKey: summaryKeys.quota,
  queryFn: () => call(examCalls.quotaToday, {}, { quiet: true }),
  staleTime: 10_000,
});

/** Today's figures; background refreshes stay out of the loading overlay. */
export const dailyQuery = queryOptions({
  queryKey: summaryKeys.daily,
  queryFn: () => call(summaryCalls.getDaily, {}, { quiet: true }),
  staleTime: 10_000,
});

export const monthActivityQuery = (month: string) =>
  queryOptions({
    queryKey: summaryKeys.month(month),
    queryFn: () => call(summaryCalls.monthActivity, { month }, { quiet: true }),
    staleTime: 30_000,
  });

/** The home card needs the count and the cap, not the questions: one item is enough to learn both. */
export const reviewDueQuery = queryOptions({
  queryKey: summaryKeys.reviewDue,
  queryFn: () => call(craftCalls.reviewDue, { limit: 1 }, { quiet: true }),
  staleTime: 10_000,
});

/** What can still be reviewed today: the due questions, never past what the daily cap leaves. */
export function reviewableToday(due: { due_total: number; daily_cap: number; done_today: number }): number {
  return Math.max(0, Math.min(due.due_total, due.daily_cap - due.done_today));
}

const UNFINISHED: ReadonlySet<ExamStatus> = new Set(['NotStart', 'Start', 'PartCompleted']);

/** The exam to continue: the most recently touched one that is neither finished nor removed. */
export function lastUnfinished(items: readonly ExamBrief[]): ExamBrief | undefined {
  return items.filter((e) => UNFINISHED.has(e.status)).sort((a, b) => b.updated_at - a.updated_at || b.id - a.id)[0];
}

/** The month before or after a 'YYYY-MM' month. */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every day of a month, '2026-11-01' … '2026-11-30'. */
export function daysOfMonth(month: string): string[] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
