import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerSchema } from '../calls/question-view.js';
import { isCorrect, parseNumericEntry } from './grading.js';

const ans = (a: Partial<Record<'selects' | 'multi_selects' | 'text' | 'text2' | 'essay', unknown>>) => answerSchema.parse(a);
const q = (kind: string, sa: Record<string, unknown>) =>
  ({
    input_method: { kind, option_groups: [], fillable: true, fill_prefix: '', fill_suffix: '', group_size: 0, option_size: 0 },
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
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 9 }), (n, d, k) => {
        const frac = q('Fraction', { text: String(n), text2: String(d) });
        expect(isCorrect(frac, ans({ text: String(n * k), text2: String(d * k) }))).toBe(true);
        expect(isCorrect(frac, ans({ text: String(n * k + 1), text2: String(d * k) }))).toBe(false);
        expect(isCorrect(frac, ans({ text: String(n), text2: '0' }))).toBe(false);
      }),
    );
  });
  it('parseNumericEntry rejects anything but a plain decimal', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), (x) => {
      const s = x.toFixed(3);
      expect(parseNumericEntry(s)).toBeCloseTo(Number(s), 9);
    }));
    expect(parseNumericEntry('1e3')).toBeNull();
    expect(parseNumericEntry('0x10')).toBeNull();
  });
});
