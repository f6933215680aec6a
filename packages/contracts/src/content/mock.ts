import { DIFFICULTIES } from '../enums.js';
import { MOCK_SECTIONS, type ContentBook, type MockSectionName } from './book.js';
import type { ContentQuestion } from './question.js';

/** Which categories a mock section draws from: Verbal is filling and reading, Quant is math, the essay is Issue. */
function sectionCategories(name: MockSectionName): readonly number[] {
  if (name === 'issue') return [4];
  return name.startsWith('v') ? [1, 2] : [3];
}

/** Mean difficulty of some questions on a 1 (easy) – 3 (hard) scale. */
export function meanDifficulty(qs: Pick<ContentQuestion, 'difficulty'>[]): number {
  return qs.reduce((n, q) => n + DIFFICULTIES.indexOf(q.difficulty) + 1, 0) / Math.max(1, qs.length);
}

/**
 * The rules of a mock exam that need its questions (the schema already holds it to MOCK_SECTIONS and no repeats):
 * each section draws from its own categories; a reading passage's questions stay together, all in one section and
 * one after another, as the test shows them; Verbal sections mix text completion, sentence equivalence and reading,
 * Quant sections comparison and problem solving; the section-2 variants get harder from easy to medium to hard.
 * `bank` is every question of the bank by id. Returns problems, empty when the mock is sound.
 */
export function checkMockBook(book: ContentBook, bank: Map<string, ContentQuestion>): string[] {
  const problems: string[] = [];
  const p = (msg: string) => problems.push(`${book.id}: ${msg}`);
  const passageSets = new Map<string, string[]>();
  for (const q of bank.values())
    if (q.passage_id) passageSets.set(q.passage_id, [...(passageSets.get(q.passage_id) ?? []), q.id]);

  const bySection = new Map<string, ContentQuestion[]>();
  for (const s of book.sections) {
    const name = s.section as MockSectionName;
    if (!(name in MOCK_SECTIONS)) continue;
    const qs = s.question_ids.map((id) => bank.get(id)).filter((q): q is ContentQuestion => !!q);
    s.question_ids.filter((id) => !bank.has(id)).forEach((id) => p(`${name}: question '${id}' is not in the bank`));
    bySection.set(name, qs);
    for (const q of qs)
      if (!sectionCategories(name).includes(q.category))
        p(`${name}: ${q.id} (category ${q.category}) does not belong in this section`);
    const passages = [...new Set(qs.map((q) => q.passage_id).filter((id): id is string => !!id))];
    for (const pid of passages) {
      const set = passageSets.get(pid) ?? [];
      const at = s.question_ids.flatMap((id, i) => (set.includes(id) ? [i] : []));
      if (at.length !== set.length)
        p(`${name}: passage ${pid} has ${set.length} questions, the section lists ${at.length}`);
      else if (at.at(-1)! - at[0]! !== at.length - 1)
        p(`${name}: the questions of passage ${pid} are not one after another`);
    }
    if (name.startsWith('v')) {
      const has = (kinds: string[]) => qs.some((q) => kinds.includes(q.kind));
      if (!has(['tc1', 'tc2', 'tc3']) || !has(['se']) || !has(['rc_single', 'rc_multi', 'rc_select']))
        p(`${name}: a Verbal section mixes text completion, sentence equivalence and reading`);
    }
    if (name.startsWith('q') && (!qs.some((q) => q.kind === 'qc') || qs.every((q) => q.kind === 'qc')))
      p(`${name}: a Quant section mixes comparison and problem solving`);
  }
  for (const area of ['v2', 'q2']) {
    const means = ['easy', 'medium', 'hard'].map((d) => meanDifficulty(bySection.get(`${area}-${d}`) ?? []));
    if (!(means[0]! < means[1]! && means[1]! < means[2]!))
      p(
        `${area} variants should get harder from easy to hard (mean difficulty ${means.map((m) => m.toFixed(2)).join(' / ')})`,
      );
  }
  return problems;
}
