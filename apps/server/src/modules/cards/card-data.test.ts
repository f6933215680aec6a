import { CARD_TAGS, craftCalls, GRE_BANDS, seededRandom } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { book, passage, pkg, rcSingle, tc1, citing } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { bankWords, greList, wordIndex } from '../questions/index.js';
import { cardData, hintOf, makeItem, MeaningPool, posOf, RECALL_BLANK, shortMeaning } from './card-data.js';
import { collectCard } from './collect.js';
import { CARD_WORD, GreBands, greBands, mathWords } from './word-lists.js';

let t: TestApp;
let pool: MeaningPool;

beforeAll(async () => {
  t = await createTestApp();
  await importPackage(
    t.deps.database.db,
    pkg({
      'bank/verbal.json': { questions: [tc1('q-cd-tc'), tc1('q-cd-lock', { visibility: 'locked' })] },
      'bank/reading.json': {
        passages: [
          passage('p-cd', {
            text: 'Her laconic reply ended the long and tiresome debate about the budget at last. Critics lamented the decision of the council for weeks.',
          }),
        ],
        questions: [rcSingle('q-cd-rc', 'p-cd', citing('Her laconic reply ended the long'))],
      },
      'books/pick.json': { books: [book('b-cd-pick', ['q-cd-tc']), book('b-cd-best', ['q-cd-rc'], { kind: 'best' })] },
    }),
  );
  const [dictionary, list] = await Promise.all([wordIndex(), greList()]);
  pool = new MeaningPool(
    dictionary,
    list.map((w) => w.word).filter((w) => CARD_WORD.test(w)),
  );
});
afterAll(() => t.close());

describe('sense lines', () => {
  it('reads the part of speech and a short meaning', () => {
    expect(posOf('vt. 放弃, 抛弃')).toBe('v.');
    expect(posOf('a. 简洁的')).toBe('adj.');
    expect(posOf('整数')).toBe('');
    expect(shortMeaning('vt. 放弃, 抛弃, 遗弃, 使屈从')).toBe('放弃，抛弃，遗弃');
    expect(shortMeaning('n. <计> 白底；底色')).toBe('白底，底色');
    expect(hintOf('laconic')).toBe('l______');
    expect(hintOf('well-being')).toBe('w___-_____');
  });

  it('draws the same numbers from the same seed', () => {
    const a = seededRandom('7:1:laconic');
    const b = seededRandom('7:1:laconic');
    const c = seededRandom('7:2:laconic');
    const seq = (r: () => number) => Array.from({ length: 5 }, r);
    const first = seq(a);
    expect(seq(b)).toEqual(first);
    expect(seq(c)).not.toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('round items', () => {
  const input = (word: string, stage: 'Quiz' | 'Exam' | 'Learn', seed = 's') => ({
    word,
    stage,
    seed,
    visibilities: ['public'],
    extraMeaning: null,
  });

  it('a quiz offers four distinct meanings, one right, the others of other words with the same part of speech', async () => {
    const [dictionary, bank] = await Promise.all([wordIndex(), bankWords(t.deps.database)]);
    for (const word of ['laconic', 'lament', 'obdurate', 'abate', 'candid']) {
      const item = makeItem(dictionary, bank, pool, input(word, 'Quiz', `1:1:${word}`));
      const { options, answer } = item.quiz!;
      expect(options).toHaveLength(4);
      expect(new Set(options).size).toBe(4);
      const card = cardData(dictionary, word, item, null, null);
      expect(options[answer]).toBe(shortMeaning(card.senses[0]!));
      expect(card.quiz_options).toEqual(options);
      expect(card.recall).toBeNull();
      // Same seed, same quiz; the pool holds the right part of speech for these words.
      expect(makeItem(dictionary, bank, pool, input(word, 'Quiz', `1:1:${word}`))).toEqual(item);
      expect(card.pos).not.toBe('');
    }
  });

  it('a recall blanks the word in a sentence of a question the learner may see, never a blanked stem', async () => {
    const [dictionary, bank] = await Promise.all([wordIndex(), bankWords(t.deps.database)]);
    const item = makeItem(dictionary, bank, pool, input('lament', 'Exam'));
    expect(item.recall).toEqual({
      mode: 'sentence',
      prompt: `Critics ${RECALL_BLANK} the decision of the council for weeks.`,
      question_id: 'q-cd-rc',
      hint: 'l_______',
      accepted: ['lament', 'lamented'],
      answer: 'lamented',
    });
    // 'winced' occurs only in text-completion stems, beside a blank: the definition is asked instead, word masked.
    const wince = makeItem(dictionary, bank, pool, input('wince', 'Exam'));
    expect(wince.recall).toMatchObject({ mode: 'definition', question_id: null, hint: 'w____', answer: 'wince' });
    expect(wince.recall!.prompt.toLowerCase()).not.toMatch(/\bwince/);
    const flip = makeItem(dictionary, bank, pool, input('lament', 'Learn'));
    expect(flip).toEqual({ quiz: null, recall: null });
  });

  it('a math deck shows its own meaning first', async () => {
    const dictionary = await wordIndex();
    const card = cardData(dictionary, 'quotient', { quiz: null, recall: null }, null, '商');
    expect(card.senses[0]).toBe('商');
    expect(card.phonetic).not.toBe('');
  });
});

describe('word lists', () => {
  it('splits the GRE list into five bands of equal size by frequency rank, unranked last', () => {
    const list = [
      { word: 'c', frq: 3, tags: [] },
      { word: 'a', frq: 1, tags: [] },
      { word: 'z', frq: null, tags: [] },
      { word: 'Polish', frq: 2, tags: [] },
      { word: 'b', frq: 2, tags: [] },
      { word: 'd', frq: 4, tags: [] },
      { word: 'e', frq: 5, tags: [] },
      { word: 'f', frq: 6, tags: [] },
      { word: 'g', frq: 7, tags: [] },
      { word: 'h', frq: 8, tags: [] },
    ];
    const bands = new GreBands(list);
    expect(bands.bands).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h'], ['z']]);
    expect(bands.band('z')).toBe(5);
    expect(bands.band('Polish')).toBeNull();
    expect(bands.words(6)).toEqual([]);
  });

  it('the shipped list: every card-able GRE word in one band, the bands within one of each other', async () => {
    const bands = await greBands();
    const sizes = bands.bands.map((b) => b.length);
    expect(sizes).toHaveLength(GRE_BANDS);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(GRE_BANDS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe((await greList()).filter((w) => CARD_WORD.test(w.word)).length);
  });

  it('the math words: over a hundred, each a headword of the dictionary with a Chinese meaning', async () => {
    const [words, dictionary] = await Promise.all([mathWords(), wordIndex()]);
    expect(words.length).toBeGreaterThanOrEqual(100);
    expect(new Set(words.map((w) => w.word)).size).toBe(words.length);
    for (const w of words) {
      expect(
        dictionary.lookup(w.word).entries.some((e) => e.headword === w.word),
        w.word,
      ).toBe(true);
      expect(w.meaning).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('card collect', () => {
  it('the tag follows the source: pick 1, best 2, anything else 3; 0 uncollected; the client’s is ignored', () => {
    expect(collectCard({ collected: true, finished: false }, 'pick', 9)).toEqual({
      collected: true,
      finished: false,
      range_kind: CARD_TAGS.pick,
      collect_time_stamp: 9,
    });
    expect(collectCard({ collected: true, finished: false }, 'best', 9).range_kind).toBe(CARD_TAGS.best);
    expect(collectCard({ collected: true, finished: false }, 'season', 9).range_kind).toBe(CARD_TAGS.card);
    expect(collectCard({ collected: true, finished: false }, null, 9).range_kind).toBe(CARD_TAGS.card);
    expect(collectCard({ collected: false, finished: true }, 'pick', 9)).toEqual({
      collected: false,
      finished: true,
      range_kind: 0,
      collect_time_stamp: 0,
    });
  });

  it('update_v2 Card sets the tag from the craft’s source book', async () => {
    const { token } = await userWithToken(t.deps.database.db);
    const card = (question_id: string, template_id: string | null, collected = true) =>
      t.call(
        craftCalls.updateV2,
        {
          update_kind: 'Card',
          craft_id: 0,
          question_id,
          craft: { card: { collected, range_kind: 7, finished: false, collect_time_stamp: 1 } },
          q_category: 0,
          ...(template_id ? { source: { name: '题本', template_id, page: 'Exercise' } } : {}),
        },
        { token },
      );
    expect((await card('q-cd-tc', 'b-cd-pick')).data.craft.card).toMatchObject({ collected: true, range_kind: 1 });
    expect((await card('q-cd-rc', 'b-cd-best')).data.craft.card).toMatchObject({ collected: true, range_kind: 2 });
    expect((await card('q-cd-tc', null)).data.craft.card).toMatchObject({ collected: true, range_kind: 3 });
    const off = (await card('q-cd-tc', 'b-cd-pick', false)).data.craft.card;
    expect(off).toMatchObject({ collected: false, range_kind: 0, collect_time_stamp: 0 });
  });
});
