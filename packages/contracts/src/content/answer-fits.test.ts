import { describe, expect, it } from 'vitest';
import { answerSchema } from '../calls/question-view.js';
import { answerFits } from './grading.js';

const a = (v: Record<string, unknown>) => answerSchema.parse(v);
const col = (...keys: string[]) => ({ options: keys.map((key) => ({ key, text: key })) });

describe('answerFits', () => {
  it('box fills take at most one option key per blank, from the right column; blanks may stay empty', () => {
    const groups = [col('A', 'B', 'C'), col('D', 'E', 'F')];
    expect(answerFits('TwoBoxFill', a({ selects: ['A', 'E'] }), groups)).toBe(true);
    expect(answerFits('TwoBoxFill', a({ selects: ['', 'E'] }), groups)).toBe(true);
    expect(answerFits('TwoBoxFill', a({ selects: ['E', 'A'] }), groups)).toBe(false);
    expect(answerFits('TwoBoxFill', a({ selects: ['A', 'E', 'A'] }), groups)).toBe(false);
    expect(answerFits('ThreeBoxFill', a({ selects: ['A', 'B', 'C'] }))).toBe(true);
    expect(answerFits('OneBoxFill', a({ selects: ['A', 'B'] }))).toBe(false);
    expect(answerFits('SingleOption', a({ selects: ['Z'] }))).toBe(false);
    expect(answerFits('SingleOption', a({ selects: ['A'], text: '1' }))).toBe(false);
    expect(answerFits('SingleOption', a({}))).toBe(true);
  });

  it('multi-selects name option keys once; select-in-passage names a sentence index', () => {
    expect(answerFits('MultiSelect', a({ multi_selects: ['A', 'C'] }), [col('A', 'B', 'C')])).toBe(true);
    expect(answerFits('MultiSelect', a({ multi_selects: ['A', 'A'] }))).toBe(false);
    expect(answerFits('SixChooseTwo', a({ multi_selects: ['A', 'G'] }), [col('A', 'B', 'C', 'D', 'E', 'F')])).toBe(false);
    expect(answerFits('SixChooseTwo', a({ selects: ['A'] }))).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: ['3'] }))).toBe(true);
    expect(answerFits('SelectSentence', a({ selects: ['A'] }))).toBe(false);
  });

  it('entries take numbers only, essays text only', () => {
    expect(answerFits('TextFill', a({ text: '-1,200.5' }))).toBe(true);
    expect(answerFits('TextFill', a({ text: '12abc' }))).toBe(false);
    expect(answerFits('TextFill', a({ text: '1', text2: '2' }))).toBe(false);
    expect(answerFits('Fraction', a({ text: '1', text2: '2' }))).toBe(true);
    expect(answerFits('Fraction', a({ text: 'x', text2: '2' }))).toBe(false);
    expect(answerFits('Essay', a({ essay: 'Some words.' }))).toBe(true);
    expect(answerFits('Essay', a({ essay: 'Some words.', selects: ['A'] }))).toBe(false);
    expect(answerFits('Word', a({ selects: ['A'], text: 'abate' }))).toBe(true);
  });
});
