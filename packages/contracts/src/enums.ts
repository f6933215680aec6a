/** Spec §4 role kinds. "Trail" is the spec's spelling of the trial tier; kept verbatim as it is wire data. */
export const ROLE_KINDS = ['Stranger', 'Trail', 'FreeVIP', 'VIP', 'SVIP'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

/** Ordered from lowest to highest tier, for `atLeast` comparisons. */
export const ROLE_RANK: Record<RoleKind, number> = { Stranger: 0, Trail: 1, FreeVIP: 2, VIP: 3, SVIP: 4 };

/** Display name of each role, sent as `authority.role_name` (the out-of-quota dialog shows it). */
export const ROLE_NAMES: Record<RoleKind, string> = {
  Stranger: '游客',
  Trail: '试用用户',
  FreeVIP: '免费会员',
  VIP: '会员',
  SVIP: '超级会员',
};

export const STAFF_ROLES = ['admin', 'operator', 'teacher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Spec §3 question categories. */
export const QUESTION_CATEGORIES = { none: 0, filling: 1, reading: 2, math: 3, issue: 4, word: 5 } as const;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/** Spec §2 page sources, recorded on crafts and exams. */
export const PAGE_SOURCES = [
  'Exam',
  'Collect',
  'Wrongs',
  'Note',
  'Search',
  'Word',
  'Home',
  'Exercise',
  'Higher',
  'Season',
  'ArchivedExercise',
  'Voucher',
  'Flash',
  'Mail',
  'Download',
  'ArchivedSixTwo',
  'ArchivedPick',
  'Record',
  'Simulate',
] as const;

/** Why a verification code is sent; a code only opens the purpose it was sent for. */
export const CODE_PURPOSES = ['register', 'reset_password', 'op_check'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Spec §9 constants the client needs. */
export const CLIENT_TIMINGS = {
  autoRefreshMs: 3000,
  tokenExpiredRedirectMs: 3000,
  paymentPollMs: 3000,
  successReloadMs: 1000,
  maxNotifications: 5,
  bypassValidMs: 24 * 60 * 60 * 1000,
  tagNameHint: 10,
} as const;

/** Verification-code rules (issue 2). */
export const CODE_RULES = { digits: 6, validSeconds: 600, resendSeconds: 60, maxTries: 5 } as const;
