import { parseNumericEntry } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerForNumber, countWords, emptyAnswer, ENTRY_MAX_LENGTH, sanitizeEntry, toggleSign } from './answer-utils';
import { bankQuestion } from './test-utils/content-bank';

const typed = fc.string({ unit: fc.constantFrom(...'0123456789.-,abc eE+'.split('')), maxLength: 30 });

describe('numeric entry rules', () => {
  it('keeps only a leading minus, digits and at most one point, within the length cap', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (raw, decimal) => {
        const out = sanitizeEntry(raw, decimal);
        expect(out).toMatch(decimal ? /^-?\d*\.?\d*$/ : /^-?\d*$/);
        expect(out.length).toBeLessThanOrEqual(ENTRY_MAX_LENGTH);
        expect(sanitizeEntry(out, decimal)).toBe(out);
      }),
    );
  });

  it('whatever survives with a digit is a number the grader can read', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const out = sanitizeEntry(raw, true);
        if (/\d/.test(out)) expect(parseNumericEntry(out)).not.toBeNull();
      }),
    );
  });

  it('the hyphen key is its own inverse', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const v = sanitizeEntry(raw, true).slice(0, ENTRY_MAX_LENGTH - 1);
        expect(toggleSign(toggleSign(v))).toBe(v);
        expect(toggleSign(v).startsWith('-')).toBe(!v.startsWith('-'));
      }),
    );
  });
});

describe('number keys', () => {
  const tc3 = bankQuestion('q-tc3-001');
  const se = bankQuestion('q-se-001');

  it('reach every option of a three-blank completion exactly once', () => {
    const picked = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => answerForNumber(tc3, emptyAnswer(), n)!.selects.join('|'));
    expect(picked).toEqual(['A||', 'B||', 'C||', '|A|', '|B|', '|C|', '||A', '||B', '||C']);
  });

  it('never leave more than two choices in six choose two', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 20 }), (keys) => {
        let a = emptyAnswer();
        for (const n of keys) a = answerForNumber(se, a, n) ?? a;
        expect(a.multi_selects.length).toBeLessThanOrEqual(2);
        expect(new Set(a.multi_selects).size).toBe(a.multi_selects.length);
      }),
    );
  });
});

describe('countWords', () => {
  it('counts words with inner apostrophes and hyphens once, and numbers as words', () => {
    expect(countWords("It's a well-known fact: 3 of 4 agree.")).toBe(8);
    expect(countWords('  \n ')).toBe(0);
  });
});
