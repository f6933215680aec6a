import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerSchema } from '../calls/question-view.js';
import { isCorrect, parseDecimal, parseNumericEntry } from './grading.js';

const ans = (a: Partial<Record<'selects' | 'multi_selects' | 'text' | 'text2' | 'essay', unknown>>) =>
  answerSchema.parse(a);
const q = (kind: string, sa: Record<string, unknown>) =>
  ({
    input_method: {
      kind,
      option_groups: [],
      fillable: true,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 0,
      option_size: 0,
    },
    standard_answer: { selects: [], multi_selects: [], text: '', text2: '', description: '', ...sa },
  }) as never;

describe('isCorrect', () => {
  it('needs every blank of a text completion (no partial credit)', () => {
    const tc = q('ThreeBoxFill', { selects: ['B', 'A', 'C'] });
    expect(isCorrect(tc, ans({ selects: ['B', 'A', 'C'] }))).toBe(true);
    expect(isCorrect(tc, ans({ selects: ['B', 'A', 'A'] }))).toBe(false);
    expect(isCorrect(tc, ans({ selects: ['B', 'A'] }))).toBe(false);
  });
  it('six choose two needs exactly the two, in any order', () => {
    const se = q('SixChooseTwo', { multi_selects: ['B', 'E'] });
    expect(isCorrect(se, ans({ multi_selects: ['E', 'B'] }))).toBe(true);
    expect(isCorrect(se, ans({ multi_selects: ['B'] }))).toBe(false);
    expect(isCorrect(se, ans({ multi_selects: ['B', 'E', 'A'] }))).toBe(false);
  });
  it('numeric entry accepts equal values written differently', () => {
    const n = q('TextFill', { text: '48' });
    for (const t of ['48', '48.0', ' 48 ', '48.00']) expect(isCorrect(n, ans({ text: t }))).toBe(true);
    for (const t of ['', '4 8', '48a', '47.99', '--48']) expect(isCorrect(n, ans({ text: t }))).toBe(false);
    expect(isCorrect(q('TextFill', { text: '1200' }), ans({ text: '1,200' }))).toBe(true);
  });
  it('fractions accept any equivalent fraction and never a zero denominator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 9 }),
        (n, d, k) => {
          const frac = q('Fraction', { text: String(n), text2: String(d) });
          expect(isCorrect(frac, ans({ text: String(n * k), text2: String(d * k) }))).toBe(true);
          expect(isCorrect(frac, ans({ text: String(n * k + 1), text2: String(d * k) }))).toBe(false);
          expect(isCorrect(frac, ans({ text: String(n), text2: '0' }))).toBe(false);
        },
      ),
    );
  });
  it('fractions compare exactly: equal with huge terms, unequal one unit off in the last digit', () => {
    const five4 = q('Fraction', { text: '5', text2: '4' });
    expect(isCorrect(five4, ans({ text: '1250000000000000000', text2: '1000000000000000000' }))).toBe(true);
    expect(isCorrect(five4, ans({ text: '1250000000000000001', text2: '1000000000000000000' }))).toBe(false);
    const big = fc.bigInt({ min: 1n, max: 10n ** 18n });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), big, big, (n, d, k) => {
        const frac = q('Fraction', { text: String(n), text2: String(d) });
        expect(isCorrect(frac, ans({ text: String(n * k), text2: String(d * k) }))).toBe(true);
        expect(isCorrect(frac, ans({ text: String(n * k + 1n), text2: String(d * k) }))).toBe(false);
        expect(isCorrect(frac, ans({ text: String(n * k), text2: String(d * k + 1n) }))).toBe(n === 0n);
        expect(isCorrect(frac, ans({ text: String(-n * k), text2: String(-d * k) }))).toBe(true);
      }),
    );
  });

  it('numeric entry compares exactly: trailing zeros and commas are the same value, one unit in the last digit is not', () => {
    expect(isCorrect(q('TextFill', { text: '1.25' }), ans({ text: '1.2500000000000000000000000000000000001' }))).toBe(
      false,
    );
    expect(isCorrect(q('TextFill', { text: '1.25' }), ans({ text: '1.250000000000000000000000000000000000' }))).toBe(
      true,
    );
    expect(isCorrect(q('TextFill', { text: '0.1' }), ans({ text: '.1' }))).toBe(true);
    expect(isCorrect(q('TextFill', { text: '-0.5' }), ans({ text: '-.50' }))).toBe(true);
    // A double rounds both of these to 9007199254740992.
    expect(isCorrect(q('TextFill', { text: '9007199254740993' }), ans({ text: '9007199254740992' }))).toBe(false);
    const decimal = (units: bigint, scale: number) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const whole = digits.slice(0, digits.length - scale);
      return `${units < 0n ? '-' : ''}${whole}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        (units, scale, pad) => {
          const want = decimal(units, scale);
          const padded = decimal(units * 10n ** BigInt(pad), scale + pad);
          expect(isCorrect(q('TextFill', { text: want }), ans({ text: padded })), `${want} ${padded}`).toBe(true);
          const off = decimal(units * 10n ** BigInt(pad) + 1n, scale + pad);
          expect(isCorrect(q('TextFill', { text: want }), ans({ text: off })), `${want} ${off}`).toBe(false);
        },
      ),
    );
  });

  it('parseDecimal reads sign, digits and point exactly', () => {
    expect(parseDecimal(' -1,200.50 ')).toEqual({ units: -120050n, scale: 2 });
    expect(parseDecimal('48.')).toEqual({ units: 48n, scale: 0 });
    for (const bad of ['', '.', '-', '1e3', '0x10', '1.2.3', '+1', '--1']) expect(parseDecimal(bad), bad).toBeNull();
  });

  it('parseNumericEntry rejects anything but a plain decimal', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), (x) => {
        const s = x.toFixed(3);
        expect(parseNumericEntry(s)).toBeCloseTo(Number(s), 9);
      }),
    );
    expect(parseNumericEntry('1e3')).toBeNull();
    expect(parseNumericEntry('0x10')).toBeNull();
  });
});
