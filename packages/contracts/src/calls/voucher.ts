import { z } from 'zod';
import { idSchema, pageControlSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { discountCodeTextSchema } from './pay.js';
import { GRANT_DAYS_MAX } from './permission.js';
import { opCodeSchema, userSchema } from './user.js';

/**
 * Vouchers (spec §7 Permission, page source Voucher): a code that grants a tier for some days or flash coins, with a
 * use limit and a validity window. A learner redeems one at most once; concurrent redemptions never pass the limit.
 */

export const VOUCHER_GRANT_KINDS = ['tier', 'coins'] as const;
export type VoucherGrantKind = (typeof VOUCHER_GRANT_KINDS)[number];
/** Tiers a voucher may grant: the gifted tier and the paid ones. */
export const VOUCHER_TIERS = ['FreeVIP', 'VIP', 'SVIP'] as const;
export type VoucherTier = (typeof VOUCHER_TIERS)[number];
/** Flash coins one voucher may grant. */
export const VOUCHER_COINS_MAX = 10_000;
export const VOUCHER_USE_LIMIT_MAX = 1_000_000;
export const VOUCHER_PAGE_MAX = 50;

/** What a voucher grants: a tier for days, or coins (the other fields null). */
export const voucherGrantSchema = z.object({
  grant_kind: z.enum(VOUCHER_GRANT_KINDS),
  role_kind: z.enum(VOUCHER_TIERS).nullable(),
  days: z.number().int().nullable(),
  coins: z.number().int().nullable(),
});
export type VoucherGrant = z.infer<typeof voucherGrantSchema>;

/** A voucher as the admin sees it; stamps are Unix seconds. */
export const voucherSchema = voucherGrantSchema.extend({
  id: z.number().int(),
  /** Upper-case; learners type it in any case. */
  code: z.string(),
  name: z.string(),
  use_limit: z.number().int(),
  used_count: z.number().int(),
  start_stamp: z.number().int(),
  end_stamp: z.number().int(),
  /** Deleted vouchers redeem no more; their redemptions stay. */
  deleted: z.boolean(),
  created_stamp: z.number().int(),
});
export type Voucher = z.infer<typeof voucherSchema>;

const stamp = z.number().int().min(0).max(4_102_444_800);
const useLimit = z.number().int().min(1).max(VOUCHER_USE_LIMIT_MAX);
const voucherName = str(32, 1);

/** Learners type codes in any case with letters, digits and dashes; 4 to 32 characters. */
export const voucherCodeSchema = discountCodeTextSchema.min(4);

export const voucherCalls = {
  getVouchers: defineCall({
    path: '/api/permission/get_vouchers',
    auth: 'admin',
    summary: 'Every voucher, newest first, with its uses; deleted ones only when asked',
    request: z.strictObject({
      include_deleted: z.boolean().default(false),
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(VOUCHER_PAGE_MAX).default(20),
    }),
    response: z.object({ items: z.array(voucherSchema), page_control: pageControlSchema }),
  }),
  addVoucher: defineCall({
    path: '/api/permission/add_voucher',
    auth: 'admin',
    summary: 'Create a voucher: a tier (FreeVIP, VIP, SVIP) for some days or flash coins, a use limit and a window',
    request: z
      .strictObject({
        code: voucherCodeSchema,
        name: voucherName,
        grant_kind: z.enum(VOUCHER_GRANT_KINDS),
        /** For `tier`. */
        role_kind: z.enum(VOUCHER_TIERS).optional(),
        /** For `tier`. */
        days: z.number().int().min(1).max(GRANT_DAYS_MAX).optional(),
        /** For `coins`. */
        coins: z.number().int().min(1).max(VOUCHER_COINS_MAX).optional(),
        use_limit: useLimit,
        start_stamp: stamp,
        end_stamp: stamp,
        op_code: opCodeSchema,
      })
      .refine(
        (v) =>
          v.grant_kind === 'tier'
            ? v.role_kind !== undefined && v.days !== undefined && v.coins === undefined
            : v.coins !== undefined && v.role_kind === undefined && v.days === undefined,
        { message: 'tier takes role_kind and days; coins takes coins', path: ['grant_kind'] },
      )
      .refine((v) => v.end_stamp > v.start_stamp, { message: 'ends after it starts', path: ['end_stamp'] }),
    response: voucherSchema,
  }),
  updateVoucher: defineCall({
    path: '/api/permission/update_voucher',
    auth: 'admin',
    summary:
      'Rename a voucher, change its use limit (never below its uses) or its window; what it grants and its code stay',
    request: z
      .strictObject({
        id: idSchema,
        name: voucherName.optional(),
        use_limit: useLimit.optional(),
        start_stamp: stamp.optional(),
        end_stamp: stamp.optional(),
        op_code: opCodeSchema,
      })
      .refine((v) => v.start_stamp === undefined || v.end_stamp === undefined || v.end_stamp > v.start_stamp, {
        message: 'ends after it starts',
        path: ['end_stamp'],
      }),
    response: voucherSchema,
  }),
  deleteVoucher: defineCall({
    path: '/api/permission/delete_voucher',
    auth: 'admin',
    summary: 'Delete a voucher: it redeems no more, its redemptions stay; a deleted one is not_found',
    request: z.strictObject({ id: idSchema, op_code: opCodeSchema }),
    response: voucherSchema,
  }),
  redeem: defineCall({
    path: '/api/voucher/redeem',
    auth: 'user',
    summary:
      'Redeem a voucher: once per learner, inside its window, while uses are left; grants its tier or coins at once',
    request: z.strictObject({ code: voucherCodeSchema }),
    response: z.object({
      /** What was granted. */
      voucher: voucherGrantSchema.extend({ code: z.string(), name: z.string() }),
      /** The learner after the grant. */
      user: userSchema,
    }),
  }),
};
