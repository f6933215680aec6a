import { z } from 'zod';
import { ROLE_RANK, type RoleKind } from '../enums.js';
import type { TradeKind } from './trades.js';

/**
 * Prices and what they buy (spec §3, §9; product.md "Prices", "Payment"). Every amount is an integer number of CNY
 * fen, as both providers take it: a float yuan such as 16.9 has no exact binary form, and a price that is off by a
 * fraction of a fen makes the paid amount differ from the expected one (ManualInvalid).
 */

/** The least a trade may cost, ¥0.01: the providers refuse a zero amount. */
export const MIN_PRICE_FEN = 1;
/** ¥100,000: no real price comes near it; the bound keeps a stray number (a timestamp, a phone number) out of the table. */
export const MAX_PRICE_FEN = 10_000_000;

const DAY_SECONDS = 86_400;

export const MEMBERSHIP_TIERS = ['VIP', 'SVIP'] as const satisfies readonly TradeKind[];
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/**
 * Spec §2/§9 membership durations, by the trade's `param`. The spec numbers only the flash-coin packages; the
 * durations are numbered the same way, in tab order. A month is 30 days, so every duration is a fixed length.
 */
export const MEMBERSHIP_DURATIONS = {
  1: { name: '7 days', days: 7 },
  2: { name: '1 month', days: 30 },
  3: { name: '2 months', days: 60 },
  4: { name: '3 months', days: 90 },
} as const;
export type DurationParam = keyof typeof MEMBERSHIP_DURATIONS;
/** The dialog opens on 1 month. */
export const DEFAULT_DURATION: DurationParam = 2;

/** Spec §3 flash-coin packages, by the trade's `param`: one coin puts one question into a flash deck. */
export const FLASH_COIN_PACKS = {
  1: { coins: 50 },
  2: { coins: 100 },
  3: { coins: 200 },
} as const;
export type PackParam = keyof typeof FLASH_COIN_PACKS;
/** The dialog opens on 100 questions. */
export const DEFAULT_PACK: PackParam = 2;

export interface PriceTable {
  VIP: Readonly<Record<DurationParam, number>>;
  SVIP: Readonly<Record<DurationParam, number>>;
  FlashCoin: Readonly<Record<PackParam, number>>;
}

/** product.md defaults, in fen; the admin may change them in the `prices` setting. */
export const PRICE_DEFAULTS: Readonly<PriceTable> = {
  VIP: { 1: 3_900, 2: 9_900, 3: 17_900, 4: 24_900 },
  SVIP: { 1: 6_900, 2: 16_900, 3: 29_900, 4: 39_900 },
  FlashCoin: { 1: 990, 2: 1_690, 3: 2_990 },
};

const fen = z.number().int().min(MIN_PRICE_FEN).max(MAX_PRICE_FEN);
// Strict: a key that names no duration or package is a mistake in the whole override, not one to skip quietly.
const durationPrices = z.strictObject({ 1: fen, 2: fen, 3: fen, 4: fen }).partial();
/** The admin's `prices` setting: any subset of the table, in fen. */
export const priceOverrideSchema = z
  .strictObject({
    VIP: durationPrices,
    SVIP: durationPrices,
    FlashCoin: z.strictObject({ 1: fen, 2: fen, 3: fen }).partial(),
  })
  .partial();
export type PriceOverride = z.infer<typeof priceOverrideSchema>;

function merged<K extends number>(base: Readonly<Record<K, number>>, over: object | undefined): Record<K, number> {
  const out: Record<K, number> = { ...base };
  for (const [k, v] of Object.entries(over ?? {})) if (typeof v === 'number') out[Number(k) as K] = v;
  return out;
}

/** The price table after the admin's override; a malformed override is ignored as a whole (the defaults hold). */
export function priceTable(override: unknown): PriceTable {
  const parsed = priceOverrideSchema.safeParse(override ?? {});
  if (!parsed.success) return PRICE_DEFAULTS;
  const o = parsed.data;
  return {
    VIP: merged(PRICE_DEFAULTS.VIP, o.VIP),
    SVIP: merged(PRICE_DEFAULTS.SVIP, o.SVIP),
    FlashCoin: merged(PRICE_DEFAULTS.FlashCoin, o.FlashCoin),
  };
}

function own<T>(table: Readonly<Record<number, T>>, param: number): T | null {
  return Number.isInteger(param) && Object.hasOwn(table, param) ? (table[param] ?? null) : null;
}

/** Days a membership duration adds; null when `param` names no duration. */
export function durationDays(param: number): number | null {
  return own(MEMBERSHIP_DURATIONS, param)?.days ?? null;
}

/** Coins a package adds; null when `param` names no package. */
export function packCoins(param: number): number | null {
  return own(FLASH_COIN_PACKS, param)?.coins ?? null;
}

/** The price in fen of `kind` with `param`; null for None, an unknown kind, duration or package. */
export function priceOf(kind: TradeKind, param: number, table: PriceTable = PRICE_DEFAULTS): number | null {
  // Wire data: a kind outside the union must not index the table.
  if (kind !== 'VIP' && kind !== 'SVIP' && kind !== 'FlashCoin') return null;
  return own(table[kind], param);
}

/**
 * A discount code's effect (product.md: fixed or percentage). Validity window, use count and the invalid-code
 * freeze are the server's; this is only what a valid code does to a price.
 */
export const discountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), off_fen: z.number().int().min(1).max(MAX_PRICE_FEN) }),
  z.object({ kind: z.literal('percent'), percent_off: z.number().int().min(1).max(100) }),
]);
export type Discount = z.infer<typeof discountSchema>;

/**
 * The price after a discount, in fen. A percentage's result is rounded down to whole fen, so the buyer never gets
 * less off than the code promises; whatever the code, the result is never above the price nor below ¥0.01.
 */
export function applyDiscount(priceFen: number, discount: Discount): number {
  if (!Number.isSafeInteger(priceFen) || priceFen < MIN_PRICE_FEN) throw new RangeError(`bad price ${priceFen} fen`);
  const discounted =
    discount.kind === 'fixed'
      ? priceFen - discount.off_fen
      : Math.floor((priceFen * (100 - discount.percent_off)) / 100);
  return Math.min(priceFen, Math.max(MIN_PRICE_FEN, discounted));
}

/**
 * A renewal's new expiry, in Unix seconds: `days` more from the later of now and the current expiry, so time already
 * paid for is never lost and a lapsed membership restarts today. `currentExpiry` null means none is held.
 */
export function extendExpiry(now: number, currentExpiry: number | null, days: number): number {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`bad days ${days}`);
  return Math.max(now, currentExpiry ?? now) + days * DAY_SECONDS;
}

/**
 * SVIP seconds worth the VIP time left when SVIP is bought over a running VIP (product.md: converted pro rata).
 * The VIP time is valued at the VIP 1-month daily rate and bought back at the SVIP 1-month daily rate, both from
 * `table`: the learner's own rate is unknowable after discounts and mixed durations, and 1 month is the default
 * tab. Both months are 30 days, so the rates' ratio is the prices' ratio. Rounded down to whole seconds: never more
 * value than was left, and less than a second lost. The new SVIP expiry is then `extendExpiry(now, now + this, days)`.
 */
export function convertVipSeconds(remainingVipSeconds: number, table: PriceTable = PRICE_DEFAULTS): number {
  const left = Math.max(0, Math.floor(remainingVipSeconds));
  // BigInt: seconds × fen can pass 2^53 for decades of VIP at an admin's maximum price.
  return Number((BigInt(left) * BigInt(table.VIP[2])) / BigInt(table.SVIP[2]));
}

/**
 * buy_role_exist: buying a tier below the one held. The same tier is a renewal and allowed; `held` is the tier in
 * force now (a lapsed one has already fallen back to the base tier).
 */
export function isBelowHeld(held: RoleKind, bought: RoleKind): boolean {
  return ROLE_RANK[bought] < ROLE_RANK[held];
}

/** '¥99.00' from 9900 fen, by integer arithmetic (no float yuan ever). */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What a discount does, in Chinese: '立减 ¥20.00', '8 折', '8.5 折'. */
export function discountInfo(discount: Discount): string {
  if (discount.kind === 'fixed') return `立减 ${formatYuan(discount.off_fen)}`;
  const tenths = 100 - discount.percent_off; // 20 % off → 80 → '8 折'
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} 折`;
}
