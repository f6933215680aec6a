import { isEssayScore } from '@gre/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from './calibration/corpus.js';
import { bandOf, judgeEssay } from './judge.js';
import type { EssayPrompt } from './features.js';
import { greWordList, type WordList } from './word-list.js';

let gre: WordList;
beforeAll(async () => {
  gre = await greWordList();
});

const WORDS = [
  'the',
  'research',
  'because',
  'however',
  'for example',
  'government',
  'science',
  'ubiquitous',
  'mitigate',
  'recieve',
  'I believe',
  'critics',
  'although',
  'a',
  'an',
  'is',
  'are',
  'he',
  'they',
  '21st',
  'U.S.',
  'e.g.',
];
const PIECES = [...WORDS, '.', ',', '!', '?', ' ', '\n', '\n\n', '<script>', '</script>', '<b>', '&amp;', '中文', '。'];

/** Text from essay-like pieces: long enough runs reach the model, short ones the rules. */
const essayLike = fc.array(fc.constantFrom(...PIECES), { maxLength: 900 }).map((xs) => xs.join(' '));
/** Any string at all: every UTF-16 unit, lone surrogates and control characters included. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 400 }),
  essayLike,
);
/** Huge input: a piece repeated past 100,000 characters. */
const huge = fc
  .tuple(
    fc.oneof(essayLike, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 })),
    fc.integer({ min: 1, max: 40 }),
  )
  .map(([piece, k]) =>
    (piece.length === 0 ? 'x' : piece).repeat(Math.ceil((100_000 + k * 1000) / Math.max(1, piece.length))),
  );
const prompts: fc.Arbitrary<EssayPrompt> = fc.record({
  text: fc.oneof(fc.constant('Governments should fund research.'), fc.string({ maxLength: 200 })),
  outline: fc.option(fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), { nil: undefined }),
});

function check(essay: string, prompt: EssayPrompt): void {
  const r = judgeEssay({ essay, prompt, gre });
  expect(isEssayScore(r.score)).toBe(true);
  expect(isEssayScore(r.band.low) && isEssayScore(r.band.high)).toBe(true);
  expect(r.band.low).toBeLessThanOrEqual(r.score);
  expect(r.score).toBeLessThanOrEqual(r.band.high);
  if (r.flags.some((f) => f === 'empty' || f === 'not_english' || f === 'prompt_copied')) expect(r.score).toBe(0);
  if (r.flags.some((f) => f === 'too_short' || f === 'repetitive' || f === 'off_topic'))
    expect(r.score).toBeLessThanOrEqual(1);
  for (const d of r.dimensions)
    for (const s of d.ranges) {
      expect(0 <= s.start && s.start < s.end && s.end <= essay.length).toBe(true);
    }
  expect(judgeEssay({ essay, prompt, gre })).toEqual(r);
}

/** Essays stitched from corpus sentences: real English on the corpus's topic, so the model scores them. */
const corpus = readCorpus();
const sentences = corpus.slice(0, 30).flatMap((e) => e.text.split(/(?<=[.!?])\s+/));
const stitched = fc
  .array(fc.integer({ min: 0, max: sentences.length - 1 }), { minLength: 12, maxLength: 60 })
  .map((ix) => [...new Set(ix)].map((i) => sentences[i]).join(' '));

describe('judgeEssay, for any input', () => {
  it('scores real English through the model: 1–6, with the calibrated band', () => {
    fc.assert(
      fc.property(stitched, (essay) => {
        const r = judgeEssay({ essay, prompt: { text: corpus[0]!.prompt }, gre });
        fc.pre(!r.flags.includes('too_short'));
        expect(r.flags).toEqual([]);
        expect(r.score).toBeGreaterThanOrEqual(1);
        expect(r.band).toEqual(bandOf(r.score));
        check(essay, { text: corpus[0]!.prompt });
      }),
      { numRuns: 60 },
    );
  });

  it('scores 0–6 in half points, inside its band, within the essay, the same every time', () => {
    fc.assert(
      fc.property(anyText, prompts, (essay, prompt) => check(essay, prompt)),
      { numRuns: 300 },
    );
  });

  it('never throws on huge input, and reads only a bounded prefix', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(huge, (essay) => {
        check(essay, { text: 'Governments should fund research.' });
        expect(judgeEssay({ essay, prompt: { text: '' }, gre }).judged_words).toBeLessThanOrEqual(2000);
      }),
      { numRuns: 25 },
    );
  });
});
