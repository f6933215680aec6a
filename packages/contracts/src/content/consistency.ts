import { NEAR_DUPLICATE_STEMS } from './minimums.js';
import { escapeRegExp } from '../text.js';
import { passageSentences } from './sentences.js';
import { checkIssueSample, checkMathSegments, checkReadingCitation, checkTextCharacters } from './bank-rules.js';
import type { ContentBook } from './book.js';
import { QUESTION_KINDS, type ContentPassage, type ContentQuestion, type InputKind } from './question.js';

/** Which input kind and option layout each question kind must use (the editor builds new questions from it). */
export const LAYOUT: Record<string, { input: InputKind; groups: number; options: number | [number, number] }> = {
  tc1: { input: 'OneBoxFill', groups: 1, options: 5 },
  tc2: { input: 'TwoBoxFill', groups: 2, options: 3 },
  tc3: { input: 'ThreeBoxFill', groups: 3, options: 3 },
  se: { input: 'SixChooseTwo', groups: 1, options: 6 },
  rc_single: { input: 'SingleOption', groups: 1, options: 5 },
  rc_multi: { input: 'MultiSelect', groups: 1, options: 3 },
  rc_select: { input: 'SelectSentence', groups: 0, options: 0 },
  qc: { input: 'SingleOption', groups: 1, options: 4 },
  mc_single: { input: 'SingleOption', groups: 1, options: 5 },
  mc_multi: { input: 'MultiSelect', groups: 1, options: [3, 8] },
  numeric: { input: 'TextFill', groups: 0, options: 0 },
  fraction: { input: 'Fraction', groups: 0, options: 0 },
  issue: { input: 'Essay', groups: 0, options: 0 },
};

const CATEGORY_KINDS: Record<number, readonly string[]> = {
  1: QUESTION_KINDS.filling,
  2: QUESTION_KINDS.reading,
  3: QUESTION_KINDS.math,
  4: QUESTION_KINDS.issue,
};

/** The four fixed answer choices of quantitative comparison, as the test words them. */
export const QC_OPTIONS = [
  'Quantity A is greater.',
  'Quantity B is greater.',
  'The two quantities are equal.',
  'The relationship cannot be determined from the information given.',
];

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The last sentence of an explanation (sentences end in '。' or a line break), where its conclusion stands. */
export function finalSentence(text: string): string {
  return (
    text
      .trim()
      .replace(/[。\s]+$/u, '')
      .split(/[。\n]/u)
      .pop()
      ?.trim() ?? ''
  );
}

/** '答案为 / 答案是 / 答案：/ 答案 …' — the explicit conclusion the shipped explanations end with. */
const ANSWER_IS = String.raw`答案(?:为|是|：|:)?\s*`;
/** A conclusion naming option keys: '答案为 B', '故答案为 A、C、E', '选 D' (never '误选 D'). */
const CHOICE_CONCLUSION = new RegExp(
  String.raw`(?:${ANSWER_IS}|(?<![误不别勿会])选\s*)([A-I](?:\s*[、，,和与及]\s*[A-I])*)(?![A-Za-z])`,
  'gu',
);
/** A conclusion naming a number: '答案为 6.25', '答案为 $-3$'. The token stops where the number does (6.25 ≠ 6.2). */
const NUMBER_CONCLUSION = new RegExp(String.raw`${ANSWER_IS}\$?\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)`, 'gu');
/** A conclusion naming a fraction: '答案为 $\frac{5}{4}$' or '答案为 5/4'. */
const FRACTION_CONCLUSION = new RegExp(
  String.raw`${ANSWER_IS}\$?\s*(?:\\frac\{(-?\d+)\}\{(-?\d+)\}|(-?\d+)\s*/\s*(-?\d+))`,
  'gu',
);

/**
 * "Every quant explanation derives the answer": its final sentence must state the answer explicitly — the correct
 * option key(s), exactly, for the choice kinds ('答案为 B', '选 D', '故答案为 A、C、E'); the exact answer as a number
 * token for numeric entry ('答案为 6.25'); numerator and denominator for fraction entry ('答案为 $\frac{5}{4}$').
 * The last conclusion in that sentence counts, so a trap named earlier ('误选 C') is no conclusion.
 */
export function checkQuantConclusion(q: ContentQuestion): string[] {
  const last = finalSentence(q.analysis.text);
  const sa = q.standard_answer;
  const kind = q.input_method.kind;
  if (kind === 'TextFill') {
    const said = [...last.matchAll(NUMBER_CONCLUSION)].at(-1)?.[1];
    return said === sa.text
      ? []
      : [`explanation must end by stating the answer '答案为 ${sa.text}'${said ? `, not ${said}` : ''}`];
  }
  if (kind === 'Fraction') {
    const m = [...last.matchAll(FRACTION_CONCLUSION)].at(-1);
    const said = m ? [m[1] ?? m[3], m[2] ?? m[4]] : null;
    if (said?.[0] === sa.text && said[1] === sa.text2) return [];
    return [
      `explanation must end by stating the answer '答案为 $\\frac{${sa.text}}{${sa.text2}}$'${said ? `, not ${said.join('/')}` : ''}`,
    ];
  }
  const want = kind === 'MultiSelect' ? sa.multi_selects : sa.selects;
  const said = [...last.matchAll(CHOICE_CONCLUSION)].at(-1)?.[1]?.match(/[A-I]/g) ?? [];
  const same = said.length === want.length && new Set(said).size === said.length && said.every((k) => want.includes(k));
  return same
    ? []
    : [
        `explanation must end by naming exactly the answer choice(s) '答案为 ${want.join('、')}'${said.length ? `, not ${said.join('、')}` : ''}`,
      ];
}

/** `word` as a whole word (or phrase) of `text`, any case. */
const namesWord = (text: string, word: string) => new RegExp(`\\b${escapeRegExp(word.trim())}\\b`, 'i').test(text);

/**
 * "Cites the clue words" ends in the answer: a text completion or sentence equivalence explanation's last line
 * ('**答案**：第一空 A（neglects）；第二空 B（intransigence）') names the word of every key and no other choice of the
 * same blank — so a key edited apart from its explanation, or an explanation that argues for another word, fails.
 */
export function checkVerbalConclusion(q: ContentQuestion): string[] {
  const last = finalSentence(q.analysis.text);
  const groups = q.input_method.option_groups;
  const keys = q.kind === 'se' ? [q.standard_answer.multi_selects] : q.standard_answer.selects.map((k) => [k]);
  const keyTexts = keys.flatMap((ks, gi) => ks.map((k) => groups[gi]?.options.find((o) => o.key === k)?.text ?? ''));
  const problems: string[] = [];
  for (const text of keyTexts)
    if (text && !namesWord(last, text)) problems.push(`the answer line does not name the key '${text}'`);
  keys.forEach((ks, gi) => {
    for (const o of groups[gi]?.options ?? []) {
      if (ks.includes(o.key) || keyTexts.includes(o.text)) continue;
      if (namesWord(last, o.text))
        problems.push(`the answer line names '${o.text}', which is not the key of blank ${gi + 1}`);
      // 'intransigence 正确', 'qualified（有保留的）正确': the explanation argues for a choice the key does not hold.
      if (
        new RegExp(`\\b${escapeRegExp(o.text.trim())}\\s*(?:（[^）]*）)?\\s*(?:才|是|为)?正确`, 'i').test(
          q.analysis.text,
        )
      )
        problems.push(`the explanation calls '${o.text}' correct, but it is not the key of blank ${gi + 1}`);
    }
  });
  return problems;
}

/** Every rule a question must meet beyond its schema; returns human-readable problems (empty when fine). */
export function checkQuestion(q: ContentQuestion, passages: Map<string, ContentPassage>): string[] {
  const problems: string[] = [];
  const p = (msg: string) => problems.push(msg);
  if (!CATEGORY_KINDS[q.category]?.includes(q.kind)) p(`kind '${q.kind}' does not belong to category ${q.category}`);
  const layout = LAYOUT[q.kind];
  if (!layout) return problems;
  const im = q.input_method;
  const sa = q.standard_answer;
  if (im.kind !== layout.input) p(`input kind ${im.kind} should be ${layout.input} for ${q.kind}`);
  if (im.option_groups.length !== layout.groups)
    p(`expected ${layout.groups} option group(s), got ${im.option_groups.length}`);
  if (im.group_size !== im.option_groups.length) p(`group_size ${im.group_size} ≠ ${im.option_groups.length} groups`);
  const [lo, hi] = Array.isArray(layout.options) ? layout.options : [layout.options, layout.options];
  im.option_groups.forEach((g, i) => {
    if (g.options.length < lo || g.options.length > hi)
      p(`group ${i + 1} has ${g.options.length} options, expected ${lo === hi ? lo : `${lo}-${hi}`}`);
    if (g.options.length !== im.option_size)
      p(`option_size ${im.option_size} ≠ ${g.options.length} options in group ${i + 1}`);
    const keys = g.options.map((o) => o.key);
    const expected = 'ABCDEFGHI'.slice(0, keys.length).split('');
    if (keys.join('') !== expected.join('')) p(`group ${i + 1} keys should be ${expected.join('')}`);
    const texts = new Set(g.options.map((o) => o.text.trim().toLowerCase()));
    if (texts.size !== g.options.length) p(`group ${i + 1} has duplicate option texts`);
  });
  const keysOf = (gi: number) => new Set(im.option_groups[gi]?.options.map((o) => o.key));

  if (['tc1', 'tc2', 'tc3', 'se'].includes(q.kind)) {
    const blanks = [...q.inquiry.matchAll(/\{\{(\d)\}\}/g)].map((m) => Number(m[1]));
    const want = q.kind === 'se' ? 1 : layout.groups;
    if (blanks.join(',') !== Array.from({ length: want }, (_, i) => i + 1).join(','))
      p(`stem should contain blanks {{1}}..{{${want}}} in order`);
  }
  switch (im.kind) {
    case 'SingleOption':
    case 'OneBoxFill':
    case 'TwoBoxFill':
    case 'ThreeBoxFill':
      if (sa.selects.length !== layout.groups) p(`needs ${layout.groups} selected key(s), got ${sa.selects.length}`);
      sa.selects.forEach((k, i) => !keysOf(i).has(k) && p(`answer '${k}' is not an option of group ${i + 1}`));
      if (sa.multi_selects.length || sa.text) p('single/fill answers use selects only');
      break;
    case 'MultiSelect':
    case 'SixChooseTwo': {
      const keys = keysOf(0);
      if (im.kind === 'SixChooseTwo' && sa.multi_selects.length !== 2) p('six-choose-two needs exactly two answers');
      if (sa.multi_selects.length < 1) p('multi-select needs at least one answer');
      if (new Set(sa.multi_selects).size !== sa.multi_selects.length) p('duplicate answer keys');
      sa.multi_selects.forEach((k) => !keys.has(k) && p(`answer '${k}' is not an option`));
      if (sa.selects.length || sa.text) p('multi answers use multi_selects only');
      break;
    }
    case 'TextFill':
      if (!im.fillable) p('numeric entry must be fillable');
      if (!NUMBER.test(sa.text)) p(`numeric answer '${sa.text}' is not a number`);
      if (sa.text2) p('numeric entry has no text2');
      break;
    case 'Fraction':
      if (!im.fillable) p('fraction entry must be fillable');
      if (!/^-?\d+$/.test(sa.text) || !/^-?\d+$/.test(sa.text2))
        p('fraction answer needs integer numerator and denominator');
      if (Number(sa.text2) === 0) p('denominator is zero');
      break;
    case 'SelectSentence': {
      const passage = q.passage_id ? passages.get(q.passage_id) : undefined;
      const n = passage ? passageSentences(passage).length : 0;
      const idx = Number(sa.selects[0]);
      if (sa.selects.length !== 1 || !Number.isInteger(idx) || idx < 0 || idx >= n)
        p(`select-in-passage answer must be a sentence index 0..${n - 1}`);
      break;
    }
    case 'Essay':
      if (sa.selects.length || sa.multi_selects.length || sa.text) p('essay has no standard answer keys');
      break;
  }
  if (q.category === 2) {
    if (!q.passage_id) p('reading question needs passage_id');
    else if (!passages.has(q.passage_id)) p(`passage ${q.passage_id} does not exist`);
  } else if (q.passage_id) p('only reading questions reference passages');
  if (q.kind === 'qc') {
    if (!q.quantity_a || !q.quantity_b) p('quantitative comparison needs quantity_a and quantity_b');
    im.option_groups[0]?.options.forEach(
      (o, i) => o.text !== QC_OPTIONS[i] && p(`qc option ${o.key} must read '${QC_OPTIONS[i]}'`),
    );
  }
  if (['tc1', 'tc2', 'tc3', 'se'].includes(q.kind)) problems.push(...checkVerbalConclusion(q));
  if (q.category === 3) {
    problems.push(...checkQuantConclusion(q));
    if (!q.topic) p('math question needs a topic');
  }
  problems.push(...checkReadingCitation(q, q.passage_id ? passages.get(q.passage_id) : undefined));
  problems.push(...checkIssueSample(q));
  problems.push(...checkTextCharacters(q));
  problems.push(...checkMathSegments(q));
  return problems;
}

/** Checks a whole bank: each question, passage references, duplicate ids and stems. Keys are `id: problem`. */
export function checkBank(questions: ContentQuestion[], passageList: ContentPassage[]): string[] {
  const problems: string[] = [];
  const passages = new Map<string, ContentPassage>();
  for (const ps of passageList) {
    if (passages.has(ps.id)) problems.push(`${ps.id}: duplicate passage id`);
    passages.set(ps.id, ps);
  }
  const ids = new Set<string>();
  const stems = new Map<string, string>();
  for (const q of questions) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    const stem = [q.passage_id ?? '', q.inquiry, q.quantity_a ?? '', q.quantity_b ?? '']
      .join('|')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
    const twin = stems.get(stem);
    if (twin) problems.push(`${q.id}: same stem as ${twin}`);
    stems.set(stem, q.id);
    for (const msg of checkQuestion(q, passages)) problems.push(`${q.id}: ${msg}`);
  }
  problems.push(...checkNearDuplicateStems(questions));
  for (const q of questions) {
    if (q.origin_id === q.id) problems.push(`${q.id}: origin_id names the question itself`);
    else if (q.origin_id && !ids.has(q.origin_id))
      problems.push(`${q.id}: origin_id '${q.origin_id}' is not in the bank`);
  }
  return problems;
}

/**
 * A question's own stem as words: inquiry (plus quantity A and B for qc), lowercase, without `$`, `{{n}}` blanks and
 * punctuation. A reading question's passage is not part of it, so questions sharing a passage compare by their own text.
 */
export function stemWords(q: Pick<ContentQuestion, 'inquiry' | 'quantity_a' | 'quantity_b'>): string[] {
  return [q.inquiry, q.quantity_a ?? '', q.quantity_b ?? '']
    .join(' ')
    .toLowerCase()
    .replace(/\{\{\d+\}\}/g, ' ')
    .replace(/[$\p{P}\p{S}]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * No two questions with identical or near-identical stems: identical normalised text, or word-trigram Jaccard
 * similarity ≥ NEAR_DUPLICATE_STEMS.similarity. Stems under NEAR_DUPLICATE_STEMS.minWords words are skipped. Reading
 * questions compare with those of the same passage only (by their own text; generic stems recur across passages).
 * Fast on thousands of questions: see the prefix filter below.
 */
export function checkNearDuplicateStems(questions: StemFields[]): string[] {
  return nearDuplicateStems(questions).map(({ index, message }) => `${questions[index]!.id}: ${message}`);
}

type StemFields = Pick<ContentQuestion, 'id' | 'passage_id' | 'inquiry' | 'quantity_a' | 'quantity_b'>;

/** The problems of checkNearDuplicateStems at the index of the later question of each pair (the import places them). */
export function nearDuplicateStems(questions: StemFields[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  // Stems equal before normalising are already reported by checkBank's exact check ('same stem as').
  const raw = (q: StemFields) =>
    [q.passage_id ?? '', q.inquiry, q.quantity_a ?? '', q.quantity_b ?? '']
      .join('|')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  const { similarity, minWords } = NEAR_DUPLICATE_STEMS;
  const seen = new Map<string, number>();
  const grams = new Map<number, Set<string>>();
  const frequency = new Map<string, number>();
  questions.forEach((q, i) => {
    const words = stemWords(q);
    if (words.length < minWords) return;
    // A reading stem ('The passage is primarily concerned with') asks about its own passage: compared within it only.
    const scope = `${q.passage_id ?? ''}|`;
    const text = scope + words.join(' ');
    const twin = seen.get(text);
    if (twin !== undefined) {
      if (raw(q) !== raw(questions[twin]!))
        problems.push({ index: i, message: `stem identical to ${questions[twin]!.id} once normalised` });
      return;
    }
    seen.set(text, i);
    const mine = new Set<string>();
    for (let w = 0; w + 3 <= words.length; w++) mine.add(scope + words.slice(w, w + 3).join(' '));
    grams.set(i, mine);
    for (const g of mine) frequency.set(g, (frequency.get(g) ?? 0) + 1);
  });
  // Prefix filtering: two sets with Jaccard ≥ t share one of each set's |x| − ⌈t·|x|⌉ + 1 rarest trigrams, so only
  // those are indexed and looked up; the candidates found are then measured on all their trigrams.
  const index = new Map<string, number[]>();
  for (const [i, mine] of grams) {
    const rarest = [...mine].sort((a, b) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : 1));
    const prefix = rarest.slice(0, mine.size - Math.ceil(similarity * mine.size - 1e-9) + 1);
    const candidates = new Set(prefix.flatMap((g) => index.get(g) ?? []));
    for (const j of candidates) {
      const theirs = grams.get(j)!;
      let both = 0;
      for (const g of mine) if (theirs.has(g)) both++;
      const jaccard = both / (mine.size + theirs.size - both);
      if (jaccard >= similarity)
        problems.push({
          index: i,
          message: `stem near-duplicates ${questions[j]!.id} (trigram Jaccard ${jaccard.toFixed(2)})`,
        });
    }
    for (const g of prefix) {
      const list = index.get(g);
      if (list) list.push(i);
      else index.set(g, [i]);
    }
  }
  return problems;
}

/** What checkBookQuestions needs of a book. */
type BookRef = Pick<ContentBook, 'id' | 'access' | 'sections'>;

/** A problem of one book item: the book, and the section and place of the question id it lists. */
export interface BookItemProblem {
  book: string;
  section: number;
  item: number;
  message: string;
}

/**
 * Rules between books and their questions. A `prevent` book withholds answers until the learner finished it, which
 * holds only if its questions can be reached through it alone: each is `underground` (never shown outside a book,
 * so not in the big bank, search or question/get without the book) and listed by no other book but `prevent` ones.
 * `visibilityOf` answers for the ids the books list (undefined: unknown, reported elsewhere). Only the books given
 * are compared: an import checks the books of its package.
 */
export function checkBookQuestions(
  books: BookRef[],
  visibilityOf: (id: string) => string | undefined,
): BookItemProblem[] {
  const problems: BookItemProblem[] = [];
  const items = (b: BookRef) =>
    b.sections.flatMap((s, section) => s.question_ids.map((id, item) => ({ id, section, item })));
  const preventOf = new Map<string, string>();
  for (const b of books.filter((b) => b.access === 'prevent')) {
    for (const { id, section, item } of items(b)) {
      preventOf.set(id, b.id);
      const visibility = visibilityOf(id);
      if (visibility !== undefined && visibility !== 'underground') {
        problems.push({
          book: b.id,
          section,
          item,
          message: `'${id}' is ${visibility}: a prevent book lists underground questions only, or its answers show outside it`,
        });
      }
    }
  }
  for (const b of books.filter((b) => b.access !== 'prevent')) {
    for (const { id, section, item } of items(b)) {
      const owner = preventOf.get(id);
      if (owner)
        problems.push({
          book: b.id,
          section,
          item,
          message: `'${id}' belongs to the prevent book ${owner}, whose answers this book would reveal`,
        });
    }
  }
  return problems;
}
