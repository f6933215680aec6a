import { describe, expect, it } from 'vitest';
import {
  BANK_RULES,
  checkDifficultyMix,
  checkMathSegments,
  checkTextCharacters,
  checkTopicMix,
  checkIssueSample,
  checkReadingCitation,
  quotedRuns,
} from './bank-rules.js';

const passage = {
  text: 'Ships clustered along profitable trade routes. Yet many of these distortions are systematic rather than random, and a systematic bias can be corrected.',
};
const reading = (text: string) => ({
  category: 2 as const,
  analysis: { text, key_words: [], synonyms: [], antonyms: [] },
});

describe('reading citations', () => {
  it('accepts a quote found in the passage, across curly quotes, case, bold and an ellipsis', () => {
    expect(
      checkReadingCitation(reading('转折句 “yet many of these distortions are systematic” 说明……'), passage),
    ).toEqual([]);
    expect(
      checkReadingCitation(reading('"Ships clustered along ... profitable trade routes" 是缺陷'), passage),
    ).toEqual([]);
  });

  it('refuses an explanation that quotes nothing, only Chinese, or words not in the passage', () => {
    expect(checkReadingCitation(reading('作者认为偏差可以校正。**答案**：C'), passage)[0]).toContain('must quote');
    expect(checkReadingCitation(reading('“偏差可以校正” 是关键'), passage)[0]).toContain('must quote');
    expect(checkReadingCitation(reading('"distortions are always random noise" 是关键'), passage)[0]).toContain(
      'quotes nothing that is in the passage',
    );
    expect(quotedRuns('"a b" 和 "one two three"')).toEqual(['one two three']);
  });

  it('leaves other categories alone', () => {
    expect(checkReadingCitation({ ...reading('无'), category: 1 }, passage)).toEqual([]);
  });
});

describe('Issue samples', () => {
  const issue = (text: string) => ({ kind: 'issue', analysis: { text, key_words: [], synonyms: [], antonyms: [] } });
  const essay = Array.from({ length: BANK_RULES.sampleWords }, () => 'word').join(' ');
  it('wants the outline, then the marker, then an essay of some length', () => {
    expect(checkIssueSample(issue(`**立场选择**：同意。\n\n${BANK_RULES.sampleMarker}\n\n${essay}`))).toEqual([]);
    expect(checkIssueSample(issue('**立场选择**：同意。'))[0]).toContain('needs a sample essay');
    expect(checkIssueSample(issue(`大纲\n${BANK_RULES.sampleMarker}\nToo short.`))[0]).toContain('words, at least');
    expect(checkIssueSample(issue(`${BANK_RULES.sampleMarker}\n${essay}`))[0]).toContain('outline before');
    expect(checkIssueSample({ ...issue(''), kind: 'tc1' })).toEqual([]);
  });
});

describe('difficulty mix', () => {
  const kind = (e: number, m: number, h: number) => [
    ...Array.from({ length: e }, () => ({ kind: 'qc', difficulty: 'easy' as const })),
    ...Array.from({ length: m }, () => ({ kind: 'qc', difficulty: 'medium' as const })),
    ...Array.from({ length: h }, () => ({ kind: 'qc', difficulty: 'hard' as const })),
  ];
  it('holds each difficulty between a fifth and a half of a kind, from 20 questions', () => {
    expect(checkDifficultyMix(kind(10, 10, 10))).toEqual([]);
    expect(checkDifficultyMix(kind(8, 14, 8))).toEqual([]);
    expect(checkDifficultyMix(kind(12, 15, 3))).toEqual(['difficulty mix: qc has 3 hard of 30 (10%), want 20–50%']);
    expect(checkDifficultyMix(kind(4, 16, 10))).toHaveLength(2);
    expect(checkDifficultyMix(kind(0, 19, 0))).toEqual([]);
  });
});

describe('text characters', () => {
  it('refuses LaTeX lost to a string escape, keeps line breaks', () => {
    expect(checkTextCharacters({ analysis: { text: '第一步\n$3 \\times 4$' } })).toEqual([]);
    expect(checkTextCharacters({ analysis: { text: '$3 \times 4$' } })[0]).toContain(
      '/analysis/text: control character U+0009',
    );
    expect(checkTextCharacters({ inquiry: '$\frac{1}{2}$' })[0]).toContain('U+000c');
  });
});

describe('math segments', () => {
  const q = (inquiry: string, analysis = '') => ({
    inquiry,
    analysis: { text: analysis, key_words: [], synonyms: [], antonyms: [] },
    input_method: {
      kind: 'TextFill' as const,
      option_groups: [],
      fillable: true,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 0,
      option_size: 0,
    },
  });
  it('refuses prose between two bare prices, accepts formulas, escaped prices and \\text', () => {
    expect(checkMathSegments(q('A pen costs $12 and a book costs $15. What is the total?'))[0]).toContain(
      'inquiry: text reads as a formula',
    );
    expect(checkMathSegments(q('A pen costs \\$12 and a book costs $\\$15$.'))).toEqual([]);
    expect(checkMathSegments(q('If $\\frac{x}{2} + \\sqrt{y} = 3$ and $\\text{the total cost}$ …'))).toEqual([]);
    expect(checkMathSegments(q('x', '故 $这里是中文$'))[0]).toContain('analysis:');
  });
});

describe('topic mix', () => {
  const quant = (counts: Record<string, number>) =>
    Object.entries(counts).flatMap(([topic, n]) => Array.from({ length: n }, () => ({ category: 3, topic })));
  it('wants each of the four areas between 15 and 40 percent of quant', () => {
    expect(checkTopicMix(quant({ arithmetic: 25, algebra: 25, geometry: 22, data_analysis: 28 }))).toEqual([]);
    expect(checkTopicMix(quant({ arithmetic: 50, algebra: 30, geometry: 10, data_analysis: 10 }))).toEqual([
      'topic mix: arithmetic is 50% of the quant questions, want 15–40%',
      'topic mix: geometry is 10% of the quant questions, want 15–40%',
      'topic mix: data_analysis is 10% of the quant questions, want 15–40%',
    ]);
  });
});
