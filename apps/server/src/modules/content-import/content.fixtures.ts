import { QC_OPTIONS, type ContentFile } from '@gre/contracts';

// Test fixtures shared by the content, question and book tests: small packages that pass every bank rule, so each
// test can break exactly one thing. Stems carry the id because the bank refuses duplicate stems.

type Json = Record<string, unknown>;

const analysis = (text: string) => ({ text, key_words: [], synonyms: [], antonyms: [] });

/** A valid one-blank text completion; the answer is B. */
export function tc1(id: string, extra: Json = {}): Json {
  return {
    id,
    category: 1,
    kind: 'tc1',
    difficulty: 'easy',
    description: 'For each blank select one entry from the corresponding column of choices.',
    inquiry: `Fixture ${id}: the critic's review was so {{1}} that even the author's friends winced.`,
    input_method: {
      kind: 'OneBoxFill',
      option_groups: [
        {
          options: ['tepid', 'scathing', 'fulsome', 'candid', 'equivocal'].map((text, i) => ({
            key: 'ABCDE'[i],
            text,
          })),
        },
      ],
      group_size: 1,
      option_size: 5,
    },
    standard_answer: { selects: ['B'] },
    analysis: analysis('“连朋友都皱眉”说明评论非常严厉，选 scathing（尖刻的）。'),
    brief: `单空填空 ${id}`,
    tags: ['fixture', 'criticism'],
    ...extra,
  };
}

/** A valid quantitative comparison; the answer is A. */
export function qc(id: string, extra: Json = {}): Json {
  return {
    id,
    category: 3,
    kind: 'qc',
    difficulty: 'medium',
    description: 'Compare Quantity A and Quantity B.',
    inquiry: `Fixture ${id}: x is a positive integer.`,
    quantity_a: '$x + 1$',
    quantity_b: '$x$',
    input_method: {
      kind: 'SingleOption',
      option_groups: [{ options: QC_OPTIONS.map((text, i) => ({ key: 'ABCD'[i], text })) }],
      group_size: 1,
      option_size: 4,
    },
    standard_answer: { selects: ['A'] },
    analysis: analysis('对任意 $x$，$x+1 > x$，所以 A 更大，答案 A。'),
    topic: 'algebra',
    tags: ['fixture', 'inequalities'],
    ...extra,
  };
}

/** A valid reading passage. */
export function passage(id: string, extra: Json = {}): Json {
  return {
    id,
    kind: 'short',
    title: `Fixture passage ${id}`,
    text: 'Glaciers record the climate of the past in layers of ice. Each layer traps small bubbles of air. Scientists read these bubbles to learn how the atmosphere has changed over many thousands of years.',
    translate:
      '冰川以冰层的形式记录过去的气候。每一层都封存着细小的气泡。科学家通过分析这些气泡，了解数千年来大气的变化。',
    core: '冰芯气泡记录古代大气。',
    ...extra,
  };
}

/** An rcSingle extra whose explanation quotes `quote`, for a passage of a test's own text (the check wants a citation). */
export const citing = (quote: string): Json => ({ analysis: analysis(`“${quote}” 可知，选 C。`) });

/** A valid single-answer reading question on `passageId`; the answer is C. */
export function rcSingle(id: string, passageId: string, extra: Json = {}): Json {
  return {
    id,
    category: 2,
    kind: 'rc_single',
    difficulty: 'hard',
    passage_id: passageId,
    description: 'Select one answer choice.',
    inquiry: `Fixture ${id}: according to the passage, what do scientists study in the ice?`,
    input_method: {
      kind: 'SingleOption',
      option_groups: [
        {
          options: ['Rock', 'Water', 'Air bubbles', 'Snowfall', 'Sunlight'].map((text, i) => ({
            key: 'ABCDE'[i],
            text,
          })),
        },
      ],
      group_size: 1,
      option_size: 5,
    },
    standard_answer: { selects: ['C'] },
    analysis: analysis(
      '第三句 "Scientists read these bubbles to learn how the atmosphere has changed" 明确说科学家研究冰层中的气泡，选 C。',
    ),
    tags: ['fixture', 'climate'],
    ...extra,
  };
}

/** A books file entry: one section with the given ids. */
export function book(id: string, questionIds: string[], extra: Json = {}): Json {
  return { id, kind: 'pick', title: `题本 ${id}`, sections: [{ question_ids: questionIds }], ...extra };
}

/** A package from named JSON values (strings are sent as they are, so a test can send broken JSON). */
export function pkg(files: Record<string, unknown>): ContentFile[] {
  return Object.entries(files).map(([name, v]) => ({
    name,
    text: typeof v === 'string' ? v : JSON.stringify(v, null, 2),
  }));
}

/** A three-word GRE list in ECDICT's format (senses joined by the two characters \n). */
export const WORDS_CSV = [
  'word,phonetic,pos,translation,definition,tags,collins,oxford,bnc,frq,exchange',
  `laconic,lә'kɒnik,,"a. 简洁的, 简明的",a. brief and to the point,gre toefl,1,,30000,25000,`,
  `abate,ә'beit,,"vt. 减少, 减轻\\nvi. 减弱",v. become less in amount or intensity,toefl gre,1,,13783,13243,d:abated/i:abating/p:abated/3:abates`,
  `Polish,'pәuliʃ,,a. 波兰的,"a. of or relating to Poland, its people, or its language",,,,,,`,
].join('\r\n');

/** A small valid package: a passage with its question, two more questions, three words and one book of three. */
export function validPackage(): ContentFile[] {
  return pkg({
    'bank/verbal.json': { questions: [tc1('q-fx-tc1-1'), tc1('q-fx-tc1-2', { visibility: 'locked' })] },
    'bank/reading.json': { passages: [passage('p-fx-1')], questions: [rcSingle('q-fx-rc-1', 'p-fx-1')] },
    'bank/quant.json': { questions: [qc('q-fx-qc-1')] },
    'books/pick.json': { books: [book('b-fx-1', ['q-fx-tc1-1', 'q-fx-rc-1', 'q-fx-qc-1'])] },
    'words/gre-words.csv': WORDS_CSV,
  });
}

/** Unlock instants far enough away that the tests do not age: one long past, one far ahead. */
export const LONG_AGO = '2020-01-01T00:00:00+08:00';
export const FAR_AHEAD = '2099-06-01T00:00:00+08:00';

/**
 * One question of each visibility and one book of each access, for the question and book tests:
 * q-pub public, q-lock locked, q-hid hidden, q-und underground, q-rc public reading, q-qc public math; the prevent
 * book's own underground items q-prev and q-prev-rc (reading); b-hide-flag is a free book held back by `hide`.
 */
export function accessPackage(): ContentFile[] {
  const all = ['q-pub', 'q-lock', 'q-hid', 'q-und', 'q-rc'];
  return pkg({
    'bank/access.json': {
      passages: [passage('p-acc')],
      questions: [
        tc1('q-pub', { tags: ['criticism', 'public-tag'] }),
        tc1('q-lock', { visibility: 'locked', difficulty: 'medium' }),
        tc1('q-hid', { visibility: 'hidden' }),
        tc1('q-und', { visibility: 'underground' }),
        rcSingle('q-rc', 'p-acc'),
        qc('q-qc'),
        tc1('q-prev', { visibility: 'underground' }),
        rcSingle('q-prev-rc', 'p-acc', { visibility: 'underground' }),
      ],
    },
    'books/access.json': {
      books: [
        book('b-free', all),
        book('b-grant', ['q-und', 'q-pub'], { grants_underground: true }),
        book('b-hide', ['q-pub'], { access: 'hide' }),
        book('b-forbid', ['q-pub'], { access: 'forbid' }),
        book('b-vip', ['q-pub'], { access: 'lock', min_role: 'VIP' }),
        book('b-season-past', ['q-pub'], { kind: 'season', access: 'lock', unlock_date: LONG_AGO }),
        book('b-season-future', ['q-pub'], { kind: 'season', access: 'lock', unlock_date: FAR_AHEAD }),
        book('b-higher', ['q-qc'], { kind: 'higher', access: 'lock', min_role: 'SVIP' }),
        book('b-prevent', ['q-prev', 'q-prev-rc'], { kind: 'best', access: 'prevent', grants_underground: true }),
        book('b-hide-flag', ['q-pub'], { hide: true, tailor: { custom: true } }),
      ],
    },
  });
}
