import { passageSentences } from './sentences.js';
import { QUESTION_KINDS, type ContentPassage, type ContentQuestion, type InputKind } from './question.js';

/** Which input kind and option layout each question kind must use. */
const LAYOUT: Record<string, { input: InputKind; groups: number; options: number | [number, number] }> = {
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
  if (im.option_groups.length !== layout.groups) p(`expected ${layout.groups} option group(s), got ${im.option_groups.length}`);
  if (im.group_size !== im.option_groups.length) p(`group_size ${im.group_size} ≠ ${im.option_groups.length} groups`);
  const [lo, hi] = Array.isArray(layout.options) ? layout.options : [layout.options, layout.options];
  im.option_groups.forEach((g, i) => {
    if (g.options.length < lo || g.options.length > hi) p(`group ${i + 1} has ${g.options.length} options, expected ${lo === hi ? lo : `${lo}-${hi}`}`);
    if (g.options.length !== im.option_size) p(`option_size ${im.option_size} ≠ ${g.options.length} options in group ${i + 1}`);
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
    if (blanks.join(',') !== Array.from({ length: want }, (_, i) => i + 1).join(',')) p(`stem should contain blanks {{1}}..{{${want}}} in order`);
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
      if (!/^-?\d+$/.test(sa.text) || !/^-?\d+$/.test(sa.text2)) p('fraction answer needs integer numerator and denominator');
      if (Number(sa.text2) === 0) p('denominator is zero');
      break;
    case 'SelectSentence': {
      const passage = q.passage_id ? passages.get(q.passage_id) : undefined;
      const n = passage ? passageSentences(passage).length : 0;
      const idx = Number(sa.selects[0]);
      if (sa.selects.length !== 1 || !Number.isInteger(idx) || idx < 0 || idx >= n) p(`select-in-passage answer must be a sentence index 0..${n - 1}`);
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
    im.option_groups[0]?.options.forEach((o, i) => o.text !== QC_OPTIONS[i] && p(`qc option ${o.key} must read '${QC_OPTIONS[i]}'`));
  }
  if (q.category === 3) {
    const t = q.analysis.text;
    const answer = im.kind === 'TextFill' ? sa.text : im.kind === 'Fraction' ? `${sa.text}/${sa.text2}` : null;
    if (answer && !t.includes(answer) && !t.includes(`\\frac{${sa.text}}{${sa.text2}}`)) p(`explanation never states the answer ${answer}`);
    if (!answer) {
      const keys = im.kind === 'MultiSelect' ? sa.multi_selects : sa.selects;
      if (!keys.every((k) => t.includes(k))) p(`explanation never names the answer choice(s) ${keys.join(', ')}`);
    }
    if (!q.topic) p('math question needs a topic');
  }
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
    const stem = [q.passage_id ?? '', q.inquiry, q.quantity_a ?? '', q.quantity_b ?? ''].join('|').toLowerCase().replace(/\s+/g, ' ').trim();
    const twin = stems.get(stem);
    if (twin) problems.push(`${q.id}: same stem as ${twin}`);
    stems.set(stem, q.id);
    for (const msg of checkQuestion(q, passages)) problems.push(`${q.id}: ${msg}`);
  }
  return problems;
}
