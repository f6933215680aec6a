import { z } from 'zod';
import { idSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { MAX_PRICE_FEN } from '../rules/prices.js';
import { discountCodeResultSchema, discountCodeTextSchema } from './pay.js';
import { opCodeSchema } from './user.js';

/** Invalid codes a learner may try in 24 hours; the tenth freezes the account (product.md). */
export const INVALID_CODE_FREEZE_AT = 10;

/** A discount code as the admin sees it. Amounts in fen; stamps Unix seconds. */
export const discountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  info: z.string(),
  kind: z.enum(['fixed', 'percent']),
  /** Fen off (fixed) or whole percent off (percent). */
  value: z.number().int(),
  start_stamp: z.number().int(),
  end_stamp: z.number().int(),
  max_uses: z.number().int(),
  /** Trades holding the code: open ones and paid ones. */
  used: z.number().int(),
  invalid: z.boolean(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

const stamp = z.number().int().min(0).max(4_102_444_800);

export const codeCalls = {
  create: defineCall({
    path: '/api/code/create',
    auth: 'admin',
    summary: 'Create a discount code: fixed (fen off) or percentage, a validity window and a use count',
    request: z
      .strictObject({
        code: discountCodeTextSchema.min(4),
        name: str(32, 1),
        kind: z.enum(['fixed', 'percent']),
        /** Fen off for fixed (≥ 1), whole percent off for percent (1–99). */
        value: z.number().int().min(1).max(MAX_PRICE_FEN),
        start_stamp: stamp,
        end_stamp: stamp,
        max_uses: z.number().int().min(1).max(1_000_000),
        op_code: opCodeSchema,
      })
      .refine((c) => c.kind === 'fixed' || c.value <= 99, { message: 'percent is 1–99', path: ['value'] })
      .refine((c) => c.end_stamp > c.start_stamp, { message: 'ends after it starts', path: ['end_stamp'] }),
    response: discountCodeSchema,
  }),
  get: defineCall({
    path: '/api/code/get',
    auth: 'user',
    summary: 'Check a discount code before paying with it; ten invalid codes in 24 hours freeze the account',
    request: z.strictObject({ code: discountCodeTextSchema.min(1) }),
    response: discountCodeResultSchema,
  }),
  list: defineCall({
    path: '/api/code/list',
    auth: 'admin',
    summary: 'Every discount code, newest first, with its uses',
    request: z.strictObject({ page: z.number().int().min(1).max(1000).default(1) }),
    response: z.object({ items: z.array(discountCodeSchema), total: z.number().int() }),
  }),
  markInvalid: defineCall({
    path: '/api/code/mark_invalid',
    auth: 'admin',
    summary: 'Withdraw a discount code: it no longer applies to new trades',
    request: z.strictObject({ id: idSchema }),
    response: discountCodeSchema,
  }),
};
