import { describe, expect, it } from 'vitest';
import { MAX_CHARS, MAX_WORDS, readEssay, wordsOf } from './text.js';

const slice = (text: string, s: { start: number; end: number }) => text.slice(s.start, s.end);

describe('readEssay', () => {
  it('keeps every word with its offsets, inner apostrophes and hyphens in one word', () => {
    const text = "Self-driving cars don't tire; in 2018, 81 percent…";
    const essay = readEssay(text);
    expect(essay.words.map((w) => slice(text, w))).toEqual([
      'Self-driving',
      'cars',
      "don't",
      'tire',
      'in',
      '2018',
      '81',
      'percent',
    ]);
    expect(essay.words[2]!.lower).toBe("don't");
  });

  it('counts runs of letters and digits as words, not punctuation or Chinese characters', () => {
    const text = 'It’s a well-known claim.\n\nYet 3 in 10 disagree — 人们 say otherwise!';
    expect(readEssay(text).words.map((w) => w.text)).toEqual([
      "It's",
      'a',
      'well-known',
      'claim',
      'Yet',
      '3',
      'in',
      '10',
      'disagree',
      'say',
      'otherwise',
    ]);
  });

  it('ends sentences at . ! ? but not after an abbreviation or an initial', () => {
    const text = 'Dr. Smith met J. S. Mill in the U.S. last year. Was it useful? Yes! It was, e.g. in math.';
    const essay = readEssay(text);
    expect(essay.sentences.map((s) => slice(text, s))).toEqual([
      'Dr. Smith met J. S. Mill in the U.S. last year.',
      'Was it useful?',
      'Yes!',
      'It was, e.g. in math.',
    ]);
    expect(wordsOf(essay, essay.sentences[1]!).map((w) => w.text)).toEqual(['Was', 'it', 'useful']);
  });

  it('splits paragraphs at blank lines, or at line breaks when the writer left none', () => {
    const blank = 'One. Two.\n\n  Three.\nStill three.\n\n\nFour.';
    expect(readEssay(blank).paragraphs.map((p) => slice(blank, p))).toEqual([
      'One. Two.',
      'Three.\nStill three.',
      'Four.',
    ]);
    const single = 'First para.\nSecond para.\r\nThird.';
    expect(readEssay(single).paragraphs).toHaveLength(3);
    expect(readEssay('No break at all. Two sentences.').paragraphs).toHaveLength(1);
  });

  it('gives each sentence its paragraph and each word its sentence', () => {
    const essay = readEssay('A b. C d.\n\nE f.');
    expect(essay.sentences.map((s) => s.paragraph)).toEqual([0, 0, 1]);
    expect(essay.words.map((w) => w.sentence)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('reads nothing from empty or blank text', () => {
    for (const text of ['', '   \n\n\t ', '……！']) {
      const essay = readEssay(text);
      expect(essay.words).toEqual([]);
      expect(essay.truncated).toBe(false);
    }
  });

  it(`judges the first ${MAX_WORDS} words and says the rest was left`, () => {
    const text = 'word '.repeat(MAX_WORDS + 10);
    const essay = readEssay(text);
    expect(essay.words).toHaveLength(MAX_WORDS);
    expect(essay.truncated).toBe(true);
    expect(readEssay('word '.repeat(MAX_WORDS)).truncated).toBe(false);
  });

  it(`reads at most ${MAX_CHARS} characters of text with few word breaks`, () => {
    const essay = readEssay('汉'.repeat(MAX_CHARS * 3) + ' tail');
    expect(essay.text).toHaveLength(MAX_CHARS);
    expect(essay.truncated).toBe(true);
  });

  it('takes markup as plain characters', () => {
    const text = '<script>alert("x")</script> <b>Bold</b> claim.';
    const essay = readEssay(text);
    expect(essay.text).toBe(text);
    expect(essay.words.map((w) => w.text)).toEqual(['script', 'alert', 'x', 'script', 'b', 'Bold', 'b', 'claim']);
  });
});
