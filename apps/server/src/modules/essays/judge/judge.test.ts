import { ESSAY_DIMENSIONS, isEssayScore } from '@gre/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from './calibration/corpus.js';
import { TOO_SHORT_WORDS } from './degenerate.js';
import { bandOf, judgeEssay } from './judge.js';
import type { EssayPrompt } from './features.js';
import type { JudgeResult } from './judge-types.js';
import { SHIPPED_MODEL } from './model.js';
import { MAX_WORDS } from './text.js';
import { greWordList, type WordList } from './word-list.js';

let gre: WordList;
beforeAll(async () => {
  gre = await greWordList();
});

const PROMPT = {
  text:
    'Governments should place few, if any, restrictions on scientific research and development.\n\n' +
    'Write a response in which you discuss the extent to which you agree or disagree with the recommendation.',
  outline: ['立场：部分同意', 'research funding and safety'],
};
const corpus = readCorpus();
const essayA = corpus[0]!.text;
const promptA = { text: corpus[0]!.prompt };
const judge = (essay: string, prompt: EssayPrompt = PROMPT) => judgeEssay({ essay, prompt, gre });

/** An on-topic essay of ordinary length, written for these tests. */
const ON_TOPIC = [
  'Governments should place few restrictions on scientific research, but I believe some limits are necessary. ' +
    'Research drives progress because free inquiry lets scientists follow surprising results wherever they lead.',
  'For example, the development of vaccines depended on open research that nobody could have planned in advance. ' +
    'Moreover, restrictions often slow useful work, and as a result patients wait longer for treatment.',
  'Admittedly, critics argue that unrestricted research can be dangerous. Experiments on human subjects, for instance, ' +
    'have caused real harm when no rules protected the participants. Therefore ethical review remains essential.',
  'In conclusion, governments should restrict research only where it threatens human safety, and otherwise leave ' +
    'scientists free, since the benefits of open development clearly outweigh the costs of occasional mistakes.',
].join('\n\n');

function expectWellFormed(r: JudgeResult, essay: string): void {
  expect(isEssayScore(r.score)).toBe(true);
  expect(r.band.low).toBeLessThanOrEqual(r.score);
  expect(r.band.high).toBeGreaterThanOrEqual(r.score);
  for (const d of r.dimensions)
    for (const range of d.ranges) {
      expect(range.start).toBeGreaterThanOrEqual(0);
      expect(range.end).toBeGreaterThan(range.start);
      expect(range.end).toBeLessThanOrEqual(essay.length);
    }
}

describe('judgeEssay on essays', () => {
  it('scores a corpus essay with the shipped model: half points in 1–6, the calibrated band around it', () => {
    const r = judge(essayA, promptA);
    expect(r.flags).toEqual([]);
    expect(r.score).toBeGreaterThanOrEqual(1);
    expect(r.band).toEqual(bandOf(r.score));
    expect(r.band.high - r.band.low).toBeLessThanOrEqual(2 * SHIPPED_MODEL.band_half_width);
    expect(r.summary).toContain('机器评分');
    expect(Object.keys(r.contributions)).toEqual(SHIPPED_MODEL.features);
    expectWellFormed(r, essayA);
  });

  it('comments on the five rubric dimensions in order, in Chinese, with the sentences they mean', () => {
    const r = judge(ON_TOPIC);
    expect(r.dimensions.map((d) => d.dimension)).toEqual([...ESSAY_DIMENSIONS]);
    expect(r.dimensions.map((d) => d.label)).toEqual(['立场', '论证', '例证', '结构', '语言']);
    for (const d of r.dimensions) {
      expect(d.comment).toMatch(/[\u4e00-\u9fff]/);
      expect(['good', 'fair', 'weak']).toContain(d.level);
      expect(Object.keys(d.features).length).toBeGreaterThan(0);
    }
    const position = r.dimensions[0]!;
    expect(position.ranges.map((s) => ON_TOPIC.slice(s.start, s.end))).toContain(
      'Governments should place few restrictions on scientific research, but I believe some limits are necessary.',
    );
    const examples = r.dimensions[2]!;
    expect(examples.ranges.some((s) => ON_TOPIC.slice(s.start, s.end).startsWith('For example'))).toBe(true);
    expect(r.dimensions[3]!.features.paragraphs).toBe(4);
    expectWellFormed(r, ON_TOPIC);
  });

  it('points the language comment at misspelt words and quotes them', () => {
    const essay = ON_TOPIC.replace('necessary', 'neccesary').replace('benefits', 'benifits');
    const language = judge(essay).dimensions[4]!;
    expect(language.comment).toContain('“neccesary”');
    expect(language.comment).toContain('“benifits”');
    expect(language.ranges.map((s) => essay.slice(s.start, s.end))).toEqual(['neccesary', 'benifits']);
  });

  it('treats HTML and script as text: nothing is run, markup never reaches a comment', () => {
    const essay = ON_TOPIC.replace(
      'Research drives',
      '<script>alert(1)</script><img src=x onerror=alert(2)> Research drives',
    );
    const r = judge(essay);
    expectWellFormed(r, essay);
    for (const d of r.dimensions) expect(d.comment).not.toMatch(/[<>]/);
    expect(r.summary).not.toMatch(/[<>]/);
  });

  it('is deterministic', () => {
    expect(judge(essayA, promptA)).toEqual(judge(essayA, promptA));
  });
});

describe('judgeEssay on degenerate input', () => {
  it.each(['', '   \n\n  ', '!!! ??? ...'])('scores empty input 0: %j', (essay) => {
    const r = judge(essay);
    expect(r).toMatchObject({ score: 0, band: { low: 0, high: 0 }, flags: ['empty'], dimensions: [] });
    expect(r.summary).toContain('0 分');
  });

  it('scores an essay in Chinese 0', () => {
    const r = judge('我认为政府不应该限制科学研究，因为自由的研究推动了社会进步。'.repeat(20));
    expect(r).toMatchObject({ score: 0, flags: ['not_english'] });
    expect(r.summary).toContain('不是英文');
  });

  it('scores keyboard mash 0 as not English', () => {
    expect(judge('asdf qwer zxcv hjkl uiop vbnm '.repeat(10)).flags).toContain('not_english');
  });

  it('scores the prompt pasted back 0', () => {
    const r = judge(PROMPT.text);
    expect(r).toMatchObject({ score: 0, flags: ['prompt_copied'] });
    expect(r.summary).toContain('照抄');
  });

  it(`holds an essay under ${TOO_SHORT_WORDS} words to at most 1, with its comments still given`, () => {
    const r = judge('Governments should fund research because it helps everyone. For example, vaccines save lives.');
    expect(r.flags).toEqual(['too_short']);
    expect(r.score).toBe(1);
    expect(r.band).toEqual({ low: 0, high: 1 });
    expect(r.dimensions).toHaveLength(5);
    expect(r.summary).toContain('字数过少');
  });

  it('holds repeated text to at most 1', () => {
    const r = judge(ON_TOPIC.split('\n\n')[0]!.concat('\n\n').repeat(8));
    expect(r.flags).toContain('repetitive');
    expect(r.score).toBeLessThanOrEqual(1);
  });

  it('holds an essay sharing no keyword with the prompt to at most 1, and asks for a teacher', () => {
    const r = judge(essayA, { text: 'Museums ought to charge visitors admission fees for exhibitions.', outline: [] });
    expect(r.flags).toEqual(['off_topic']);
    expect(r.score).toBe(1);
    expect(r.summary).toContain('老师复核');
  });

  it('judges a 100,000-character essay in bounded time: the first words, flagged truncated', () => {
    let essay = '';
    for (let i = 0; essay.length < 100_000; i++) essay += `${corpus[i % corpus.length]!.text}\n\n`;
    essay = essay.slice(0, 100_000);
    const started = performance.now();
    const r = judge(essay);
    const ms = performance.now() - started;
    expect(r.flags).toContain('truncated');
    expect(r.judged_words).toBe(MAX_WORDS);
    expect(r.summary).toContain(`${MAX_WORDS} 词`);
    expectWellFormed(r, essay);
    // A generous ceiling for a loaded two-core machine; a full judgement takes a few milliseconds.
    expect(ms).toBeLessThan(5_000);
  });
});
