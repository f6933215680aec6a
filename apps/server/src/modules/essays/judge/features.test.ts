import { describe, expect, it } from 'vitest';
import { analyseEssay } from './features.js';
import { grammarIssues, RUN_ON_WORDS, type GrammarKind } from './grammar.js';
import { findMarkers } from './lexicon.js';
import { misspelledWords } from './spelling.js';
import { readEssay } from './text.js';
import { wordListOf } from './word-list.js';

const heads: Record<string, string> = { mitigated: 'mitigate', cars: 'car', theories: 'theory' };
const list = wordListOf(['mitigate', 'ubiquitous', 'laconic'], (w) => heads[w.toLowerCase()] ?? null);
const prompt = { text: 'Scientific theories matter more for the questions they raise than for being true.' };
const features = (essay: string, p = prompt) => analyseEssay(essay, p, list).features;

describe('length, paragraphs and sentences', () => {
  it('counts words and their log', () => {
    const f = features('One two three four.');
    expect(f.words).toBe(4);
    expect(f.log_words).toBeCloseTo(Math.log(5));
  });

  it('counts paragraphs and sentences, and the spread of sentence lengths', () => {
    const f = features('One two. One two three four.\n\nOne two three four five six.');
    expect(f.paragraphs).toBe(2);
    expect(f.sentences).toBe(3);
    expect(f.sentence_mean).toBe(4);
    expect(f.sentence_sd).toBe(2);
    expect(features('Same length here. Same length here.').sentence_sd).toBe(0);
  });
});

describe('vocabulary', () => {
  it('counts advanced GRE words by headword, once per headword for the types', () => {
    const f = features('Rules mitigated harm. Rules mitigate harm. A ubiquitous, laconic rule.');
    expect(f.gre_types).toBe(3);
    expect(f.gre_per_100).toBeCloseTo((100 * 4) / f.words);
  });

  it('measures diversity over 50-word windows (MATTR), so repetition lowers it and length alone does not', () => {
    const varied = Array.from({ length: 120 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    expect(features(varied).mattr).toBe(1);
    expect(features('the cat '.repeat(60)).mattr).toBeCloseTo(2 / 50);
  });

  it('averages word length in characters', () => {
    expect(features('aa bbbb.').word_length).toBe(3);
  });
});

describe('cohesion and argument markers', () => {
  it('finds transition phrases word for word, the longest first, never across sentences', () => {
    const essay = readEssay('On the other hand, it works. However it fails. In. Addition is maths.');
    expect(findMarkers(essay, 'transition').map((h) => h.phrase)).toEqual(['on the other hand', 'however']);
  });

  it('turns markers into rates and counts', () => {
    const f = features(
      'I believe this is right because it works. For example, studies show it. However, critics disagree. Thus we act.',
    );
    expect(f.stance).toBe(1);
    expect(f.concession).toBe(1);
    expect(f.transition_types).toBe(3);
    expect(f.transitions_per_sentence).toBeCloseTo(3 / 4);
    expect(f.examples_per_100).toBeCloseTo((100 * 2) / f.words);
    expect(f.reasoning_per_100).toBeCloseTo((100 * 2) / f.words);
  });
});

describe('spelling', () => {
  it('finds misspelt words and passes names, acronyms, numbers and compounds of real words', () => {
    const essay = readEssay(
      'We recieve teh data from Uber. NASA said 21st-century self-driving cars are definately safe.',
    );
    expect(misspelledWords(essay, () => false).map((w) => w.text)).toEqual(['recieve', 'teh', 'definately']);
  });

  it('accepts the extra words it is given (the GRE list, the prompt)', () => {
    const essay = readEssay('Paratransit helps.');
    expect(misspelledWords(essay, () => false)).toHaveLength(1);
    expect(misspelledWords(essay, (w) => w === 'paratransit')).toHaveLength(0);
  });

  it('rates misspellings per 100 words', () => {
    expect(features('We recieve the data today.').spelling_per_100).toBe(20);
  });
});

describe('grammar heuristics', () => {
  const kinds = (text: string) => grammarIssues(readEssay(text)).map((g): [GrammarKind, string] => [g.kind, g.excerpt]);

  it.each<[string, GrammarKind, string]>([
    ['It is the the best.', 'doubled_word', 'the the'],
    ['It is a apple.', 'article', 'a apple'],
    ['It is an car.', 'article', 'an car'],
    ['He are late.', 'agreement', 'He are'],
    ['They was late.', 'agreement', 'They was'],
    ['We could of won.', 'could_of', 'could of'],
    ['It rains. then it stops.', 'lowercase_start', 'then'],
    ['Then i left.', 'lowercase_i', 'i'],
    ['It rains,and it pours.', 'spacing', 'rains,and'],
    ['It rains .', 'spacing', 'rains .'],
  ])('%s → %s', (text, kind, excerpt) => {
    expect(kinds(text)).toContainEqual([kind, excerpt]);
  });

  it.each([
    'I said that that was fine. She had had enough.',
    'It is a university and an hour and a one-off.',
    'Visit www.example.com at 3.5 p.m. today.',
    'He is late, and they were early.',
  ])('passes correct English: %s', (text) => {
    expect(kinds(text)).toEqual([]);
  });

  it(`marks a sentence over ${RUN_ON_WORDS} words as a run-on`, () => {
    const words = Array.from({ length: RUN_ON_WORDS + 1 }, (_, i) => `w${i}`).join(' ');
    const issues = grammarIssues(readEssay(`Long ${words}.`));
    expect(issues.map((g) => g.kind)).toEqual(['run_on']);
  });

  it('quotes the words, never what stood between them', () => {
    const [issue] = grammarIssues(readEssay('It is the <!-- --> the best.'));
    expect(issue).toMatchObject({ kind: 'doubled_word', excerpt: 'the the' });
  });

  it('rates issues per 100 words', () => {
    expect(features('He are late today.').grammar_per_100).toBe(25);
  });
});

describe('the prompt', () => {
  it('measures the share of the prompt statement’s keywords the essay uses, by headword', () => {
    const f = features('Theories raise questions.');
    // Prompt keywords: scientific, theory, matter, questions, raise ('true' is an instruction word: 'hold true').
    expect(f.prompt_keywords).toBe(5);
    expect(f.shared_keywords).toBe(3);
    expect(f.relevance).toBe(0.6);
  });

  it('leaves the GRE instruction paragraph out of the keywords, and adds the outline’s', () => {
    const withInstruction = {
      text: 'Cats rule.\n\nWrite a response in which you discuss the extent to which you agree with the claim.',
      outline: ['Dogs disagree'],
    };
    // cats, rule, dogs: nothing from the instruction, 'disagree' being one of its words.
    expect(features('Cats and dogs.', withInstruction).prompt_keywords).toBe(3);
    expect(features('Cats and dogs.', withInstruction).shared_keywords).toBe(2);
  });

  it('measures how much of the essay is the prompt pasted back', () => {
    expect(features(prompt.text).prompt_overlap).toBe(1);
    expect(features('My own words entirely, nothing copied at all here.').prompt_overlap).toBe(0);
  });
});

describe('degenerate text measures', () => {
  it('measures repeated passages as the share of 8-word sequences seen before', () => {
    expect(features('one two three four five six seven eight nine ten eleven twelve.').repetition).toBe(0);
    expect(features('one two three four five six seven eight. '.repeat(10)).repetition).toBeGreaterThan(0.8);
  });

  it('measures letters outside the Latin script', () => {
    expect(features('这是中文').non_latin_share).toBe(1);
    expect(features('Café au lait').non_latin_share).toBe(0);
    expect(features('中文 abcd').non_latin_share).toBeCloseTo(2 / 6);
  });
});
