import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { passage, pkg, qc, rcSingle, tc1, citing } from '../../../test/fixtures.js';
import { BLANK, plainText, splitSentences, wordsIn } from './bank-text.js';
import { bankWords } from './bank-words.js';

describe('bank text', () => {
  it('makes blanks, formulas and tags plain', () => {
    expect(plainText('It has {{1}} into a {{ 2 }} show.')).toBe(`It has ${BLANK} into a ${BLANK} show.`);
    expect(plainText('If $x \\le \\frac{1}{2}$, the <b>quotient</b> is $\\sqrt{x}$.')).toBe(
      'If x ≤ 1/2, the quotient is √x.',
    );
  });

  it('splits at sentence ends, not after abbreviations, initials or inside numbers', () => {
    expect(
      splitSentences('Dr. Smith left, e.g. early. "Why?" she asked. It cost 3.5 dollars! J. Doe agreed.\nNew line'),
    ).toEqual([
      'Dr. Smith left, e.g. early.',
      '"Why?" she asked.',
      'It cost 3.5 dollars!',
      'J. Doe agreed.',
      'New line',
    ]);
    expect(splitSentences('  \n\n 1 2 3 \n')).toEqual([]);
  });

  it('gives every word its offsets, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        for (const w of wordsIn(s)) {
          expect(s.slice(w.start, w.end)).toBe(w.token);
          expect(w.token).toMatch(/^[A-Za-z]+$/);
        }
      }),
    );
  });
});

let t: TestApp;
const database = () => t.deps.database;

const se = (id: string, extra: Record<string, unknown> = {}) => ({
  ...tc1(id),
  kind: 'se',
  inquiry: `Fixture ${id}: the speaker's {{1}} delivery kept the audience engaged.`,
  input_method: {
    kind: 'SixChooseTwo',
    option_groups: [
      {
        options: ['animated', 'tedious', 'lively', 'halting', 'monotonous', 'fade away'].map((text, i) => ({
          key: 'ABCDEF'[i],
          text,
        })),
      },
    ],
    group_size: 1,
    option_size: 6,
  },
  standard_answer: { multi_selects: ['A', 'C'] },
  analysis: { text: '**答案**：A、C（animated, lively）', key_words: [], synonyms: [], antonyms: [] },
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await importPackage(
    t.deps.database.db,
    pkg({
      'bank/verbal.json': {
        questions: [tc1('q-bw-tc'), tc1('q-bw-lock', { visibility: 'locked' }), se('q-bw-se')],
      },
      'bank/reading.json': {
        passages: [
          passage('p-bw', {
            text: 'Glaciers record the climate of the past in layers of ice. Each layer traps small bubbles of air.\n\nScientists scrutinized these bubbles for decades.',
          }),
        ],
        questions: [
          rcSingle('q-bw-rc', 'p-bw', citing('Glaciers record the climate')),
          rcSingle('q-bw-rc2', 'p-bw', { ...citing('Glaciers record the climate'), visibility: 'hidden' }),
        ],
      },
      'bank/quant.json': { questions: [qc('q-bw-qc', { inquiry: 'Fixture q-bw-qc: $x$ is a positive integer.' })] },
    }),
  );
});
afterAll(() => t.close());

describe('the bank-word index', () => {
  it('finds the sentences where any form of a headword occurs, with the form highlighted', async () => {
    const index = await bankWords(database());
    const found = index.occurrences('scrutinize');
    expect(found).toEqual([
      {
        question_id: 'q-bw-rc',
        sentence: 'Scientists scrutinized these bubbles for decades.',
        highlight: [11, 22],
        visibility: 'public',
        blanked: false,
      },
    ]);
    // A form as the query reads as its headword; the formula reads as plain text.
    expect(index.occurrences('Glaciers')[0]!.sentence).toBe(
      'Glaciers record the climate of the past in layers of ice.',
    );
    expect(index.occurrences('integer')[0]).toMatchObject({
      question_id: 'q-bw-qc',
      sentence: 'Fixture q-bw-qc: x is a positive integer.',
    });
    expect(index.occurrences('nonexistentword')).toEqual([]);
  });

  it('filters by visibility, question and blanks; a passage sentence is one example', async () => {
    const index = await bankWords(database());
    const wince = index.occurrences('winced');
    // Bank order is id order.
    expect(wince.map((o) => o.question_id)).toEqual(['q-bw-lock', 'q-bw-tc']);
    expect(wince[0]!.sentence).toContain(BLANK);
    expect(wince.every((o) => o.blanked)).toBe(true);
    expect(index.occurrences('wince', { visibilities: ['public'] }).map((o) => o.question_id)).toEqual(['q-bw-tc']);
    expect(index.occurrences('wince', { unblanked: true })).toEqual([]);
    expect(index.occurrences('wince', { questionId: 'q-bw-lock' })).toHaveLength(1);
    expect(index.occurrences('wince', { limit: 1 })).toHaveLength(1);
    // The passage shows with its public question and, separately, its hidden one: a public learner sees one.
    expect(index.occurrences('bubble', { visibilities: ['public'] }).map((o) => o.question_id)).toEqual([
      'q-bw-rc',
      'q-bw-rc',
    ]);
    expect(index.occurrences('bubble', { visibilities: ['hidden'] }).map((o) => o.question_id)).toEqual([
      'q-bw-rc2',
      'q-bw-rc2',
    ]);
    expect(index.occurrences('bubble').map((o) => o.question_id)).toEqual(['q-bw-rc', 'q-bw-rc']);
  });

  it('lists the option words of TC and SE questions by kind, one-word options only', async () => {
    const index = await bankWords(database());
    const seWords = index.optionWords('se');
    expect(seWords.map((o) => o.word)).toEqual(['animated', 'tedious', 'lively', 'halting', 'monotonous']);
    expect(seWords[0]).toEqual({ word: 'animated', question_id: 'q-bw-se', kind: 'se', visibility: 'public' });
    expect(index.optionWords('tc').map((o) => `${o.question_id}:${o.word}`)).toEqual([
      ...['tepid', 'scathing', 'fulsome', 'candid', 'equivocal'].map((w) => `q-bw-lock:${w}`),
      ...['tepid', 'scathing', 'fulsome', 'candid', 'equivocal'].map((w) => `q-bw-tc:${w}`),
    ]);
    expect(index.optionWords('tc2')).toEqual([]);
  });

  it('gives the words of questions: options first, then GRE words of stem and passage, each with its first question', async () => {
    const index = await bankWords(database());
    const words = index.wordsOfQuestions(['q-bw-rc', 'q-bw-tc', 'q-unknown']);
    expect(words.get('scrutinize')).toBe('q-bw-rc');
    expect(words.get('scathing')).toBe('q-bw-tc');
    // Basic vocabulary and function words are no cards.
    for (const basic of ['the', 'of', 'air', 'layer']) expect(words.has(basic)).toBe(false);
    expect([...index.wordsOfQuestions(['q-bw-tc']).keys()].slice(0, 5)).toEqual([
      'tepid',
      'scathing',
      'fulsome',
      'candid',
      'equivocal',
    ]);
    expect(index.visibilityOf('q-bw-lock')).toBe('locked');
    expect(index.visibilityOf('q-nope')).toBeNull();
  });

  it('is built once and again only when the bank changes', async () => {
    const first = await bankWords(database());
    expect(await bankWords(database())).toBe(first);
    expect(await bankWords(database(), { maxAgeMs: 0 })).toBe(first);
    await importPackage(
      t.deps.database.db,
      pkg({
        'bank/more.json': { questions: [tc1('q-bw-new', { inquiry: 'Fixture q-bw-new: a {{1}} ephemeral fame.' })] },
      }),
    );
    const second = await bankWords(database(), { maxAgeMs: 0 });
    expect(second).not.toBe(first);
    expect(second.occurrences('ephemeral').map((o) => o.question_id)).toEqual(['q-bw-new']);
  });
});
