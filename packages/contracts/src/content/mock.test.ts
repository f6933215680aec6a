import { describe, expect, it } from 'vitest';
import { bookTemplateSchema, MOCK_SECTIONS, type ContentBook, type MockSectionName } from './book.js';
import { checkMockBook } from './mock.js';
import type { ContentQuestion } from './question.js';

/** A bank just big enough for one mock: per section, questions of its category, harder in the harder variants. */
const bank = new Map<string, ContentQuestion>();
const add = (id: string, category: number, kind: string, difficulty: string, passage_id?: string) =>
  bank.set(id, { id, category, kind, difficulty, ...(passage_id ? { passage_id } : {}) } as ContentQuestion);

function section(name: MockSectionName): string[] {
  const size = MOCK_SECTIONS[name];
  const difficulty = name.endsWith('easy') ? 'easy' : name.endsWith('hard') ? 'hard' : 'medium';
  if (name === 'issue') {
    add('q-issue', 4, 'issue', 'medium');
    return ['q-issue'];
  }
  const ids = Array.from({ length: size }, (_, i) => `q-${name}-${i}`);
  ids.forEach((id, i) => {
    if (name.startsWith('q')) add(id, 3, i < 4 ? 'qc' : 'mc_single', difficulty);
    else if (i < 3) add(id, 2, 'rc_single', difficulty, `p-${name}`);
    else add(id, 1, i < 6 ? 'se' : 'tc1', difficulty);
  });
  return ids;
}
const names = Object.keys(MOCK_SECTIONS) as MockSectionName[];
const sound = bookTemplateSchema.parse({
  id: 'b-mock-t',
  kind: 'mock',
  title: '模考',
  sections: names.map((n) => ({ section: n, question_ids: section(n) })),
});
const withSections = (edit: (s: ContentBook['sections']) => void) => {
  const sections = structuredClone(sound.sections);
  edit(sections);
  return { ...sound, sections };
};

describe('mock books', () => {
  it('accepts a mock with every section at its size, and checks it against the bank', () => {
    expect(checkMockBook(sound, bank)).toEqual([]);
  });

  it('refuses missing or unknown sections, wrong sizes and a question used twice', () => {
    const issues = (b: ContentBook) => bookTemplateSchema.safeParse(b).error?.issues.map((i) => i.message) ?? [];
    expect(issues(withSections((s) => s.splice(1, 1)))).toEqual(['a mock needs the sections v1']);
    expect(issues(withSections((s) => (s[0]!.section = 'aw')))).toEqual([
      'a mock needs the sections issue',
      "'aw' is not a mock section (issue, v1, v2-easy, v2-medium, v2-hard, q1, q2-easy, q2-medium, q2-hard)",
    ]);
    expect(issues(withSections((s) => s[1]!.question_ids.pop()))).toEqual([
      "mock section 'v1' holds 12 questions, not 11",
    ]);
    expect(issues(withSections((s) => (s[2]!.question_ids[0] = s[1]!.question_ids[5]!)))).toEqual([
      `question '${sound.sections[1]!.question_ids[5]}' appears twice in this mock`,
    ]);
    expect(issues({ ...sound, kind: 'pick' })).toEqual([]);
  });

  it('keeps reading sets whole, sections to their categories and the variants in order of difficulty', () => {
    const split = withSections(
      (s) => ([s[1]!.question_ids[0], s[1]!.question_ids[5]] = [s[1]!.question_ids[5]!, s[1]!.question_ids[0]!]),
    );
    expect(checkMockBook(split, bank)).toEqual([
      'b-mock-t: v1: the questions of passage p-v1 are not one after another',
    ]);
    const crossed = withSections(
      (s) => ([s[1]!.question_ids[11], s[5]!.question_ids[11]] = [s[5]!.question_ids[11]!, s[1]!.question_ids[11]!]),
    );
    expect(checkMockBook(crossed, bank)).toEqual([
      'b-mock-t: v1: q-q1-11 (category 3) does not belong in this section',
      'b-mock-t: q1: q-v1-11 (category 1) does not belong in this section',
    ]);
    const swapped = withSections(
      (s) => ([s[6]!.question_ids, s[8]!.question_ids] = [s[8]!.question_ids, s[6]!.question_ids]),
    );
    expect(checkMockBook(swapped, bank)).toEqual([
      'b-mock-t: q2 variants should get harder from easy to hard (mean difficulty 3.00 / 2.00 / 1.00)',
    ]);
  });
});
