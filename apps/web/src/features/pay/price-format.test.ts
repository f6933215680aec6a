import { MAX_PRICE_FEN } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceRows } from '../../components/dialogs/tier-table';
import { fenToYuan, formatFen, shanghaiDateTime, yuanToFen } from '../../components/format';
import { SERVER_PRICES } from './test-utils/pay-fixtures';

describe('formatFen (ui.md: money as ¥99.00)', () => {
  it('the examples', () => {
    expect(formatFen(9_900)).toBe('¥99.00');
    expect(formatFen(990)).toBe('¥9.90');
    expect(formatFen(1_690)).toBe('¥16.90');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(MAX_PRICE_FEN)).toBe('¥100000.00');
  });

  it('any amount: ¥, whole yuan, two decimals, and it reads back as the same number of fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (fen) => {
        const text = formatFen(fen);
        expect(text).toMatch(/^¥(0|[1-9]\d*)\.\d{2}$/);
        const [yuan, cents] = text.slice(1).split('.');
        expect(BigInt(yuan!) * 100n + BigInt(cents!)).toBe(BigInt(fen));
      }),
    );
  });

  it('refunds and corrections keep their sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PRICE_FEN }), (fen) => {
        expect(formatFen(-fen)).toBe(`-${formatFen(fen)}`);
      }),
    );
  });

  it('yuan typed with two decimals comes back as the same fen (16.9 × 100 is 1689.999…)', () => {
    expect(yuanToFen(16.9)).toBe(1_690);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PRICE_FEN }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
        expect(yuanToFen(Number(formatFen(fen).slice(1)))).toBe(fen);
      }),
    );
  });
});

describe('price table rows', () => {
  it('the rows are the server prices by duration, formatted', () => {
    expect(priceRows(SERVER_PRICES)).toEqual([
      { tier: '会员（VIP）', d7: '¥29.90', m1: '¥99.00', m2: '¥179.00', m3: '¥249.00' },
      { tier: '超级会员（SVIP）', d7: '¥69.00', m1: '¥169.00', m2: '¥299.00', m3: '¥399.00' },
    ]);
  });

  it('stamps show as Beijing time', () => {
    expect(shanghaiDateTime(Date.UTC(2026, 10, 22, 4, 5) / 1000)).toBe('2026-11-22 12:05');
  });
});
