import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latexToText, plainMath } from './math-text.js';

describe('plain text of inline formulas', () => {
  it.each([
    ['\\frac{2}{3} + \\frac{3}{4} - \\frac{1}{6}', '2/3 + 3/4 - 1/6'],
    ['\\frac{x+1}{2x}', '(x+1)/2x'],
    ['\\frac{\\sqrt{3}}{2}', '(√3)/2'],
    ['x^2 + y^{10} = z^{n+1}', 'x² + y¹⁰ = zⁿ⁺¹'],
    ['a_{1} + a_n', 'a1 + an'],
    ['3 \\times 4 \\div 2 \\le 6 \\neq 7', '3 × 4 ÷ 2 ≤ 6 ≠ 7'],
    ['\\angle ABC = 90^\\circ', '∠ABC = 90°'],
    ['\\left( \\frac{1}{2} \\right)^{2}', '( 1/2 )²'],
    ['\\triangle ABC, 30^{\\circ}', '△ABC, 30°'],
    ['\\binom{5}{2} = 10', 'C(5, 2) = 10'],
    ['\\sqrt[3]{27} = 3', '³√27 = 3'],
    ['40\\% \\text{ of } 50', '40% of 50'],
    ['0.3636\\ldots', '0.3636…'],
  ])('%s → %s', (tex, text) => {
    expect(latexToText(tex)).toBe(text);
  });

  it('replaces every formula of a text and leaves the prose alone', () => {
    expect(plainMath('远程员工占 $\\frac{2}{5}$，其中全职占 $\\frac{3}{4}$。')).toBe(
      '远程员工占 2/5，其中全职占 3/4。',
    );
    expect(plainMath('a price of 5 dollars')).toBe('a price of 5 dollars');
  });

  it('never leaves a dollar delimiter or a backslash command behind, whatever the formula', () => {
    const piece = fc.constantFrom(
      '\\frac{',
      '}{',
      '}',
      '\\sqrt{',
      '^',
      '_',
      '{',
      'x',
      '2',
      ' ',
      '\\times',
      '\\pi',
      '+',
      '\\left(',
      '\\right)',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 20 }), fc.string({ maxLength: 10 }), (parts, prose) => {
        const cleanProse = prose.replace(/[$\\]/g, '');
        const out = plainMath(`${cleanProse}$${parts.join('')}$${cleanProse}`);
        expect(out).not.toMatch(/\$|\\[A-Za-z]/);
      }),
    );
  });
});
