import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseCandidates, relationOfExchange, wordClasses } from './word-forms.js';
import { WordIndex } from './word-index.js';

/** A look-up list in ECDICT's format with the bases the rules below reach, and one bare cross-reference. */
const LOOKUP = [
  'word,phonetic,translation,tags,exchange',
  ...[
    ['happy', 'a. 快乐的'],
    ['quick', 'a. 快的'],
    ['big', 'a. 大的'],
    ['nice', 'a. 好的'],
    ['stop', 'vt. 停止'],
    ['move', 'v. 移动'],
    ['explore', 'vt. 探索'],
    ['transform', 'vt. 改变'],
    ['clarify', 'vt. 澄清'],
    ['modernize', 'vt. 使现代化'],
    ['acclimate', 'vt. 使适应'],
    ['acclimatise', 'v. <主英>=acclimatize'],
    ['absurd', 'a. 荒谬的'],
    ['sincere', 'a. 真诚的'],
    ['curious', 'a. 好奇的'],
    ['able', 'a. 能够的'],
    ['basic', 'a. 基本的'],
    ['critical', 'a. 批评的'],
    ['notable', 'a. 显著的'],
    ['simple', 'a. 简单的'],
    ['true', 'a. 真的'],
    ['study', 'vt. 学习'],
    ['die', 'vi. 死'],
    ['box', 'n. 盒子'],
    ['reef', 'n. 暗礁'],
    ['carry', 'vt. 携带'],
    ['hardy', 'a. 难的, 艰苦的\\nadv. 努力地'],
  ].map(([w, t]) => `${w},,"${t}",,`),
].join('\r\n');
const GRE =
  'word,phonetic,translation,definition\r\nhardy,,"a. 难的, 艰苦的",s. able to survive under unfavorable weather\r\n';
const SENSES = 'word,phonetic,translation,tags,exchange\r\nhardy,,"a. 耐寒的；强壮的",gre,\r\n';

const index = new WordIndex(LOOKUP, GRE, SENSES);

describe('suffix rules', () => {
  it.each([
    ['happiness', 'happy', 'noun'],
    ['quickly', 'quick', 'adverb'],
    ['happily', 'happy', 'adverb'],
    ['bigger', 'big', 'comparative'],
    ['biggest', 'big', 'superlative'],
    ['nicer', 'nice', 'comparative'],
    ['hardier', 'hardy', 'comparative'],
    ['hardiest', 'hardy', 'superlative'],
    ['stopped', 'stop', 'past_forms'],
    ['stopping', 'stop', 'present_participle'],
    ['moved', 'move', 'past_forms'],
    ['moving', 'move', 'present_participle'],
    ['movement', 'move', 'noun'],
    ['exploration', 'explore', 'noun'],
    ['transformation', 'transform', 'noun'],
    ['clarification', 'clarify', 'noun'],
    ['modernization', 'modernize', 'noun'],
    ['modernisation', 'modernize', 'noun'],
    ['acclimatization', 'acclimate', 'noun'],
    ['absurdity', 'absurd', 'noun'],
    ['sincerity', 'sincere', 'noun'],
    ['curiosity', 'curious', 'noun'],
    ['ability', 'able', 'noun'],
    ['basically', 'basic', 'adverb'],
    ['critically', 'critical', 'adverb'],
    ['notably', 'notable', 'adverb'],
    ['simply', 'simple', 'adverb'],
    ['truly', 'true', 'adverb'],
    ['studied', 'study', 'past_forms'],
    ['studies', 'study', 'third_person'],
    ['dying', 'die', 'present_participle'],
    ['boxes', 'box', 'plural'],
    ['reefs', 'reef', 'plural'],
    ['carries', 'carry', 'third_person'],
  ])('%s → %s (%s)', (word, headword, relation) => {
    const found = index.lookup(word);
    expect(found.entries).toHaveLength(1);
    expect(found.entries[0]).toMatchObject({ word, headword, relation });
  });

  it('keeps a guess only when the base has the word class the suffix needs', () => {
    // reef is a noun: 'reefer' is no comparative of it, 'reefly' no adverb, 'reefing' no participle.
    for (const word of ['reefer', 'reefly', 'reefing', 'boxness', 'as', 'xyzzyness'])
      expect(index.lookup(word).found, word).toBe(false);
  });

  it('shows the GRE sense before the ECDICT senses of the base', () => {
    expect(index.lookup('Hardier').entries[0]).toMatchObject({
      headword: 'hardy',
      gre: true,
      gre_senses: ['a. 耐寒的；强壮的'],
      translation: ['a. 难的, 艰苦的'],
    });
  });

  const consonantBase = fc.stringMatching(/^[a-z]{2,8}[bcdfgklmnprtvwxz]$/);

  it('property: a consonant-final base plus any regular suffix has that base among its candidates', () => {
    const suffixes = ['s', 'ed', 'ing', 'er', 'est', 'ly', 'ness', 'ment', 'ity'];
    fc.assert(
      fc.property(consonantBase, fc.constantFrom(...suffixes), (base, suffix) => {
        expect(baseCandidates(base + suffix).map((c) => c.base)).toContain(base);
      }),
    );
  });

  it('property: a base in -y comes back from its -ies, -ied, -ier, -iest, -ily and -iness forms', () => {
    fc.assert(
      fc.property(consonantBase, fc.constantFrom('ies', 'ied', 'ier', 'iest', 'ily', 'iness'), (stem, suffix) => {
        expect(baseCandidates(stem + suffix).map((c) => c.base)).toContain(`${stem}y`);
      }),
    );
  });

  it('property: candidates are distinct, never the word itself and at least three letters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,16}$/), (word) => {
        const cands = baseCandidates(word);
        expect(new Set(cands.map((c) => `${c.base}:${c.relation}`)).size).toBe(cands.length);
        for (const c of cands) {
          expect(c.base).not.toBe(word);
          expect(c.base.length).toBeGreaterThanOrEqual(3);
        }
      }),
    );
  });

  it('property: a look-up always answers, and found exactly when it has entries', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (raw) => {
        const res = index.lookup(raw);
        expect(res.found).toBe(res.entries.length > 0);
        if (res.parts.length > 0) expect(res.found).toBe(true);
      }),
    );
  });
});

describe('word classes and exchange kinds', () => {
  it('reads the classes an entry marks, null when it marks none', () => {
    expect(wordClasses(['vt. 使适应', 'vi. 服水土'])).toEqual(new Set(['verb']));
    expect(wordClasses(['n. 暗礁', 'a. 礁的', 'adv. 努力地'])).toEqual(new Set(['noun', 'adjective']));
    expect(wordClasses(['[计] 累加器'])).toBeNull();
  });

  it.each([
    ['p', 'past'],
    ['d', 'past_participle'],
    ['dp', 'past_forms'],
    ['pd', 'past_forms'],
    ['i', 'present_participle'],
    ['3', 'third_person'],
    ['r', 'comparative'],
    ['t', 'superlative'],
    ['s', 'plural'],
    ['', 'inflection'],
  ])('exchange %j → %s', (kinds, relation) => {
    expect(relationOfExchange(kinds)).toBe(relation);
  });
});
