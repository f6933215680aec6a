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
    expect(answerFits('SixChooseTwo', a({ multi_selects: ['A', 'G'] }), [col('A', 'B', 'C', 'D', 'E', 'F')])).toBe(
      false,
    );
    expect(answerFits('SixChooseTwo', a({ selects: ['A'] }))).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: ['3'] }))).toBe(true);
    expect(answerFits('SelectSentence', a({ selects: ['A'] }))).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: ['03'] }))).toBe(false);
  });

  it("a sentence index must name one of the passage's sentences", () => {
    expect(answerFits('SelectSentence', a({ selects: ['0'] }), null, 6)).toBe(true);
    expect(answerFits('SelectSentence', a({ selects: ['5'] }), null, 6)).toBe(true);
    expect(answerFits('SelectSentence', a({ selects: ['6'] }), null, 6)).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: ['999'] }), null, 6)).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: ['0'] }), null, 0)).toBe(false);
    expect(answerFits('SelectSentence', a({ selects: [] }), null, 6)).toBe(true);
  });

  it('entries take numbers only, essays text only', () => {
    expect(answerFits('TextFill', a({ text: '-1,200.5' }))).toBe(true);
    expect(answerFits('TextFill', a({ text: '12abc' }))).toBe(false);
    expect(answerFits('TextFill', a({ text: '1', text2: '2' }))).toBe(false);
    expect(answerFits('Fraction', a({ text: '1', text2: '2' }))).toBe(true);
    expect(answerFits('Fraction', a({ text: 'x', text2: '2' }))).toBe(false);
    expect(answerFits('Essay', a({ essay: 'Some words.' }))).toBe(true);
    expect(answerFits('Essay', a({ essay: 'Some words.', selects: ['A'] }))).toBe(false);
  });

  it('word cards answer know or unknown, nothing else', () => {
    expect(answerFits('Word', a({ selects: ['know'] }))).toBe(true);
    expect(answerFits('Word', a({ selects: ['unknown'] }))).toBe(true);
    expect(answerFits('Word', a({}))).toBe(true);
    for (const v of [
      { selects: ['A'] },
      { selects: ['know', 'unknown'] },
      { selects: ['know'], text: 'abate' },
      { text: 'abate' },
      { selects: [''] },
      { multi_selects: ['A'] },
      { essay: 'x' },
    ]) {
      expect(answerFits('Word', a(v)), JSON.stringify(v)).toBe(false);
    }
  });
});
