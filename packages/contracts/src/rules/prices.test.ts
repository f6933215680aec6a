import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE_KINDS, ROLE_RANK } from '../enums.js';
import {
  applyDiscount,
  convertVipSeconds,
  DEFAULT_DURATION,
  DEFAULT_PACK,
  type Discount,
  durationDays,
  extendExpiry,
  FLASH_COIN_PACKS,
  isBelowHeld,
  MAX_PRICE_FEN,
  MEMBERSHIP_DURATIONS,
  MEMBERSHIP_TIERS,
  MIN_PRICE_FEN,
  packCoins,
  PRICE_DEFAULTS,
  priceOf,
  priceOverrideSchema,
  priceTable,
  type PriceTable,
} from './prices.js';
import { PURCHASABLE_KINDS, type TradeKind } from './trades.js';

const DAY = 86_400;
const price = fc.integer({ min: MIN_PRICE_FEN, max: MAX_PRICE_FEN });
const percent = fc.integer({ min: 1, max: 100 });
const offFen = fc.integer({ min: 1, max: MAX_PRICE_FEN });
const discount: fc.Arbitrary<Discount> = fc.oneof(
  offFen.map((off_fen) => ({ kind: 'fixed' as const, off_fen })),
  percent.map((percent_off) => ({ kind: 'percent' as const, percent_off })),
);
const unix = fc.integer({ min: 1_600_000_000, max: 2_200_000_000 });
const days = fc.integer({ min: 0, max: 3_650 });
const table: fc.Arbitrary<PriceTable> = fc.record({
  VIP: fc.record({ 1: price, 2: price, 3: price, 4: price }),
  SVIP: fc.record({ 1: price, 2: price, 3: price, 4: price }),
  FlashCoin: fc.record({ 1: price, 2: price, 3: price }),
});
const allPrices = (t: PriceTable) => [t.VIP, t.SVIP, t.FlashCoin].flatMap((row) => Object.values<number>(row));

describe('price table', () => {
  it('holds product.md’s prices in fen, with the spec’s durations and packages', () => {
    expect(PRICE_DEFAULTS).toEqual({
      VIP: { 1: 3900, 2: 9900, 3: 17900, 4: 24900 },
      SVIP: { 1: 6900, 2: 16900, 3: 29900, 4: 39900 },
      FlashCoin: { 1: 990, 2: 1690, 3: 2990 },
    });
    expect(Object.values(MEMBERSHIP_DURATIONS).map((d) => [d.name, d.days])).toEqual([
      ['7 days', 7],
      ['1 month', 30],
      ['2 months', 60],
      ['3 months', 90],
    ]);
    expect(Object.values(FLASH_COIN_PACKS).map((p) => p.coins)).toEqual([50, 100, 200]);
    expect(MEMBERSHIP_DURATIONS[DEFAULT_DURATION].name).toBe('1 month');
    expect(FLASH_COIN_PACKS[DEFAULT_PACK].coins).toBe(100);
    for (const p of allPrices(PRICE_DEFAULTS)) expect(Number.isSafeInteger(p) && p >= MIN_PRICE_FEN).toBe(true);
  });

  it('priceOf reads the table and rejects None, unknown kinds, durations and packages', () => {
    expect(priceOf('VIP', 2)).toBe(9900);
    expect(priceOf('SVIP', 4)).toBe(39900);
    expect(priceOf('FlashCoin', 3)).toBe(2990);
    expect(priceOf('None', 1)).toBeNull();
    expect(priceOf('FreeVIP' as TradeKind, 1)).toBeNull();
    expect(priceOf('FlashCoin', 4)).toBeNull();
    for (const bad of [0, 5, -1, 1.5, Number.NaN, Infinity]) {
      expect(priceOf('VIP', bad)).toBeNull();
      expect(durationDays(bad)).toBeNull();
      expect(packCoins(bad)).toBeNull();
    }
    fc.assert(
      fc.property(table, fc.constantFrom(...PURCHASABLE_KINDS), fc.integer(), (t, kind, param) => {
        const row: Record<number, number> = t[kind];
        expect(priceOf(kind, param, t)).toBe(Object.hasOwn(row, param) ? row[param] : null);
        if (kind !== 'FlashCoin') expect(durationDays(param) === null).toBe(priceOf(kind, param, t) === null);
        else expect(packCoins(param) === null).toBe(priceOf(kind, param, t) === null);
      }),
    );
  });

  it('an override changes only the prices it names', () => {
    const t = priceTable({ SVIP: { 2: 15900 }, FlashCoin: { 1: 800 } });
    expect(t.SVIP).toEqual({ ...PRICE_DEFAULTS.SVIP, 2: 15900 });
    expect(t.FlashCoin).toEqual({ ...PRICE_DEFAULTS.FlashCoin, 1: 800 });
    expect(t.VIP).toEqual(PRICE_DEFAULTS.VIP);
    expect(priceOf('SVIP', 2, t)).toBe(15900);
    expect(priceTable(undefined)).toEqual(PRICE_DEFAULTS);
    expect(priceTable(null)).toEqual(PRICE_DEFAULTS);
    fc.assert(
      fc.property(table, (full) => {
        expect(priceTable(full)).toEqual(full);
      }),
    );
  });

  it('a malformed override is ignored as a whole', () => {
    for (const bad of [
      { VIP: { 2: 99.5 } }, // float fen: yuan typed with a decimal point
      { VIP: { 2: 0 } },
      { VIP: { 2: -100 } },
      { VIP: { 2: '9900' } },
      { VIP: { 2: MAX_PRICE_FEN + 1 } },
      { VIP: { 5: 9900 } }, // no such duration
      { FlashCoin: { 4: 100 } }, // no such package
      { FreeVIP: { 1: 100 } }, // not for sale
      { SVIP: { 2: 15900 }, VIP: { 1: 'x' } }, // one bad value spoils the good one beside it
      'cheap',
      42,
      [],
    ]) {
      expect(priceTable(bad)).toEqual(PRICE_DEFAULTS);
    }
    fc.assert(
      fc.property(fc.anything(), (override) => {
        const t = priceTable(override);
        if (!priceOverrideSchema.safeParse(override ?? {}).success) expect(t).toEqual(PRICE_DEFAULTS);
        for (const p of allPrices(t)) expect(Number.isSafeInteger(p) && p >= MIN_PRICE_FEN).toBe(true);
      }),
    );
  });
});

describe('discounts', () => {
  it('never raise a price, never go below ¥0.01, and stay whole fen', () => {
    fc.assert(
      fc.property(price, discount, (p, d) => {
        const after = applyDiscount(p, d);
        expect(Number.isSafeInteger(after)).toBe(true);
        expect(after).toBeLessThanOrEqual(p);
        expect(after).toBeGreaterThanOrEqual(MIN_PRICE_FEN);
      }),
    );
  });

  it('a bigger discount never costs more', () => {
    fc.assert(
      fc.property(price, offFen, offFen, (p, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(applyDiscount(p, { kind: 'fixed', off_fen: hi })).toBeLessThanOrEqual(
          applyDiscount(p, { kind: 'fixed', off_fen: lo }),
        );
      }),
    );
    fc.assert(
      fc.property(price, percent, percent, (p, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(applyDiscount(p, { kind: 'percent', percent_off: hi })).toBeLessThanOrEqual(
          applyDiscount(p, { kind: 'percent', percent_off: lo }),
        );
      }),
    );
  });

  it('a percentage rounds the price down to whole fen: at least the promised share off, less than 1 fen more', () => {
    expect(applyDiscount(990, { kind: 'percent', percent_off: 15 })).toBe(841); // 841.5
    expect(applyDiscount(9900, { kind: 'percent', percent_off: 20 })).toBe(7920);
    fc.assert(
      fc.property(price, percent, (p, pct) => {
        const after = applyDiscount(p, { kind: 'percent', percent_off: pct });
        const exact = (p * (100 - pct)) / 100;
        if (exact >= MIN_PRICE_FEN) {
          expect(after).toBeLessThanOrEqual(exact);
          expect(after).toBeGreaterThan(exact - 1);
        } else expect(after).toBe(MIN_PRICE_FEN);
      }),
    );
  });

  it('a fixed discount takes its fen off, down to ¥0.01', () => {
    expect(applyDiscount(9900, { kind: 'fixed', off_fen: 1000 })).toBe(8900);
    expect(applyDiscount(990, { kind: 'fixed', off_fen: 990 })).toBe(1);
    expect(applyDiscount(990, { kind: 'fixed', off_fen: 5000 })).toBe(1);
    expect(applyDiscount(1, { kind: 'percent', percent_off: 100 })).toBe(1);
  });

  it('refuses a price that is not whole positive fen', () => {
    for (const bad of [0, -1, 9.9, Number.NaN]) {
      expect(() => applyDiscount(bad, { kind: 'percent', percent_off: 10 })).toThrow(RangeError);
    }
  });
});

describe('membership time', () => {
  it('a renewal never shortens and starts from the later of now and the expiry', () => {
    expect(extendExpiry(1000, null, 7)).toBe(1000 + 7 * DAY);
    expect(extendExpiry(1000, 500, 7)).toBe(1000 + 7 * DAY); // lapsed: restarts now
    expect(extendExpiry(1000, 5000, 7)).toBe(5000 + 7 * DAY); // running: added to the end
    fc.assert(
      fc.property(unix, fc.option(unix), days, (now, current, d) => {
        const next = extendExpiry(now, current, d);
        expect(next).toBeGreaterThanOrEqual(now);
        if (current !== null) expect(next).toBeGreaterThanOrEqual(current);
        expect(next - Math.max(now, current ?? now)).toBe(d * DAY);
      }),
    );
  });

  it('renewals of a running membership add up', () => {
    fc.assert(
      fc.property(unix, fc.integer({ min: 1, max: 400 * DAY }), days, days, (now, ahead, a, b) => {
        const current = now + ahead;
        expect(extendExpiry(now, extendExpiry(now, current, a), b)).toBe(extendExpiry(now, current, a + b));
      }),
    );
  });

  it('VIP time left becomes SVIP time worth no more, and less than a second short of it', () => {
    // 30 VIP days at ¥99 a month are worth 30 × 99/169 SVIP days: about 17.6.
    expect(convertVipSeconds(30 * DAY)).toBe(Math.floor((30 * DAY * 9900) / 16900));
    expect(convertVipSeconds(0)).toBe(0);
    expect(convertVipSeconds(-DAY)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_650 * DAY }), table, (left, t) => {
        const svip = convertVipSeconds(left, t);
        const vipRate = BigInt(t.VIP[2]);
        const svipRate = BigInt(t.SVIP[2]);
        // Value in fen × seconds per month-price: the two months are the same length, so the prices are the rates.
        expect(BigInt(svip) * svipRate).toBeLessThanOrEqual(BigInt(left) * vipRate);
        expect(BigInt(svip + 1) * svipRate).toBeGreaterThan(BigInt(left) * vipRate);
        if (t.SVIP[2] >= t.VIP[2]) expect(svip).toBeLessThanOrEqual(left);
      }),
    );
  });

  it('more VIP time left never converts to less SVIP time', () => {
    fc.assert(
      fc.property(fc.nat(3_650 * DAY), fc.nat(3_650 * DAY), table, (a, b, t) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(convertVipSeconds(lo, t)).toBeLessThanOrEqual(convertVipSeconds(hi, t));
      }),
    );
  });

  it('buy_role_exist is buying below the tier held; the same tier is a renewal', () => {
    expect(isBelowHeld('SVIP', 'VIP')).toBe(true);
    expect(isBelowHeld('VIP', 'VIP')).toBe(false);
    expect(isBelowHeld('SVIP', 'SVIP')).toBe(false);
    expect(isBelowHeld('VIP', 'SVIP')).toBe(false);
    expect(isBelowHeld('FreeVIP', 'VIP')).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom(...ROLE_KINDS), fc.constantFrom(...MEMBERSHIP_TIERS), (held, bought) => {
        expect(isBelowHeld(held, bought)).toBe(ROLE_RANK[bought] < ROLE_RANK[held]);
      }),
    );
  });
});
