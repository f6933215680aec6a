import { CONTENT_MINIMUMS, checkMinimums, dataInterpretationSets, type ContentQuestion } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import { checkContent } from './check-content.js';

// The same check as `npm run check -w content`, run by `npm test`: a broken item, a book naming a missing question,
// a stale media file or a count under the minimum fails the suite, not only a manual run.
const shipped = checkContent();

describe('the shipped content', () => {
  it('passes every check: schemas, bank rules, books and prevent books, mocks, media and the minimum counts', () => {
    expect(shipped.problems).toEqual([]);
  });

  it('is checked for real: the minimums fail as soon as a count drops under the issue', () => {
    const content = {
      questions: shipped.questions,
      passages: shipped.passages,
      books: shipped.books,
      words: CONTENT_MINIMUMS.words,
    };
    expect(checkMinimums(content)).toEqual([]);

    // One fewer fraction item than the minimum, its difficulty mix kept (an easy, a medium and a hard one go in turn).
    const fractions = shipped.questions.filter((q) => q.kind === 'fraction');
    const kept = new Set<string>();
    for (let i = 0; kept.size < CONTENT_MINIMUMS.kinds.fraction - 1; i++)
      for (const d of ['easy', 'medium', 'hard'])
        if (kept.size < CONTENT_MINIMUMS.kinds.fraction - 1) {
          const q = fractions.filter((f) => f.difficulty === d)[i];
          if (q) kept.add(q.id);
        }
    const fewer = shipped.questions.filter((q) => q.kind !== 'fraction' || kept.has(q.id));
    const fewerProblems = checkMinimums({ ...content, questions: fewer });
    expect(fewerProblems).toContain(
      `minimum: fraction questions ${CONTENT_MINIMUMS.kinds.fraction - 1}, at least ${CONTENT_MINIMUMS.kinds.fraction}`,
    );
    expect(
      fewerProblems.every((p) => p.startsWith('minimum: fraction') || p.startsWith('minimum: quant questions')),
    ).toBe(true);

    expect(checkMinimums({ ...content, words: 7000 })).toEqual(['minimum: GRE words 7000, at least 7504']);
    expect(checkMinimums({ ...content, books: shipped.books.filter((b) => b.access !== 'prevent') })).toEqual([
      'minimum: books with access prevent 0, at least 1',
    ]);
    const easyVerbal = (q: ContentQuestion) => q.category === 1 && q.difficulty === 'easy';
    expect(
      checkMinimums({ ...content, questions: shipped.questions.filter((q) => !easyVerbal(q)) }).some((p) =>
        p.startsWith('minimum: verbal easy questions'),
      ),
    ).toBe(true);
  });

  it('holds each kind to its difficulty mix, five mocks and the data-interpretation sets', () => {
    const content = { questions: shipped.questions, passages: shipped.passages, books: shipped.books, words: 7504 };
    // Every hard comparison relabelled medium: the kind loses its hard tier.
    const soft = shipped.questions.map((q) =>
      q.kind === 'qc' && q.difficulty === 'hard' ? { ...q, difficulty: 'medium' as const } : q,
    );
    const problems = checkMinimums({ ...content, questions: soft });
    expect(problems.some((p) => p.startsWith('difficulty mix: qc has 0 hard'))).toBe(true);
    expect(problems.some((p) => p.startsWith('difficulty mix: qc has') && p.includes('medium'))).toBe(true);
    expect(checkMinimums({ ...content, books: shipped.books.filter((b) => b.id !== 'b-mock-5') })).toEqual([
      'minimum: mock books 4, at least 5',
    ]);
    const sets = dataInterpretationSets(shipped.questions);
    expect(sets.length).toBeGreaterThanOrEqual(CONTENT_MINIMUMS.dataSets);
    const oneSet = new Set(sets[0]);
    expect(
      checkMinimums({
        ...content,
        questions: shipped.questions.map((q) => (oneSet.has(q.id) ? { ...q, media: [] } : q)),
      }),
    ).toContain(`minimum: data-interpretation sets ${sets.length - 1}, at least ${CONTENT_MINIMUMS.dataSets}`);
  });

  it('ships books of every access kind and a prevent book of underground questions only', () => {
    const prevent = shipped.books.filter((b) => b.access === 'prevent');
    const byId = new Map(shipped.questions.map((q) => [q.id, q]));
    expect(prevent.length).toBeGreaterThan(0);
    for (const b of prevent) {
      expect(b.grants_underground).toBe(true);
      expect(b.sections.flatMap((s) => s.question_ids).every((id) => byId.get(id)?.visibility === 'underground')).toBe(
        true,
      );
    }
  });
});
