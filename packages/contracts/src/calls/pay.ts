import { z } from 'zod';
import { idSchema, LIMITS, pageControlSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { priceOverrideSchema } from '../rules/prices.js';
import { PURCHASABLE_KINDS, TRADE_KINDS, TRADE_STATUSES } from '../rules/trades.js';
import { opCodeSchema, userSchema } from './user.js';

/** Discount codes as learners type them: letters, digits and dashes, case-insensitive (stored upper-case). */
export const DISCOUNT_CODE_MAX = 32;
export const discountCodeTextSchema = z
  .string()
  .max(DISCOUNT_CODE_MAX)
  .regex(/^[A-Za-z0-9-]*$/, 'letters, digits and dashes');

/** Spec §3 Trade. Amounts are fen; stamps are Unix seconds. */
export const tradeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind: z.enum(TRADE_KINDS),
  /** Duration (1–4: 7 days, 1, 2, 3 months) for VIP / SVIP; package (1–3: 50, 100, 200) for FlashCoin. */
  param: z.number().int(),
  /** The merchant order number sent to the provider (out_trade_no). */
  order: z.string(),
  status: z.enum(TRADE_STATUSES),
  /** What the learner pays, in fen, after any discount. */
  price: z.number().int(),
  created_stamp: z.number().int(),
  updated_stamp: z.number().int(),
  /** When the unpaid trade closes (PayTimeout). */
  expire_stamp: z.number().int(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** Spec §3 discount code result. */
export const discountCodeResultSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** What the code does, in Chinese ('立减 ¥20.00', '8 折'). */
  info: z.string(),
  valid: z.boolean(),
});
export type DiscountCodeResult = z.infer<typeof discountCodeResultSchema>;

/** Spec §3 payment response. */
export const paymentSchema = z.object({
  trade: tradeSchema,
  /** Fen to pay (after the discount). */
  price: z.number().int(),
  /** Fen before the discount, from the price table. */
  list_price: z.number().int(),
  /** '会员（VIP）· 1 个月' — also the order's description at the provider. */
  title: z.string(),
  /** What the QR code encodes (weixin://…, https://qr.alipay.com/…, the sandbox page); null until the provider made one. */
  qrcode_text: z.string().nullable(),
  /** A page the payer can open instead of scanning (the sandbox page, Alipay's QR link); null when there is none. */
  qrcode_url: z.string().nullable(),
  /** The code applied to this trade, if any. */
  code: discountCodeResultSchema.nullable(),
  user: userSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

const fenTable = z.record(z.string(), z.number().int());
/** The price table in force (fen), keyed by kind then param. */
export const priceTableSchema = z.object({ VIP: fenTable, SVIP: fenTable, FlashCoin: fenTable });
export type PriceTableView = z.infer<typeof priceTableSchema>;

const tradeIdRequest = z.strictObject({ trade_id: idSchema });

/** A trade as the admin's trade list shows it: what was paid beside what was asked, and why it stopped. */
export const adminTradeSchema = tradeSchema.extend({
  user_name: z.string(),
  title: z.string(),
  /** Fen from the price table, before any discount. */
  list_price: z.number().int(),
  provider: z.string(),
  /** Fen the provider reported paid; null until paid. */
  paid_fen: z.number().int().nullable(),
  paid_stamp: z.number().int().nullable(),
  /** Why it is ApplyFail / ManualInvalid, or how an admin resolved it. */
  note: z.string().nullable(),
});
export type AdminTrade = z.infer<typeof adminTradeSchema>;

/** What an admin does with a trade that needs a person: grant the purchase, or close it as refunded. */
export const TRADE_RESOLUTIONS = ['grant', 'close'] as const;
const stamp = z.number().int().min(0).max(4_102_444_800);

export const payCalls = {
  prices: defineCall({
    path: '/api/pay/prices',
    auth: 'public',
    summary: 'The membership and flash-quota prices in force (fen), for the rights table and the payment dialogs',
    request: z.strictObject({}),
    response: priceTableSchema,
  }),
  setPrices: defineCall({
    path: '/api/pay/set_prices',
    auth: 'admin',
    summary:
      'Replace the admin override of the price table (fen; any subset, the rest keeps the defaults); new trades use it',
    request: z.strictObject({ override: priceOverrideSchema, op_code: opCodeSchema }),
    response: priceTableSchema,
  }),
  init: defineCall({
    path: '/api/pay/init',
    auth: 'user',
    summary:
      "Create a trade for the caller and ask the provider for its QR code; the amount comes from the price table and the code, never from the client. Closes the caller's open trade of the same kind (PayCancel)",
    request: z.strictObject({
      /** Must be the caller: a learner pays only for themselves. */
      user_id: idSchema,
      kind: z.enum(PURCHASABLE_KINDS),
      param: z.number().int().min(1).max(4),
      /** A discount code; empty or absent for none. */
      code: discountCodeTextSchema.optional(),
      device_id: str(LIMITS.deviceId).optional(),
    }),
    response: paymentSchema,
  }),
  get: defineCall({
    path: '/api/trade/get',
    auth: 'user',
    summary:
      "Poll one of the caller's trades (every 3 s while None, WaitPay or PaySuccess), with the user as it is now",
    request: z.strictObject({ id: idSchema }),
    response: z.object({ trade: tradeSchema, user: userSchema }),
  }),
  checkPaid: defineCall({
    path: '/api/pay/check_paid',
    auth: 'user',
    summary: "'I have paid': the server asks the provider about the trade now and settles it if paid",
    request: tradeIdRequest,
    response: z.object({ trade: tradeSchema, user: userSchema }),
  }),
  list: defineCall({
    path: '/api/trade/list',
    auth: 'admin',
    summary:
      "Every learner's trades, newest first, by status (ManualInvalid: the queue), user and time; a page at a time",
    request: z
      .strictObject({
        status: z.enum(TRADE_STATUSES).optional(),
        user_id: idSchema.optional(),
        /** Unix seconds the trade was created, inclusive. */
        from_stamp: stamp.optional(),
        /** Unix seconds, exclusive. */
        to_stamp: stamp.optional(),
        page: z.number().int().min(1).max(10_000).default(1),
        page_size: z.number().int().min(1).max(100).default(20),
      })
      .refine((b) => b.from_stamp === undefined || b.to_stamp === undefined || b.from_stamp < b.to_stamp, {
        message: 'from_stamp is before to_stamp',
        path: ['to_stamp'],
      }),
    response: z.object({ items: z.array(adminTradeSchema), page_control: pageControlSchema }),
  }),
  resolve: defineCall({
    path: '/api/trade/resolve',
    auth: 'admin',
    summary:
      'Resolve a trade that needs a person: a ManualInvalid one is granted (once) or closed as refunded, an ApplyFail one closed; with a reason',
    request: z
      .strictObject({
        trade_id: idSchema,
        action: z.enum(TRADE_RESOLUTIONS),
        /** Kept on the trade and in the audit log; required to close. */
        reason: str(LIMITS.text).default(''),
        op_code: opCodeSchema,
      })
      .refine((b) => b.action === 'grant' || b.reason.trim() !== '', {
        message: 'closing a trade needs a reason',
        path: ['reason'],
      }),
    response: adminTradeSchema,
  }),
  sandboxGet: defineCall({
    path: '/api/pay/sandbox/get',
    auth: 'public',
    summary: "The sandbox gateway's order page (PAY_PROVIDER=sandbox): what the QR code opens",
    request: z.strictObject({ order: str(64, 1) }),
    response: z.object({
      order: z.string(),
      title: z.string(),
      amount: z.number().int(),
      status: z.enum(['WaitPay', 'Paid', 'Closed']),
      expire_stamp: z.number().int(),
    }),
  }),
  sandboxAct: defineCall({
    path: '/api/pay/sandbox/act',
    auth: 'public',
    summary: 'Pay or cancel a sandbox order; the sandbox gateway then notifies the app with a signed notification',
    request: z.strictObject({ order: str(64, 1), action: z.enum(['pay', 'cancel']) }),
    response: z.object({ status: z.enum(['WaitPay', 'Paid', 'Closed']) }),
  }),
};
