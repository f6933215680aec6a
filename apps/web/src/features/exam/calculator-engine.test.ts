import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALC_KEYS,
  ERROR_TEXT,
  formatDisplay,
  initialCalc,
  press,
  pressAll,
  type CalcKey,
  type Operator,
} from './calculator-engine';

/** Keys a number is typed with, e.g. 12.5 → ['1', '2', '.', '5']; negatives get ± at the end. */
function keysOf(n: number): CalcKey[] {
  const keys = [...String(Math.abs(n))] as CalcKey[];
  return n < 0 ? [...keys, 'neg'] : keys;
}

/** The oracle: JavaScript's own precedence, through the display's rounding. */
function expected(expr: string): string {
  // The test's independent oracle for precedence: JavaScript evaluates the same expression.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- evaluating the expression is the oracle's whole point
  const v = Function(`return (${expr});`)() as number;
  return formatDisplay(v) ?? ERROR_TEXT;
}

// "0." while the decimal point was just keyed.
const DISPLAY = /^-?\d{1,8}(\.\d*)?$/;
const digitsIn = (s: string) => s.replace(/[^0-9]/g, '').length;
// Small enough that no intermediate result overflows the display (99⁴ < 10⁸).
const small = fc.integer({ min: -99, max: 99 });
const operator = fc.constantFrom<Operator>('+', '-', '*', '/');

describe('calculator engine', () => {
  it('never throws and always shows at most 8 digits or Error', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CALC_KEYS), { maxLength: 60 }), (keys) => {
        let s = initialCalc;
        for (const k of keys) {
          s = press(s, k);
          expect(s.display === ERROR_TEXT || (DISPLAY.test(s.display) && digitsIn(s.display) <= 8)).toBe(true);
          expect(s.error).toBe(s.display === ERROR_TEXT);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('follows the order of operations: × and ÷ before + and −, otherwise left to right', () => {
    fc.assert(
      fc.property(small, operator, small, operator, small, operator, small, (a, o1, b, o2, c, o3, d) => {
        const keys: CalcKey[] = [...keysOf(a), o1, ...keysOf(b), o2, ...keysOf(c), o3, ...keysOf(d), '='];
        const expr = `${a} ${o1} (${b}) ${o2} (${c}) ${o3} (${d})`;
        const divByZero = (o1 === '/' && b === 0) || (o2 === '/' && c === 0) || (o3 === '/' && d === 0);
        expect(pressAll(initialCalc, keys).display).toBe(divByZero ? ERROR_TEXT : expected(expr));
      }),
      { numRuns: 400 },
    );
  });

  it('examples from the test: 2 + 3 × 4 = 14, 10 − 4 − 3 = 3, 8 ÷ 4 × 2 = 4', () => {
    expect(pressAll(initialCalc, ['2', '+', '3', '*', '4', '=']).display).toBe('14');
    expect(pressAll(initialCalc, ['1', '0', '-', '4', '-', '3', '=']).display).toBe('3');
    expect(pressAll(initialCalc, ['8', '/', '4', '*', '2', '=']).display).toBe('4');
  });

  it('shows the running value when an operator closes part of the expression', () => {
    expect(pressAll(initialCalc, ['2', '*', '3', '+']).display).toBe('6');
    // 3 × 4 waits for what follows, so after "2 + 3 ×" the display still shows 3.
    expect(pressAll(initialCalc, ['2', '+', '3', '*']).display).toBe('3');
    expect(pressAll(initialCalc, ['2', '+', '3', '*', '4', '-']).display).toBe('14');
  });

  it('a second operator replaces the first', () => {
    expect(pressAll(initialCalc, ['6', '+', '*', '2', '=']).display).toBe('12');
  });

  it('rounds results to 8 significant digits', () => {
    expect(pressAll(initialCalc, ['2', '/', '3', '=']).display).toBe('0.6666667');
    expect(pressAll(initialCalc, ['1', '0', '0', '/', '7', '=']).display).toBe('14.285714');
    expect(pressAll(initialCalc, ['2', 'sqrt']).display).toBe('1.4142136');
  });

  it('Error for division by zero, square roots of negatives and overflow; only C or CE clears it', () => {
    const div0 = pressAll(initialCalc, ['5', '/', '0', '=']);
    expect(div0.display).toBe(ERROR_TEXT);
    expect(pressAll(div0, ['7', '+', '1']).display).toBe(ERROR_TEXT);
    expect(press(div0, 'C').display).toBe('0');
    expect(press(div0, 'CE').display).toBe('0');
    expect(pressAll(initialCalc, ['9', 'neg', 'sqrt']).display).toBe(ERROR_TEXT);
    expect(pressAll(initialCalc, ['9', '9', '9', '9', '9', '9', '9', '9', '*', '1', '0', '=']).display).toBe(
      ERROR_TEXT,
    );
  });

  it('accepts at most 8 digits and one decimal point per entry', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<CalcKey>('1', '2', '0', '.', '9'), { minLength: 1, maxLength: 20 }),
        (keys) => {
          const s = pressAll(initialCalc, keys);
          expect(digitsIn(s.display)).toBeLessThanOrEqual(8);
          expect(s.display.split('.').length).toBeLessThanOrEqual(2);
          expect(Number(s.display)).toBe(s.value);
        },
      ),
    );
  });

  it('± twice gives the entry back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (n) => {
        const typed = pressAll(initialCalc, keysOf(n));
        expect(pressAll(typed, ['neg', 'neg']).display).toBe(typed.display);
        expect(press(typed, 'neg').display).toBe(`-${typed.display}`);
      }),
    );
  });

  it('memory: M+ adds the display, MR recalls the sum, MC clears; C keeps the memory', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -9999, max: 9999 }), { minLength: 1, maxLength: 6 }), (values) => {
        let s = initialCalc;
        for (const v of values) s = pressAll(s, [...keysOf(v), 'M+', 'C']);
        const sum = values.reduce((a, b) => a + b, 0);
        expect(press(s, 'MR').display).toBe(formatDisplay(sum));
        expect(s.memory).toBe(sum);
        expect(pressAll(s, ['MC', 'MR']).display).toBe('0');
      }),
    );
  });

  it('MR in the middle of an expression is its next operand', () => {
    const s = pressAll(initialCalc, ['5', 'M+', 'C', '2', '+', 'MR', '=']);
    expect(s.display).toBe('7');
  });

  it('CE clears only the entry, C the whole expression', () => {
    expect(pressAll(initialCalc, ['4', '+', '9', 'CE', '2', '=']).display).toBe('6');
    expect(pressAll(initialCalc, ['4', '+', '9', 'C', '2', '=']).display).toBe('2');
  });

  it('formats numbers the way the display does', () => {
    expect(formatDisplay(0.1 + 0.2)).toBe('0.3');
    expect(formatDisplay(-0)).toBe('0');
    expect(formatDisplay(1e-9)).toBe('0');
    expect(formatDisplay(99_999_999.4)).toBe('99999999');
    expect(formatDisplay(99_999_999.6)).toBeNull();
    expect(formatDisplay(Number.NaN)).toBeNull();
  });
});
