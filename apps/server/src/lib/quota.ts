import {
  periodStarts,
  QUOTA_DEFAULTS,
  shanghaiDay,
  QUOTA_SUBJECT_NAMES,
  QUOTA_SUBJECTS,
  ROLE_NAMES,
  type QuotaSubject,
  type RoleKind,
  type RoleQuota,
} from '@gre/contracts';
import { z } from 'zod';
import type { Queryable } from '@gre/db';
import { AppError } from './app-error.js';
import { isStaff, type Actor } from './authorize.js';
import { counterValue, takeCounter } from './quota.repository.js';

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
  simulate: z
    .object({ n: count, period: z.enum(['total', 'week']) })
    .partial()
    .optional(),
  essay: z
    .object({ n: count, period: z.enum(['total', 'day']) })
    .partial()
    .optional(),
});
const overrideSchema = z
  .object({ Trail: roleOverrideSchema, FreeVIP: roleOverrideSchema, VIP: roleOverrideSchema, SVIP: roleOverrideSchema })
  .partial();

type QuotaRole = keyof typeof QUOTA_DEFAULTS;

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

/** Counter periods at `now`: the day, the week (its Monday, 'w2026-11-16') and the lifetime. */
export function periodKeys(now: Date): { day: string; week: string; total: 'total' } {
  const s = Math.floor(now.getTime() / 1000);
  return { day: shanghaiDay(s), week: `w${shanghaiDay(periodStarts(s).week)}`, total: 'total' };
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
export async function takeQuotas(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  need: QuotaNeed,
  now: Date,
): Promise<void> {
  if (!quota) return;
  const userId = actor.user.id;
  const periods = periodKeys(now);
  if (need.simulate && quota.simulate.n !== null) {
    const period = quota.simulate.period === 'week' ? periods.week : periods.total;
    if (!(await takeCounter(db, userId, period, 'simulate', 1, quota.simulate.n))) {
      throw new AppError(
        'sim_no_perm',
        'simulation quota used up',
        quota.simulate.n === 0
          ? '当前会员等级不能参加模考'
          : `模考次数已用完（${quota.simulate.period === 'week' ? '每周' : '共'} ${quota.simulate.n} 次）`,
      );
    }
  }
  const total = QUOTA_SUBJECTS.reduce((n, s) => n + (need.questions[s] ?? 0), 0);
  if (
    quota.total !== null &&
    total > 0 &&
    !(await takeCounter(db, userId, periods.total, 'questions', total, quota.total))
  ) {
    throw new AppError(
      'role_overflow',
      `lifetime question quota ${quota.total} reached`,
      `${ROLE_NAMES[actor.role]}最多可做 ${quota.total} 道题，升级会员后可继续练习`,
    );
  }
  for (const subject of QUOTA_SUBJECTS) {
    const k = need.questions[subject] ?? 0;
    const limit = quota.daily[subject];
    if (k === 0 || limit === null) continue;
    if (!(await takeCounter(db, userId, periods.day, subject, k, limit))) {
      throw new AppError(
        'day_overflow',
        subject,
        `今日${QUOTA_SUBJECT_NAMES[subject]}题目已达上限（每天 ${limit} 道）`,
      );
    }
  }
}

/** Simulations left in the current period; null when unlimited (and for staff). */
export async function simulateRemaining(
  db: Queryable,
  userId: number,
  quota: RoleQuota | null,
  now: Date,
): Promise<{ remaining: number | null; period: 'total' | 'week' | 'none' }> {
  if (!quota || quota.simulate.n === null) return { remaining: null, period: 'none' };
  const periods = periodKeys(now);
  const used = await counterValue(
    db,
    userId,
    quota.simulate.period === 'week' ? periods.week : periods.total,
    'simulate',
  );
  return { remaining: Math.max(0, quota.simulate.n - used), period: quota.simulate.period };
}
