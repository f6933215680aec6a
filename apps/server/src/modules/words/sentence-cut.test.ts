import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MET_SENTENCE_MAX, sentenceWith, type QuestionText } from './sentence-cut.js';

const heads: Record<string, string> = { mitigates: 'mitigate', mitigated: 'mitigate', went: 'go', bubbles: 'bubble' };
const keyOf = (t: string) => heads[t.toLowerCase()] ?? t.toLowerCase();

const passage = {
  text: 'Glaciers record the climate of the past in layers of ice. Each layer traps small bubbles of air.\n\nScientists read these bubbles to learn how the atmosphere has changed.',
  sentences: null,
};
const q: QuestionText = {
  inquiry: 'Although the drug mitigated the symptoms, the {{1}} remained. Doctors were pleased.',
  passage,
};

describe('sentenceWith', () => {
  it('finds the sentence of the passage or the stem where the clicked form stands, the passage first', () => {
    expect(sentenceWith(q, 'bubbles', 'bubble', keyOf)).toBe('Each layer traps small bubbles of air.');
    expect(sentenceWith(q, '“Glaciers,”', 'glacier', keyOf)).toBe(
      'Glaciers record the climate of the past in layers of ice.',
    );
    expect(sentenceWith(q, 'Doctors', 'doctor', keyOf)).toBe('Doctors were pleased.');
  });

  it('shows a stem’s blanks as a line', () => {
    expect(sentenceWith(q, 'mitigated', 'mitigate', keyOf)).toBe(
      'Although the drug mitigated the symptoms, the ____ remained.',
    );
  });

  it('falls back to any form filed under the same headword', () => {
    expect(sentenceWith(q, 'mitigates', 'mitigate', keyOf)).toBe(
      'Although the drug mitigated the symptoms, the ____ remained.',
    );
  });

  it('uses the passage’s own sentence split when it has one', () => {
    const split = {
      ...q,
      passage: { ...passage, sentences: ['Glaciers record the climate.', 'Each layer traps bubbles.'] },
    };
    expect(sentenceWith(split, 'bubbles', 'bubble', keyOf)).toBe('Each layer traps bubbles.');
  });

  it('answers null for a word the question’s texts do not hold, or nothing to match', () => {
    expect(sentenceWith(q, 'laconic', 'laconic', keyOf)).toBeNull();
    expect(sentenceWith(q, '...', 'x', keyOf)).toBeNull();
    expect(sentenceWith({ inquiry: 'No passage here.', passage: null }, 'here', 'here', keyOf)).toBe(
      'No passage here.',
    );
  });

  it('matches the part of a hyphenated word', () => {
    expect(sentenceWith({ inquiry: 'A reef-building coral grows.', passage: null }, 'reef', 'reef', keyOf)).toBe(
      'A reef-building coral grows.',
    );
  });

  it('cuts a long sentence to a window around the word, never longer than MET_SENTENCE_MAX', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (before, after) => {
        const text = `${'lorem '.repeat(before)}serendipity${' ipsum'.repeat(after)}.`;
        const cut = sentenceWith({ inquiry: text, passage: null }, 'serendipity', 'serendipity', keyOf)!;
        expect(cut).toContain('serendipity');
        expect(cut.length).toBeLessThanOrEqual(MET_SENTENCE_MAX);
        if (text.length <= MET_SENTENCE_MAX) expect(cut).toBe(text);
      }),
    );
  });
});
