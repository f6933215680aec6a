import { meanDifficulty, MOCK_SECTIONS, type ContentQuestion } from '@gre/contracts';
import { BOOKS_DIR } from './bank.js';
import { checkContent } from './check-content.js';

/**
 * `npm run check -w content [bank-dir] [books-dir]`: checkContent (check-content.ts; the content test runs the same
 * check in `npm test`), then a report: counts by kind and difficulty, each mock's sections and the overlap between
 * mocks, which the builder keeps small.
 */
const { problems, questions, passages, books, bankFiles, bookFiles, mediaSummary } = checkContent({
  bank: process.argv[2],
  books: process.argv[3] ?? BOOKS_DIR,
});
const byId = new Map(questions.map((q) => [q.id, q]));
const mocks = books.filter((b) => b.kind === 'mock');

for (const p of problems) console.log(p);
const count = (qs: ContentQuestion[], k: (q: ContentQuestion) => string) =>
  qs.reduce<Record<string, number>>((m, q) => ((m[k(q)] = (m[k(q)] ?? 0) + 1), m), {});
console.log(
  `${bankFiles} bank files, ${passages.length} passages, ${questions.length} questions; ${bookFiles} book files, ${books.length} books (${mocks.length} mocks)`,
);
console.log(`media: ${mediaSummary}`);
console.log(
  'by kind',
  count(questions, (q) => q.kind),
);
console.log(
  'by difficulty',
  count(questions, (q) => `${q.category}:${q.difficulty}`),
);

for (const m of mocks) {
  console.log(`mock ${m.id}:`);
  for (const s of m.sections) {
    const qs = s.question_ids.map((id) => byId.get(id)).filter((q): q is ContentQuestion => !!q);
    const kinds = Object.entries(count(qs, (q) => q.kind))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(
      `  ${s.section.padEnd(9)} ${String(qs.length).padStart(2)} q, mean difficulty ${meanDifficulty(qs).toFixed(2)}: ${kinds}`,
    );
  }
}
for (let i = 0; i < mocks.length; i++) {
  for (let j = i + 1; j < mocks.length; j++) {
    const a = new Set(mocks[i]!.sections.flatMap((s) => s.question_ids));
    const shared = mocks[j]!.sections.flatMap((s) => s.question_ids).filter((id) => a.has(id));
    const size = Object.values(MOCK_SECTIONS).reduce((n, k) => n + k, 0);
    console.log(
      `overlap ${mocks[i]!.id} / ${mocks[j]!.id}: ${shared.length} of ${size} questions${shared.length ? ` (${shared.join(', ')})` : ''}`,
    );
  }
}
const bad = problems.length > 0;
console.log(bad ? `FAIL: ${problems.length} problems` : 'OK');
process.exit(bad ? 1 : 0);
