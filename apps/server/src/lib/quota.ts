import {
  nextShanghaiMidnight,
  periodStarts,
  quotaSubject,
  type QuotaRefusal,
  type QuotaToday,
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
import { counterValue, insertOpens, openedToday, takeCounter } from './quota.repository.js';

/**
 * Role quotas (product.md "Roles, access and quotas"): the contract defaults, overridden per role by the `quotas`
 * setting. Counters live in `usage_counters` and only ever grow, in one conditional statement each, so concurrent
 * requests can neither pass a limit nor drive a counter below zero. A question counts when it is first opened on
 * a day (`question_opens`), never when an exam is created, and deleting an exam gives nothing back: the questions
 * were shown (decision 022).
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
  assistant: z.object({ n: count }).partial().optional(),
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
    assistant: { ...base.assistant, ...o.assistant },
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

/** What an exam will hand out: questions per daily subject, and whether it is a simulation. */
export interface QuotaNeed {
  questions: Partial<Record<QuotaSubject, number>>;
  simulate: boolean;
}

/** A question being opened: the daily subject it counts against follows its category. */
export interface OpenTarget {
  questionId: string;
  category: number;
}

const MAX_COUNTER = 2_147_483_647;
const unixOf = (d: Date) => Math.floor(d.getTime() / 1000);

/** When a period's counter starts again: the next Shanghai midnight, the next Monday, never for a lifetime count. */
function renewsAt(period: 'day' | 'week' | 'total', now: Date): number | null {
  const s = unixOf(now);
  if (period === 'day') return nextShanghaiMidnight(s);
  if (period === 'week') return periodStarts(s).week + 7 * 86_400;
  return null;
}

/** A refusal that states its true cause: the counter, how much of it is used, and when it renews. */
function quotaRefusal(
  actor: Actor,
  r: {
    reason: 'day' | 'total' | 'simulate' | 'essay' | 'assistant';
    subject: QuotaSubject | null;
    used: number;
    limit: number;
  },
  period: 'day' | 'week' | 'total',
  now: Date,
): AppError {
  const role = ROLE_NAMES[actor.role];
  const quota: QuotaRefusal = { ...r, role_name: role, period, renews_at: renewsAt(period, now) };
  if (r.reason === 'simulate') {
    const show =
      r.limit === 0
        ? `${role}不能参加模考，升级会员后可以模考`
        : period === 'week'
          ? `本周模考次数已用完：${role}每周可模考 ${r.limit} 次，本周已用 ${r.used} 次，下周一 0 点（北京时间）恢复`
          : `模考次数已用完：${role}共可模考 ${r.limit} 次，已用 ${r.used} 次，升级会员后可继续模考`;
    return new AppError('sim_no_perm', `simulation quota ${r.used}/${r.limit} (${period})`, show, quota);
  }
  if (r.reason === 'essay') {
    // A lifetime allowance is over until the learner upgrades (`limit`); a day's comes back tomorrow (`day_overflow`).
    const show =
      period === 'day'
        ? `今日作文批改次数已用完：${role}每天可批改 ${r.limit} 篇，今天已用 ${r.used} 篇，明天 0 点（北京时间）恢复`
        : `作文批改次数已用完：${role}共可批改 ${r.limit} 篇，已用 ${r.used} 篇，升级会员后可继续批改`;
    return new AppError(
      period === 'day' ? 'day_overflow' : 'limit',
      `essay judging quota ${r.used}/${r.limit}`,
      show,
      quota,
    );
  }
  if (r.reason === 'assistant') {
    return new AppError(
      'day_overflow',
      `assistant quota ${r.used}/${r.limit}`,
      `今日助教提问次数已用完：${role}每天可提问 ${r.limit} 次，今天已问 ${r.used} 次，明天 0 点（北京时间）恢复`,
      quota,
    );
  }
  if (r.reason === 'total') {
    return new AppError(
      'role_overflow',
      `lifetime question quota ${r.used}/${r.limit}`,
      `${role}共可练习 ${r.limit} 道题，已打开 ${r.used} 道，升级会员后可继续练习`,
      quota,
    );
  }
  const name = QUOTA_SUBJECT_NAMES[r.subject!];
  return new AppError(
    'day_overflow',
    r.subject!,
    `今日${name}题目已达上限：${role}每天可练习 ${r.limit} 道${name}题，今天已打开 ${r.used} 道，明天 0 点（北京时间）恢复`,
    quota,
  );
}

/**
 * Whether an exam can be started, taking nothing (product.md: questions count when opened). A simulation needs one
 * simulation left and room today for all its questions, since a timed mock never stops for a quota once it runs; any
 * other exam needs room for its first question (none when it was opened today already). Refusals in the fixed order
 * sim_no_perm → role_overflow → day_overflow.
 */
export async function checkCanStart(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  need: QuotaNeed,
  first: OpenTarget | null,
  now: Date,
): Promise<void> {
  if (!quota) return;
  const userId = actor.user.id;
  const periods = periodKeys(now);
  if (need.simulate && quota.simulate.n !== null) {
    const period = quota.simulate.period;
    const used = await counterValue(db, userId, period === 'week' ? periods.week : periods.total, 'simulate');
    if (used >= quota.simulate.n)
      throw quotaRefusal(actor, { reason: 'simulate', subject: null, used, limit: quota.simulate.n }, period, now);
  }
  let questions = need.questions;
  if (!need.simulate) {
    const subject = first ? quotaSubject(first.category) : null;
    const fresh = first !== null && !(await openedToday(db, userId, periods.day, [first.questionId])).size;
    questions = subject && fresh ? { [subject]: 1 } : {};
  }
  await checkQuestionRoom(db, actor, quota, questions, now);
}

/** Refuses when taking `questions` now would pass the lifetime total or a daily subject. */
export async function checkQuestionRoom(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  questions: Partial<Record<QuotaSubject, number>>,
  now: Date,
): Promise<void> {
  if (!quota) return;
  const userId = actor.user.id;
  const periods = periodKeys(now);
  const total = QUOTA_SUBJECTS.reduce((n, s) => n + (questions[s] ?? 0), 0);
  if (total === 0) return;
  if (quota.total !== null) {
    const used = await counterValue(db, userId, periods.total, 'questions');
    if (used + total > quota.total)
      throw quotaRefusal(actor, { reason: 'total', subject: null, used, limit: quota.total }, 'total', now);
  }
  for (const subject of QUOTA_SUBJECTS) {
    const k = questions[subject] ?? 0;
    const limit = quota.daily[subject];
    if (k === 0 || limit === null) continue;
    const used = await counterValue(db, userId, periods.day, subject);
    if (used + k > limit) throw quotaRefusal(actor, { reason: 'day', subject, used, limit }, 'day', now);
  }
}

/** Takes one simulation when a mock starts, or refuses (sim_no_perm with the figures). */
export async function takeSimulation(db: Queryable, actor: Actor, quota: RoleQuota | null, now: Date): Promise<void> {
  if (!quota || quota.simulate.n === null) return;
  const period = quota.simulate.period;
  const key = period === 'week' ? periodKeys(now).week : periodKeys(now).total;
  if (!(await takeCounter(db, actor.user.id, key, 'simulate', 1, quota.simulate.n))) {
    const used = await counterValue(db, actor.user.id, key, 'simulate');
    throw quotaRefusal(actor, { reason: 'simulate', subject: null, used, limit: quota.simulate.n }, period, now);
  }
}

/**
 * The learner opens questions (a practice moves to one, the bank shows one): each counts once per Shanghai day,
 * against its daily subject and the lifetime total, whatever screen it is on. Inside the caller's transaction, so a
 * refusal leaves no open and no counter behind. `force` counts without a limit: a running mock, and the first
 * question of a section opened by submitting the one before, never stop for a quota (a mock's room was checked when
 * it started). Staff have no quota and leave no opens.
 */
export async function openQuestions(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  targets: OpenTarget[],
  now: Date,
  force = false,
): Promise<void> {
  targets = targets.filter((t) => quotaSubject(t.category) !== null);
  if (!quota || targets.length === 0) return;
  if (force) return countOpened(db, actor.user.id, targets, now);
  const userId = actor.user.id;
  const periods = periodKeys(now);
  const questions = await freshBySubject(db, userId, targets, now);
  const total = QUOTA_SUBJECTS.reduce((n, s) => n + (questions[s] ?? 0), 0);
  if (total === 0) return;
  await checkQuestionRoom(db, actor, quota, questions, now);
  // Checked and taken in one transaction; each take re-checks under its counter row's lock, so a racing open that got
  // there first makes this one refuse instead of passing the limit. The refusal names the counter whose take failed,
  // read then: the takes before it are this transaction's own and go with its rollback, so checking every counter
  // again would count them (at 148/150 with the day full, a loser would say 150 of 150 instead of the day).
  if (!(await takeCounter(db, userId, periods.total, 'questions', total, quota.total ?? MAX_COUNTER))) {
    const used = await counterValue(db, userId, periods.total, 'questions');
    throw quotaRefusal(actor, { reason: 'total', subject: null, used, limit: quota.total! }, 'total', now);
  }
  for (const subject of QUOTA_SUBJECTS) {
    const k = questions[subject] ?? 0;
    const limit = quota.daily[subject];
    if (k === 0 || (await takeCounter(db, userId, periods.day, subject, k, limit ?? MAX_COUNTER))) continue;
    const used = await counterValue(db, userId, periods.day, subject);
    throw quotaRefusal(actor, { reason: 'day', subject, used, limit: limit! }, 'day', now);
  }
}

async function takeSubjects(
  db: Queryable,
  userId: number,
  day: string,
  questions: Partial<Record<QuotaSubject, number>>,
  limitOf: (subject: QuotaSubject) => number,
): Promise<boolean> {
  for (const subject of QUOTA_SUBJECTS) {
    const k = questions[subject] ?? 0;
    if (k > 0 && !(await takeCounter(db, userId, day, subject, k, limitOf(subject)))) return false;
  }
  return true;
}

/** Records the opens and counts the fresh ones, per subject and in all. */
async function freshBySubject(
  db: Queryable,
  userId: number,
  targets: OpenTarget[],
  now: Date,
): Promise<Partial<Record<QuotaSubject, number>>> {
  const ids = targets.map((t) => t.questionId);
  const fresh = await insertOpens(db, userId, periodKeys(now).day, ids, now);
  const questions: Partial<Record<QuotaSubject, number>> = {};
  for (const t of targets) {
    const subject = quotaSubject(t.category);
    if (subject && fresh.has(t.questionId)) questions[subject] = (questions[subject] ?? 0) + 1;
  }
  return questions;
}

/**
 * Counts opened questions without a limit: the first question of a section opened by submitting the one before
 * (a submit never fails on a quota), and the questions of a running mock.
 */
export async function countOpened(db: Queryable, userId: number, targets: OpenTarget[], now: Date): Promise<void> {
  const questions = await freshBySubject(db, userId, targets, now);
  const total = QUOTA_SUBJECTS.reduce((n, s) => n + (questions[s] ?? 0), 0);
  if (total === 0) return;
  const periods = periodKeys(now);
  await takeCounter(db, userId, periods.total, 'questions', total, MAX_COUNTER);
  await takeSubjects(db, userId, periods.day, questions, () => MAX_COUNTER);
}

/** Today's figures of the quota, as home shows them: the same counters the refusals read. */
export async function quotaToday(db: Queryable, actor: Actor, quota: RoleQuota | null, now: Date): Promise<QuotaToday> {
  const periods = periodKeys(now);
  const userId = actor.user.id;
  const [day, total] = await Promise.all([
    Promise.all(QUOTA_SUBJECTS.map((s) => counterValue(db, userId, periods.day, s))),
    counterValue(db, userId, periods.total, 'questions'),
  ]);
  return {
    role_name: ROLE_NAMES[actor.role],
    subjects: QUOTA_SUBJECTS.map((subject, i) => ({
      subject,
      used: day[i] ?? 0,
      limit: quota ? quota.daily[subject] : null,
    })),
    total: { used: total, limit: quota ? quota.total : null },
    renews_at: renewsAt('day', now)!,
  };
}

/** Simulations left in the current period; null when unlimited (and for staff). */
export async function simulateRemaining(
  db: Queryable,
  userId: number,
  quota: RoleQuota | null,
  now: Date,
): Promise<{ remaining: number | null; period: 'total' | 'week' | 'none'; limit: number | null }> {
  if (!quota || quota.simulate.n === null) return { remaining: null, period: 'none', limit: null };
  const periods = periodKeys(now);
  const used = await counterValue(
    db,
    userId,
    quota.simulate.period === 'week' ? periods.week : periods.total,
    'simulate',
  );
  return { remaining: Math.max(0, quota.simulate.n - used), period: quota.simulate.period, limit: quota.simulate.n };
}

/**
 * Takes one essay judging from the role's allowance (product.md: a lifetime one for trial accounts, a day's for the
 * rest), or answers the refusal — `day_overflow` or `limit` with the figures — without taking anything. Staff have none.
 */
export async function takeEssayJudging(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  now: Date,
): Promise<AppError | null> {
  if (!quota || quota.essay.n === null) return null;
  const period = quota.essay.period;
  const key = period === 'day' ? periodKeys(now).day : periodKeys(now).total;
  if (await takeCounter(db, actor.user.id, key, 'essay', 1, quota.essay.n)) return null;
  const used = await counterValue(db, actor.user.id, key, 'essay');
  return quotaRefusal(actor, { reason: 'essay', subject: null, used, limit: quota.essay.n }, period, now);
}

/**
 * Takes one question to the study assistant from the day's allowance, or answers `day_overflow` with the figures
 * without taking anything. Staff have none.
 */
export async function takeAssistantQuestion(
  db: Queryable,
  actor: Actor,
  quota: RoleQuota | null,
  now: Date,
): Promise<AppError | null> {
  if (!quota || quota.assistant.n === null) return null;
  const key = periodKeys(now).day;
  if (await takeCounter(db, actor.user.id, key, 'assistant', 1, quota.assistant.n)) return null;
  const used = await counterValue(db, actor.user.id, key, 'assistant');
  return quotaRefusal(actor, { reason: 'assistant', subject: null, used, limit: quota.assistant.n }, 'day', now);
}
