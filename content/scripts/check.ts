import { checkBank, checkMockBook, meanDifficulty, MOCK_SECTIONS, type ContentQuestion } from '@gre/contracts';
import { BOOKS_DIR, readBank, readBooks } from './bank.js';
import { checkMedia } from './check-media.js';

/**
 * `npm run check -w content [bank-dir] [books-dir]`: every bank file against its schema, then the bank-wide rules;
 * every book file against its schema (mocks: MOCK_SECTIONS sizes, no repeats), every book id in the bank, and the
 * mock rules that need the questions; media/media.json and its files (check-media.ts). Prints the overlap between mocks,
 * which the builder keeps small.
 */
const bank = readBank(process.argv[2]);
const books = readBooks(process.argv[3] ?? BOOKS_DIR);
const { questions, passages } = bank.items;
const media = checkMedia(questions);
const problems = [...bank.problems, ...books.problems, ...checkBank(questions, passages), ...media.problems];

const byId = new Map(questions.map((q) => [q.id, q]));
for (const b of books.items) {
  for (const s of b.sections) {
    for (const id of s.question_ids) if (id.startsWith('q') && !byId.has(id)) problems.push(`${b.id}: question '${id}' is not in the bank`);
  }
}
const mocks = books.items.filter((b) => b.kind === 'mock');
for (const m of mocks) problems.push(...checkMockBook(m, byId));

for (const p of problems) console.log(p);
const count = (qs: ContentQuestion[], k: (q: ContentQuestion) => string) => qs.reduce<Record<string, number>>((m, q) => ((m[k(q)] = (m[k(q)] ?? 0) + 1), m), {});
console.log(`${bank.files.length} bank files, ${passages.length} passages, ${questions.length} questions; ${books.files.length} book files, ${books.items.length} books (${mocks.length} mocks)`);
console.log(`media: ${media.summary}`);
console.log('by kind', count(questions, (q) => q.kind));
console.log('by difficulty', count(questions, (q) => `${q.category}:${q.difficulty}`));

for (const m of mocks) {
  console.log(`mock ${m.id}:`);
  for (const s of m.sections) {
    const qs = s.question_ids.map((id) => byId.get(id)).filter((q): q is ContentQuestion => !!q);
    const kinds = Object.entries(count(qs, (q) => q.kind)).map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(`  ${s.section.padEnd(9)} ${String(qs.length).padStart(2)} q, mean difficulty ${meanDifficulty(qs).toFixed(2)}: ${kinds}`);
  }
}
for (let i = 0; i < mocks.length; i++) {
  for (let j = i + 1; j < mocks.length; j++) {
    const a = new Set(mocks[i]!.sections.flatMap((s) => s.question_ids));
    const shared = mocks[j]!.sections.flatMap((s) => s.question_ids).filter((id) => a.has(id));
    const size = Object.values(MOCK_SECTIONS).reduce((n, k) => n + k, 0);
    console.log(`overlap ${mocks[i]!.id} / ${mocks[j]!.id}: ${shared.length} of ${size} questions${shared.length ? ` (${shared.join(', ')})` : ''}`);
  }
}
const bad = problems.length > 0;
console.log(bad ? `FAIL: ${problems.length} problems` : 'OK');
process.exit(bad ? 1 : 0);
