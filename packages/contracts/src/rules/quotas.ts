import { z } from 'zod';
import type { RoleKind } from '../enums.js';

/**
 * Role quotas (product.md, "Roles, access and quotas"). Defaults; the admin may change them in the `quotas` setting.
 * null means unlimited.
 */
export const QUOTA_SUBJECTS = ['verbal', 'quant', 'words'] as const;
export type QuotaSubject = (typeof QUOTA_SUBJECTS)[number];

export interface RoleQuota {
  /** Questions a day per subject, each counted the first time the learner opens it that day (decision 022). */
  daily: Record<QuotaSubject, number | null>;
  /** Questions over the account's life (the trial's 150), any subject. */
  total: number | null;
  /** Simulated exams: how many in which period. */
  simulate: { n: number | null; period: 'total' | 'week' };
  /** Essay judgings: how many in which period. */
  essay: { n: number | null; period: 'total' | 'day' };
  /** Questions to the study assistant a day (decision 030). */
  assistant: { n: number | null; period: 'day' };
}

export const QUOTA_DEFAULTS: Record<Exclude<RoleKind, 'Stranger'>, RoleQuota> = {
  Trail: {
    daily: { verbal: 30, quant: 30, words: 30 },
    total: 150,
    simulate: { n: 1, period: 'total' },
    essay: { n: 1, period: 'total' },
    assistant: { n: 10, period: 'day' },
  },
  FreeVIP: {
    daily: { verbal: 100, quant: 100, words: 100 },
    total: null,
    simulate: { n: 3, period: 'week' },
    essay: { n: 1, period: 'day' },
    assistant: { n: 20, period: 'day' },
  },
  VIP: {
    daily: { verbal: 300, quant: 300, words: 300 },
    total: null,
    simulate: { n: null, period: 'week' },
    essay: { n: 3, period: 'day' },
    assistant: { n: 60, period: 'day' },
  },
  SVIP: {
    daily: { verbal: null, quant: null, words: null },
    total: null,
    simulate: { n: null, period: 'week' },
    essay: { n: 10, period: 'day' },
    assistant: { n: 200, period: 'day' },
  },
};

/** Which daily subject a question counts against: filling and reading are Verbal, math is Quant, words are words; essays count only as judgings. */
export function quotaSubject(category: number): QuotaSubject | null {
  if (category === 1 || category === 2) return 'verbal';
  if (category === 3) return 'quant';
  if (category === 5) return 'words';
  return null;
}

/** Chinese subject names for the day_overflow dialog. */
export const QUOTA_SUBJECT_NAMES: Record<QuotaSubject, string> = { verbal: '语文', quant: '数学', words: '单词' };

/** Today's quota figures, as home shows them and the refusals count: opened questions per subject and in all. */
export const quotaTodaySchema = z.object({
  role_name: z.string(),
  subjects: z.array(
    z.object({ subject: z.enum(QUOTA_SUBJECTS), used: z.number().int(), limit: z.number().int().nullable() }),
  ),
  /** The lifetime count (the trial's 150); limit null when there is none. */
  total: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  /** Unix seconds of the next Shanghai midnight, when the daily counts start again. */
  renews_at: z.number().int(),
});
export type QuotaToday = z.infer<typeof quotaTodaySchema>;
