import { z } from 'zod';
import { idSchema, LIMITS, pageControlSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { ROLE_KINDS, STAFF_ROLES } from '../enums.js';
import { MEMBERSHIP_TIERS } from '../rules/prices.js';
import { tradeSchema } from './pay.js';
import { daySchema } from './summary.js';
import { authorityRecordSchema, opCodeSchema } from './user.js';

/**
 * The admin's permission calls (spec §6, §7 Permission). Every call that changes a user's tier, coins or rights
 * carries `op_code`: a code the admin asked for with /api/user/send_op_check_code, used up by the change. Each change
 * and each refusal of one is written to the audit log.
 */

/** Days a manual grant or a gift may run; ten years is past any real grant and keeps a typo out. */
export const GRANT_DAYS_MAX = 3650;
/** Flash coins one manual change may add or take. */
export const COIN_CHANGE_MAX = 100_000;
/** Tailored books one assignment may add or take. */
export const TAILOR_USE_CHANGE_MAX = 100;
/** Users one newman gift run handles; what is left is reported and gifted by the next run. */
export const NEWMAN_BATCH_MAX = 500;
/** Days one report may cover. */
export const REPORT_DAYS_MAX = 366;
export const ADMIN_USER_PAGE_MAX = 50;

/**
 * A real calendar day of this century, `YYYY-MM-DD` (Asia/Shanghai). The pattern holds months and days to their
 * ranges, so the contract fuzz's strings that match it are mostly real days; the refinement drops 02-30 and the like.
 */
export const calendarDaySchema = z
  .string()
  .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  // zod runs the refinement on strings the pattern refused too: an unparsable one must answer false, not throw.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, 'not a calendar day');

/** A user as the admin console shows them: tier, staff flags, coins and every access right. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The tier in force now (a lapsed one has fallen back to `base_role_kind`). */
  role_kind: z.enum(ROLE_KINDS),
  role_name: z.string(),
  base_role_kind: z.enum(ROLE_KINDS),
  /** Unix seconds the tier in force ends; null when it does not (the base tier). */
  expire_stamp: z.number().int().nullable(),
  is_admin: z.boolean(),
  is_operator: z.boolean(),
  is_teacher: z.boolean(),
  is_freeze: z.boolean(),
  flash_coins: z.number().int(),
  /** `set_higher`: opens the higher bank, and with it the higher collect / wrongs / notes pages. */
  higher_access: z.boolean(),
  /** `set_high`: the crown — rights above the tier: study materials whatever the tier. */
  has_crown: z.boolean(),
  /** May download materials now: the crown, VIP and above, or staff (product.md `can_visit_material`). */
  material_access: z.boolean(),
  /** `assign_common_tailor_use`: the shared tailor shelf shows. */
  show_tailor_shelf: z.boolean(),
  /** `assign_custom_tailor_use`: tailored books a teacher may still build for this learner. */
  custom_tailor_uses: z.number().int(),
  created_stamp: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One change of a user's flash coins, from the rows that made it. */
export const coinEventSchema = z.object({
  /** `trade`: a paid flash-quota purchase; `voucher`: a redeemed voucher; `manual`: an admin's change; `deck`: a flash deck made. */
  kind: z.enum(['trade', 'voucher', 'manual', 'deck']),
  /** Coins added (positive) or taken (negative). */
  delta: z.number().int(),
  stamp: z.number().int(),
  /** The trade order, voucher code, admin id or deck id it came from. */
  note: z.string(),
});
export type CoinEvent = z.infer<typeof coinEventSchema>;

/** One Shanghai day of the report; sales in fen by trade kind, from trades that reached ApplySuccess that day. */
export const reportDaySchema = z.object({
  day: daySchema,
  new_users: z.number().int(),
  /** Learners who opened a question that day. */
  active_learners: z.number().int(),
  trades: z.number().int(),
  sales_fen: z.object({ VIP: z.number().int(), SVIP: z.number().int(), FlashCoin: z.number().int() }),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportSchema = z.object({
  from: daySchema,
  to: daySchema,
  users: z.object({
    total: z.number().int(),
    /** Accounts by the tier in force now. */
    by_role: z.object({
      Stranger: z.number().int(),
      Trail: z.number().int(),
      FreeVIP: z.number().int(),
      VIP: z.number().int(),
      SVIP: z.number().int(),
    }),
    frozen: z.number().int(),
  }),
  days: z.array(reportDaySchema),
  /** Of the accounts registered in the range (each starts on Trail), how many paid for VIP or SVIP since. */
  conversion: z.object({ registered: z.number().int(), paid: z.number().int(), rate: z.number() }),
});
export type Report = z.infer<typeof reportSchema>;

const userTarget = { user_id: idSchema, op_code: opCodeSchema };
const dayRange = {
  /** First Shanghai day, inclusive. */
  from: calendarDaySchema,
  /** Last Shanghai day, inclusive. */
  to: calendarDaySchema,
};
const rangeOk = (r: { from: string; to: string }) => r.from <= r.to;
const rangeShort = (r: { from: string; to: string }) =>
  (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000 < REPORT_DAYS_MAX;

/** A user's changed rights, as the console shows them afterwards. */
const userResponse = adminUserSchema;

export const permissionCalls = {
  findUsers: defineCall({
    path: '/api/permission/find_users',
    auth: 'admin',
    summary:
      'Find users by phone, e-mail, name or id, with tier, expiry, staff flags, coins and access; a page at a time',
    request: z.strictObject({
      /** Digits match an id exactly or part of a phone; anything else part of a name or an e-mail. Empty: everyone. */
      query: str(LIMITS.shortText).default(''),
      role_kind: z.enum(ROLE_KINDS).optional(),
      staff: z.enum(STAFF_ROLES).optional(),
      frozen: z.boolean().optional(),
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(ADMIN_USER_PAGE_MAX).default(20),
    }),
    response: z.object({ items: z.array(adminUserSchema), page_control: pageControlSchema }),
  }),
  getUser: defineCall({
    path: '/api/permission/get_user',
    auth: 'admin',
    summary: 'One user in full: rights, the periods of every tier held (authority.records) and recent trades',
    request: z.strictObject({ user_id: idSchema }),
    response: z.object({
      user: adminUserSchema,
      records: z.array(authorityRecordSchema),
      /** The newest 20. */
      trades: z.array(tradeSchema),
    }),
  }),
  setHigh: defineCall({
    path: '/api/permission/set_high',
    auth: 'admin',
    summary:
      "Give or take a learner's crown (`has_crown`): the rights above the tier, study materials whatever the tier",
    request: z.strictObject({ ...userTarget, on: z.boolean() }),
    response: userResponse,
  }),
  setHigher: defineCall({
    path: '/api/permission/set_higher',
    auth: 'admin',
    summary: 'Open or close the higher bank for a learner, with its collect, wrongs and notes pages',
    request: z.strictObject({ ...userTarget, on: z.boolean() }),
    response: userResponse,
  }),
  assignCustomTailorUse: defineCall({
    path: '/api/permission/assign_custom_tailor_use',
    auth: 'admin',
    summary: 'Add (or, negative, take back) tailored books a teacher may build for a learner; never below zero',
    request: z.strictObject({
      ...userTarget,
      delta: z
        .number()
        .int()
        .min(-TAILOR_USE_CHANGE_MAX)
        .max(TAILOR_USE_CHANGE_MAX)
        .refine((n) => n !== 0, 'not zero'),
    }),
    response: userResponse,
  }),
  assignCommonTailorUse: defineCall({
    path: '/api/permission/assign_common_tailor_use',
    auth: 'admin',
    summary: 'Show or hide the shared tailor shelf for a learner (`show_tailor_shelf`)',
    request: z.strictObject({ ...userTarget, on: z.boolean() }),
    response: userResponse,
  }),
  manualGrantVip: defineCall({
    path: '/api/permission/manual_grant_vip',
    auth: 'admin',
    summary:
      'Grant VIP or SVIP for some days (source manual), as a purchase would: renewals extend, SVIP converts a running VIP, a lower tier than held is buy_role_exist',
    request: z.strictObject({
      ...userTarget,
      tier: z.enum(MEMBERSHIP_TIERS),
      days: z.number().int().min(1).max(GRANT_DAYS_MAX),
    }),
    response: userResponse,
  }),
  removeVip: defineCall({
    path: '/api/permission/remove_vip',
    auth: 'admin',
    summary: "End a learner's tier now: back to their base tier; `conflict` when they hold nothing above it",
    request: z.strictObject(userTarget),
    response: userResponse,
  }),
  manualChangeFlashCoin: defineCall({
    path: '/api/permission/manual_change_flash_coin',
    auth: 'admin',
    summary: 'Add or take flash coins; a take beyond the balance is `conflict` and changes nothing',
    request: z.strictObject({
      ...userTarget,
      delta: z
        .number()
        .int()
        .min(-COIN_CHANGE_MAX)
        .max(COIN_CHANGE_MAX)
        .refine((n) => n !== 0, 'not zero'),
    }),
    response: userResponse,
  }),
  checkCoin: defineCall({
    path: '/api/permission/check_coin',
    auth: 'admin',
    summary: "A user's flash coins and where they came from and went (trades, vouchers, admins' changes, decks)",
    request: z.strictObject({ user_id: idSchema }),
    response: z.object({
      user_id: z.number().int(),
      coins: z.number().int(),
      /** Newest first, at most 100. */
      history: z.array(coinEventSchema),
    }),
  }),
  getReport: defineCall({
    path: '/api/permission/get_report',
    auth: 'admin',
    summary: 'Users, active learners and sales by day and kind (fen), and conversion from Trail to paid, over a range',
    request: z
      .strictObject(dayRange)
      .refine(rangeOk, { message: 'from is after to', path: ['to'] })
      .refine(rangeShort, { message: `at most ${REPORT_DAYS_MAX} days`, path: ['to'] }),
    response: reportSchema,
  }),
  batchCheckNewman: defineCall({
    path: '/api/permission/batch_check_newman',
    auth: 'admin',
    summary:
      'New users who qualify for the FreeVIP gift: registered in the range, on Trail now, never held any other tier, not staff, not frozen',
    request: z
      .strictObject(dayRange)
      .refine(rangeOk, { message: 'from is after to', path: ['to'] })
      .refine(rangeShort, { message: `at most ${REPORT_DAYS_MAX} days`, path: ['to'] }),
    response: z.object({
      /** Every qualifying user. */
      total: z.number().int(),
      /** The first NEWMAN_BATCH_MAX of them, oldest account first: what the next gift run takes. */
      items: z.array(adminUserSchema),
    }),
  }),
  batchNewmanGift: defineCall({
    path: '/api/permission/batch_newman_gift',
    auth: 'admin',
    summary:
      'Gift FreeVIP for some days to the users batch_check_newman finds (at most NEWMAN_BATCH_MAX a run); a second run gifts nobody twice',
    request: z
      .strictObject({
        ...dayRange,
        days: z.number().int().min(1).max(GRANT_DAYS_MAX),
        op_code: opCodeSchema,
      })
      .refine(rangeOk, { message: 'from is after to', path: ['to'] })
      .refine(rangeShort, { message: `at most ${REPORT_DAYS_MAX} days`, path: ['to'] }),
    response: z.object({
      /** Ids of the users gifted by this run. */
      gifted: z.array(z.number().int()),
      /** Qualifying users left for another run. */
      remaining: z.number().int(),
    }),
  }),
};
