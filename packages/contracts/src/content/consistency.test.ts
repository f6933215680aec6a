import { describe, expect, it } from 'vitest';
import { bookTemplateSchema, isHiddenBook } from './book.js';
import {
  checkBank,
  checkBookQuestions,
  checkNearDuplicateStems,
  checkQuantConclusion,
  checkVerbalConclusion,
  finalSentence,
} from './consistency.js';
import { NEAR_DUPLICATE_STEMS } from './minimums.js';
import { cardLearnable, questionSchema, type ContentQuestion } from './question.js';

const KEYS = 'ABCDE';
const options = (n: number) => [
  { options: Array.from({ length: n }, (_, i) => ({ key: KEYS[i]!, text: `option ${i}` })) },
];

/** A math question of an input kind with an explanation; only what the conclusion check reads is realistic. */
function quant(
  kind: 'SingleOption' | 'MultiSelect' | 'TextFill' | 'Fraction',
  answer: Partial<ContentQuestion['standard_answer']>,
  text: string,
): ContentQuestion {
  const choice = kind === 'SingleOption' || kind === 'MultiSelect';
  return questionSchema.parse({
    id: 'q-t',
    category: 3,
    kind: { SingleOption: 'mc_single', MultiSelect: 'mc_multi', TextFill: 'numeric', Fraction: 'fraction' }[kind],
    difficulty: 'easy',
    description: 'd',
    inquiry: 'What is x?',
    input_method: {
      kind,
      option_groups: choice ? options(5) : [],
      fillable: !choice,
      group_size: choice ? 1 : 0,
      option_size: choice ? 5 : 0,
    },
    standard_answer: answer,
    analysis: { text },
    topic: 'algebra',
  });
}

describe('checkQuantConclusion: the explanation ends by stating exactly the answer', () => {
  it('accepts the concluding patterns the shipped explanations use', () => {
    const ok: ContentQuestion[] = [
      quant('SingleOption', { selects: ['D'] }, '$x=5$，所以 $2x=10$。 答案为 10，选 D。'),
      quant('SingleOption', { selects: ['B'] }, '$9<10$，数量 B 更大，答案为 B。'),
      quant('SingleOption', { selects: ['A'] }, '对任意 $x$，$x+1 > x$，所以答案 A。'),
      quant('MultiSelect', { multi_selects: ['A', 'C', 'E'] }, 'B 与 D 不满足条件。  故答案为 A、C、E。'),
      quant('TextFill', { text: '6.25' }, '$25 \\div 4 = 6.25$。  答案为 6.25。'),
      quant('TextFill', { text: '-3' }, '代入得 $x=-3$。\n答案为 $-3$。'),
      quant('Fraction', { text: '5', text2: '4' }, '化简得 $\\frac{5}{4}$。  答案为 $\\frac{5}{4}$。'),
      quant('Fraction', { text: '-3', text2: '2' }, '分子填 $-3$。  答案为 $\\frac{-3}{2}$，即 $-\\frac{3}{2}$。'),
    ];
    for (const q of ok) expect(checkQuantConclusion(q), q.analysis.text).toEqual([]);
  });

  it('refuses a letter or number that merely occurs somewhere, and a conclusion naming the wrong answer', () => {
    const bad: ContentQuestion[] = [
      // 'A' and 'D' occur, but no conclusion names D.
      quant('SingleOption', { selects: ['D'] }, 'A 项是常见错误；D 项的值等于 10。'),
      // A trap named last is no conclusion.
      quant('SingleOption', { selects: ['B'] }, '数量 B 更大，答案为 B。若误用近似值会误选 C'),
      quant('SingleOption', { selects: ['B'] }, '计算可得数量 A 更大，答案为 A。'),
      // One key short, one too many.
      quant('MultiSelect', { multi_selects: ['A', 'C', 'E'] }, '故答案为 A、C。'),
      quant('MultiSelect', { multi_selects: ['A', 'C'] }, '故答案为 A、C、E。'),
      // 6.25 is in the text but the conclusion says 6.2; 62.5 is not 6.25 either.
      quant('TextFill', { text: '6.25' }, '近似得 6.25 左右。答案为 6.2。'),
      quant('TextFill', { text: '6.25' }, '答案为 62.5。'),
      quant('TextFill', { text: '6' }, '答案为 6.5。'),
      // The fraction appears, but not as the conclusion; and an unreduced twin is not the stated answer.
      quant('Fraction', { text: '5', text2: '4' }, '得到 $\\frac{5}{4}$，所以结论成立。'),
      quant('Fraction', { text: '5', text2: '4' }, '答案为 $\\frac{10}{8}$。'),
    ];
    for (const q of bad) expect(checkQuantConclusion(q), q.analysis.text).toHaveLength(1);
  });

  it('reads the last sentence, wherever the explanation breaks its lines', () => {
    expect(finalSentence('第一步。第二步。\n\n答案为 B。  ')).toBe('答案为 B');
    expect(finalSentence('推导\n答案为 $\\frac{1}{2}$')).toBe('答案为 $\\frac{1}{2}$');
  });
});

const tc1 = (id: string, extra: Record<string, unknown> = {}) =>
  questionSchema.parse({
    id,
    category: 1,
    kind: 'tc1',
    difficulty: 'easy',
    description: 'd',
    inquiry: `Stem of ${id}: it was {{1}}.`,
    input_method: { kind: 'OneBoxFill', option_groups: options(5), group_size: 1, option_size: 5 },
    standard_answer: { selects: ['B'] },
    analysis: { text: '**答案**：B（option 1）' },
    ...extra,
  });

describe('authoring fields of a question', () => {
  it('defaults manual_mark to no flags and leaves origin and card_learn out, so existing files stay valid', () => {
    expect(tc1('q-a')).toMatchObject({ manual_mark: { highlight: false, needs_fix: false } });
    expect(tc1('q-a').origin_id).toBeUndefined();
    expect(tc1('q-a', { manual_mark: { needs_fix: true } }).manual_mark).toEqual({ highlight: false, needs_fix: true });
    expect(() => tc1('q-a', { manual_mark: { stale: true } })).toThrow();
  });

  it('makes completion items with synonyms into cards unless the author says otherwise', () => {
    expect(cardLearnable(tc1('q-a'))).toBe(false);
    const withSynonyms = tc1('q-a', { analysis: { text: '选 B。', synonyms: ['scathing 尖刻的'] } });
    expect(cardLearnable(withSynonyms)).toBe(true);
    expect(cardLearnable({ ...withSynonyms, card_learn: false })).toBe(false);
    expect(cardLearnable({ ...tc1('q-a'), kind: 'rc_single', analysis: withSynonyms.analysis })).toBe(false);
  });

  it('requires origin_id to name another question of the bank', () => {
    expect(checkBank([tc1('q-a'), tc1('q-b', { origin_id: 'q-a' })], [])).toEqual([]);
    expect(checkBank([tc1('q-a', { origin_id: 'q-a' })], [])).toEqual(['q-a: origin_id names the question itself']);
    expect(checkBank([tc1('q-a', { origin_id: 'q-gone' })], [])).toEqual([
      "q-a: origin_id 'q-gone' is not in the bank",
    ]);
  });
});

describe('checkNearDuplicateStems: no two questions ask the same thing', () => {
  const stem = (id: string, inquiry: string, extra: Record<string, unknown> = {}) => tc1(id, { inquiry, ...extra });
  const LONG = 'Although the critic praised the novel, she found its ending {{1}} and strangely hurried.';

  it('refuses identical stems once case, $, punctuation and blank markers are normalised, naming both ids', () => {
    const twin = 'although THE critic praised the novel -- she found its ending {{1}}, and strangely $hurried$!';
    expect(checkNearDuplicateStems([stem('q-a', LONG), stem('q-b', twin)])).toEqual([
      'q-b: stem identical to q-a once normalised',
    ]);
    expect(checkBank([stem('q-a', LONG), stem('q-b', twin)], [])).toContain(
      'q-b: stem identical to q-a once normalised',
    );
    // Equal before normalising: checkBank's exact check says so, once.
    expect(checkBank([stem('q-a', LONG), stem('q-b', LONG)], [])).toEqual(['q-b: same stem as q-a']);
  });

  it('refuses stems whose word trigrams overlap at the threshold or more', () => {
    const near = `${LONG.replace('hurried.', 'hurried')} overall`;
    const [problem, ...rest] = checkNearDuplicateStems([stem('q-a', LONG), stem('q-b', near)]);
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^q-b: stem near-duplicates q-a \(trigram Jaccard 0\.9\d\)$/);
    expect(NEAR_DUPLICATE_STEMS.similarity).toBe(0.8);
  });

  it('passes different stems, short stems, and the same generic reading stem on different passages', () => {
    const other = 'Because the committee {{1}} the proposal, the funding was delayed for another year.';
    expect(checkNearDuplicateStems([stem('q-a', LONG), stem('q-b', other)])).toEqual([]);
    expect(checkNearDuplicateStems([stem('q-a', 'It was {{1}}.'), stem('q-b', 'It was {{1}}.')])).toEqual([]);
    const generic = 'The passage is primarily concerned with';
    const rc = (id: string, passage: string) => ({ ...stem(id, generic), kind: 'rc_single', passage_id: passage });
    expect(checkNearDuplicateStems([rc('q-a', 'p-one'), rc('q-b', 'p-two')])).toEqual([]);
    expect(checkNearDuplicateStems([rc('q-a', 'p-one'), { ...rc('q-b', 'p-one'), inquiry: `${generic}:` }])).toEqual([
      'q-b: stem identical to q-a once normalised',
    ]);
  });

  it('compares quantitative comparison items by quantity A and B as well', () => {
    const qc = (id: string, b: string) =>
      stem(id, 'x is a positive integer and y is twice x', { kind: 'qc', quantity_a: '$2x$', quantity_b: b });
    expect(checkNearDuplicateStems([qc('q-a', '$y$'), qc('q-b', 'y')])).toEqual([
      'q-b: stem identical to q-a once normalised',
    ]);
    expect(checkNearDuplicateStems([qc('q-a', '$y$'), qc('q-b', '$x+1$')])).toEqual([]);
  });

  // Its speed is measured by the content check's own run time, not here (timed unit tests fail on a busy machine).
  it('finds no false duplicate among 2,000 questions that share a common opening', () => {
    let seed = 7;
    const word = () => `w${((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 400).toString(36)}`;
    const many = Array.from({ length: 2000 }, (_, i) =>
      stem(`q-n${i}`, `Which of the following must be true if ${Array.from({ length: 20 }, word).join(' ')}?`),
    );
    expect(checkNearDuplicateStems(many)).toEqual([]);
  });
});

const book = (id: string, ids: string[], extra: Record<string, unknown> = {}) =>
  bookTemplateSchema.parse({ id, kind: 'pick', title: id, sections: [{ question_ids: ids }], ...extra });

describe('books', () => {
  it('reads tailor flags and hide with defaults; hidden is access hide or the flag', () => {
    const plain = book('b-a', ['q-a']);
    expect(plain).toMatchObject({ tailor: { custom: false, common: false }, hide: false });
    expect(isHiddenBook(plain)).toBe(false);
    expect(isHiddenBook(book('b-a', ['q-a'], { hide: true, access: 'prevent', grants_underground: true }))).toBe(true);
    expect(isHiddenBook(book('b-a', ['q-a'], { access: 'hide' }))).toBe(true);
    expect(book('b-a', ['q-a'], { tailor: { common: true } }).tailor).toEqual({ custom: false, common: true });
  });

  it('requires a prevent book to grant the underground questions it lists', () => {
    expect(
      bookTemplateSchema.safeParse({
        id: 'b-p',
        kind: 'pick',
        title: 'p',
        access: 'prevent',
        sections: [{ question_ids: ['q-a'] }],
      }).success,
    ).toBe(false);
  });

  it('keeps the questions of a prevent book underground and out of every other book', () => {
    const visibility: Record<string, string> = { 'q-und': 'underground', 'q-pub': 'public' };
    const prevent = book('b-p', ['q-und', 'q-pub'], { access: 'prevent', grants_underground: true });
    const other = book('b-o', ['q-pub', 'q-und']);
    expect(checkBookQuestions([prevent, other], (id) => visibility[id])).toEqual([
      {
        book: 'b-p',
        section: 0,
        item: 1,
        message: "'q-pub' is public: a prevent book lists underground questions only, or its answers show outside it",
      },
      {
        book: 'b-o',
        section: 0,
        item: 0,
        message: "'q-pub' belongs to the prevent book b-p, whose answers this book would reveal",
      },
      {
        book: 'b-o',
        section: 0,
        item: 1,
        message: "'q-und' belongs to the prevent book b-p, whose answers this book would reveal",
      },
    ]);
    expect(
      checkBookQuestions(
        [book('b-p', ['q-und'], { access: 'prevent', grants_underground: true }), book('b-g', ['q-pub'])],
        (id) => visibility[id],
      ),
    ).toEqual([]);
  });
});

/** A two-blank text completion with the given key and explanation. */
function tc2(selects: [string, string], text: string): ContentQuestion {
  const group = (words: string[]) => ({ options: words.map((w, i) => ({ key: KEYS[i]!, text: w })) });
  return questionSchema.parse({
    id: 'q-t',
    category: 1,
    kind: 'tc2',
    difficulty: 'hard',
    description: 'd',
    inquiry: "No account that {{1}} the imports is complete; the guild's own {{2}} did the damage.",
    input_method: {
      kind: 'TwoBoxFill',
      option_groups: [
        group(['neglects', 'emphasizes', 'exaggerates']),
        group(['ingenuity', 'intransigence', 'prosperity']),
      ],
      group_size: 2,
      option_size: 3,
    },
    standard_answer: { selects },
    analysis: { text },
  });
}

describe('checkVerbalConclusion: the answer line and the argument agree with the key', () => {
  const argued = '第二空：破折号解释——拒绝采用新织机，intransigence 正确；prosperity（繁荣）与此矛盾。';
  it('accepts an explanation that argues for the key and names it on its answer line', () => {
    expect(
      checkVerbalConclusion(tc2(['A', 'B'], `${argued}\n\n**答案**：第一空 A（neglects）；第二空 B（intransigence）`)),
    ).toEqual([]);
    // A gloss that says "proves correct" is no verdict on the choice.
    const gloss =
      'ingenuity 与 prosperity（证实、证明正确）都不符。\n\n**答案**：第一空 A（neglects）；第二空 B（intransigence）';
    expect(checkVerbalConclusion(tc2(['A', 'B'], gloss))).toEqual([]);
  });
  it('refuses a key the answer line does not name, another choice on it, or an argument for another choice', () => {
    expect(
      checkVerbalConclusion(tc2(['A', 'C'], `${argued}\n\n**答案**：第一空 A（neglects）；第二空 B（intransigence）`)),
    ).toEqual([
      "the answer line does not name the key 'prosperity'",
      "the answer line names 'intransigence', which is not the key of blank 2",
      "the explanation calls 'intransigence' correct, but it is not the key of blank 2",
    ]);
    // The shipped slip: key and answer line edited together, the argument left for the right word.
    expect(
      checkVerbalConclusion(tc2(['A', 'C'], `${argued}\n\n**答案**：第一空 A（neglects）；第二空 C（prosperity）`)),
    ).toEqual(["the explanation calls 'intransigence' correct, but it is not the key of blank 2"]);
  });
});
