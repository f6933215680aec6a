import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { englishPart, RELATIONS_MAX, RelationIndex, relationSourceOf, type RelationQuestion } from './relations.js';

const lower = (w: string) => w.toLowerCase();

/** q-se-001 of the bank: answers C and F (animated, lively). */
const se: RelationQuestion = {
  kind: 'se',
  synonyms: ['animated 生动的', 'lively 活泼的', 'vivacious 活泼的'],
  antonyms: ['monotonous 单调的', 'tedious 乏味的', 'dry 枯燥的'],
  inputMethod: {
    kind: 'SixChooseTwo',
    option_groups: [
      {
        options: ['scholarly', 'tedious', 'animated', 'monotonous', 'halting', 'lively'].map((text, i) => ({
          key: 'ABCDEF'[i],
          text,
        })),
      },
    ],
  },
  standardAnswer: { multi_selects: ['C', 'F'] },
};

describe('englishPart', () => {
  it('takes the English word or phrase of a list line', () => {
    expect(englishPart('animated 生动的')).toBe('animated');
    expect(englishPart('  mean-spirited 刻薄的')).toBe('mean-spirited');
    expect(englishPart('set off 引发')).toBe('set off');
    expect(englishPart('Although 让步')).toBe('Although');
    expect(englishPart('laconic')).toBe('laconic');
    expect(englishPart('简洁的')).toBeNull();
    expect(englishPart('')).toBeNull();
    expect(englishPart('- 无')).toBeNull();
  });
});

describe('relationSourceOf', () => {
  it('reads the lists, and a sentence-equivalence question’s right answers into the same-sense group', () => {
    expect(relationSourceOf(se)).toEqual({
      same: ['animated', 'lively', 'vivacious', 'animated', 'lively'],
      opposite: ['monotonous', 'tedious', 'dry'],
    });
    expect(relationSourceOf({ ...se, kind: 'tc1' }).same).toEqual(['animated', 'lively', 'vivacious']);
  });

  it('survives shapes the schema would refuse', () => {
    for (const broken of [null, 'x', 3, { option_groups: 'x' }, { option_groups: [null, { options: [null, 1] }] }]) {
      expect(
        relationSourceOf({
          kind: 'se',
          synonyms: 'x',
          antonyms: [1, null],
          inputMethod: broken,
          standardAnswer: broken,
        }),
      ).toEqual({ same: [], opposite: [] });
    }
  });
});

describe('RelationIndex', () => {
  it('gives a word its group as synonyms and the other group as antonyms, from either side', () => {
    const index = new RelationIndex([relationSourceOf(se)], lower);
    expect(index.of('animated')).toEqual({
      synonyms: ['lively', 'vivacious'],
      antonyms: ['monotonous', 'tedious', 'dry'],
    });
    expect(index.of('tedious')).toEqual({
      synonyms: ['monotonous', 'dry'],
      antonyms: ['animated', 'lively', 'vivacious'],
    });
    expect(index.of('scholarly')).toEqual({ synonyms: [], antonyms: [] });
  });

  it('files list words by the key the word books use', () => {
    const keyOf = (w: string) => (w === 'animated' ? 'animate' : w);
    const index = new RelationIndex([relationSourceOf(se)], keyOf);
    expect(index.of('animate').synonyms).toEqual(['lively', 'vivacious']);
    expect(index.of('animated').synonyms).toEqual([]);
  });

  it('merges several questions, first met first; a word both ways is a synonym only', () => {
    const index = new RelationIndex(
      [
        { same: ['concise', 'terse'], opposite: ['prolix'] },
        { same: ['terse', 'succinct', 'prolix'], opposite: ['verbose'] },
      ],
      lower,
    );
    expect(index.of('terse')).toEqual({ synonyms: ['concise', 'succinct', 'prolix'], antonyms: ['verbose'] });
  });

  it('never lists the word itself, never repeats, never goes past its cap, and is symmetric', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    const group = fc.array(word, { maxLength: 30 });
    fc.assert(
      fc.property(fc.array(fc.record({ same: group, opposite: group }), { maxLength: 8 }), word, (sources, w) => {
        const index = new RelationIndex(sources, lower);
        const { synonyms, antonyms } = index.of(w);
        expect(synonyms).not.toContain(w);
        expect(antonyms).not.toContain(w);
        expect(new Set(synonyms).size).toBe(synonyms.length);
        expect(new Set(antonyms).size).toBe(antonyms.length);
        expect(synonyms.filter((s) => antonyms.includes(s))).toEqual([]);
        expect(synonyms.length).toBeLessThanOrEqual(RELATIONS_MAX);
        expect(antonyms.length).toBeLessThanOrEqual(RELATIONS_MAX);
        // Being related is mutual: whatever w is given as a synonym names w back.
        for (const s of synonyms) expect(index.of(s).synonyms).toContain(w);
        for (const a of antonyms) {
          const back = index.of(a);
          expect([...back.antonyms, ...back.synonyms]).toContain(w);
        }
      }),
    );
  });

  it('keeps at most RELATIONS_MAX of each', () => {
    const many = Array.from({ length: 50 }, (_, i) => `w${i}`);
    const index = new RelationIndex([{ same: many, opposite: many.map((w) => `x${w}`) }], lower);
    expect(index.of('w0').synonyms).toHaveLength(RELATIONS_MAX);
    expect(index.of('w0').antonyms).toHaveLength(RELATIONS_MAX);
  });
});
