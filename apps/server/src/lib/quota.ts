import { periodStarts, QUOTA_DEFAULTS, QUOTA_SUBJECT_NAMES, QUOTA_SUBJECTS, ROLE_NAMES, type QuotaSubject, type RoleKind, type RoleQuota } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@gre/db';
import { AppError } from './app-error.js';
import { isStaff, type Actor } from './authorize.js';

/**
 * Role quotas (product.md "Roles, access and quotas"): the contract defaults, overridden per role by the `quotas`
 * setting. Counters live in `usage_counters` and only ever grow, in one conditional statement each, so concurrent
 * requests can neither pass a limit nor drive a counter below zero. Deleting an exam gives nothing back: the
 * questions were shown, and a refund would let a learner see the whole bank through create-and-delete.
 */

const count = z.number().int().min(0).nullable();
const roleOverrideSchema = z.object({
  daily: z.object({ verbal: count, quant: count, words: count }).partial().optional(),
  total: count.optional(),
  simulate: z.object({ n: count, period: z.enum(['total', 'week']) }).partial().optional(),
  essay: z.object({ n: count, period: z.enum(['total', 'day']) }).partial().optional(),
});
const overrideSchema = z.object({ Trail: roleOverrideSchema, FreeVIP: roleOverrideSchema, VIP: roleOverrideSchema, SVIP: roleOverrideSchema }).partial();

type QuotaRole = keyof typeof QUOTA_DEFAULTS;
/** The database or a transaction on it. */
type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The quota of a role after the admin's override; a malformed override is ignored as a whole (the defaults hold). */
export function roleQuota(role: RoleKind, override: unknown): RoleQuota {
  // A Stranger cannot hold a session; if a row says so anyway it gets the smallest quota, never an unlimited one.
  const key: QuotaRole = role === 'Stranger' ? 'Trail' : role;
  const base = QUOTA_DEFAULTS[key];
  const parsed = overrideSchema.safeParse(override ?? {});
  const o = parsed.success ? parsed.data[key] : undefined;
  if (!o) return base;
  return {
    daily: { ...base.daily, ...o.daily },
    total: o.total === undefined ? base.total : o.total,
    simulate: { ...base.simulate, ...o.simulate },
    essay: { ...base.essay, ...o.essay },
  };
}

/** The quota that binds this caller; null for staff, who have none. */
export function quotaFor(actor: Actor, override: unknown): RoleQuota | null {
  return isStaff(actor) ? null : roleQuota(actor.role, override);
}

/** A Shanghai calendar day as 'YYYY-MM-DD'. */
export function shanghaiDay(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

/** Counter periods at `now`: the day, the week (its Monday, 'w2026-11-16') and the lifetime. */
export function periodKeys(now: Date): { day: string; week: string; total: 'total' } {
  const s = Math.floor(now.getTime() / 1000);
  return { day: shanghaiDay(s), week: `w${shanghaiDay(periodStarts(s).week)}`, total: 'total' };
}

/**
 * Adds `k` to a counter if the result stays within `limit`, in one statement: the insert branch checks k itself,
 * the update branch re-reads the row under its lock, so of many concurrent takes only those that fit succeed.
 * Returns whether it was taken.
 */
export async function takeCounter(db: Queryable, userId: number, period: string, subject: string, k: number, limit: number): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`
    insert into usage_counters (user_id, period, subject, n)
    select ${userId}::bigint, ${period}::text, ${subject}::text, ${k}::int where ${k}::int <= ${limit}::int
    on conflict (user_id, period, subject) do update set n = usage_counters.n + excluded.n
    where usage_counters.n + excluded.n <= ${limit}::int
    returning n`);
  return res.rows.length > 0;
}

export async function counterValue(db: Queryable, userId: number, period: string, subject: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select n from usage_counters where user_id = ${userId} and period = ${period} and subject = ${subject}`);
  return Number(res.rows[0]?.n ?? 0);
}

/** What an exam hands out: questions per daily subject, and whether it is a simulation. */
export interface QuotaNeed {
  questions: Partial<Record<QuotaSubject, number>>;
  simulate: boolean;
}

/**
 * Takes everything an exam needs, inside the caller's transaction, or throws the refusal: a simulation first
 * (sim_no_perm), then the lifetime total (role_overflow), then each daily subject (day_overflow, `detail` = the
 * subject key). A refusal rolls the transaction back, so counters taken before it are returned too. The order is
 * fixed, so concurrent creates lock counter rows in the same order and cannot deadlock.
 */
export async function takeQuotas(db: Queryable, actor: Actor, quota: RoleQuota | null, need: QuotaNeed, now: Date): Promise<void> {
  if (!quota) return;
  const userId = actor.user.id;
  const periods = periodKeys(now);
  if (need.simulate && quota.simulate.n !== null) {
    const period = quota.simulate.period === 'week' ? periods.week : periods.total;
    if (!(await takeCounter(db, userId, period, 'simulate', 1, quota.simulate.n))) {
      throw new AppError('sim_no_perm', 'simulation quota used up', quota.simulate.n === 0 ? '当前会员等级不能参加模考' : `模考次数已用完（${quota.simulate.period === 'week' ? '每周' : '共'} ${quota.simulate.n} 次）`);
    }
  }
  const total = QUOTA_SUBJECTS.reduce((n, s) => n + (need.questions[s] ?? 0), 0);
  if (quota.total !== null && total > 0 && !(await takeCounter(db, userId, periods.total, 'questions', total, quota.total))) {
    throw new AppError('role_overflow', `lifetime question quota ${quota.total} reached`, `${ROLE_NAMES[actor.role]}最多可做 ${quota.total} 道题，升级会员后可继续练习`);
  }
  for (const subject of QUOTA_SUBJECTS) {
    const k = need.questions[subject] ?? 0;
    const limit = quota.daily[subject];
    if (k === 0 || limit === null) continue;
    if (!(await takeCounter(db, userId, periods.day, subject, k, limit))) {
      throw new AppError('day_overflow', subject, `今日${QUOTA_SUBJECT_NAMES[subject]}题目已达上限（每天 ${limit} 道）`);
    }
  }
}

/** Simulations left in the current period; null when unlimited (and for staff). */
export async function simulateRemaining(db: Queryable, userId: number, quota: RoleQuota | null, now: Date): Promise<{ remaining: number | null; period: 'total' | 'week' | 'none' }> {
  if (!quota || quota.simulate.n === null) return { remaining: null, period: 'none' };
  const periods = periodKeys(now);
  const used = await counterValue(db, userId, quota.simulate.period === 'week' ? periods.week : periods.total, 'simulate');
  return { remaining: Math.max(0, quota.simulate.n - used), period: quota.simulate.period };
}
