import { CONTENT_MINIMUMS, checkMinimums, type ContentQuestion } from '@gre/contracts';
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

    const fractions = shipped.questions.filter((q) => q.kind === 'fraction');
    const dropped = new Set(fractions.slice(CONTENT_MINIMUMS.kinds.fraction - 1).map((q) => q.id));
    const fewer = shipped.questions.filter((q) => !dropped.has(q.id));
    expect(checkMinimums({ ...content, questions: fewer })).toEqual([
      `minimum: fraction questions ${CONTENT_MINIMUMS.kinds.fraction - 1}, at least ${CONTENT_MINIMUMS.kinds.fraction}`,
    ]);

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
