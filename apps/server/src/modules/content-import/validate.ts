import {
  checkBookQuestions,
  checkQuestion,
  nearDuplicateStems,
  type ContentFile,
  type ContentPassage,
  type ContentProblem,
  type ContentSummary,
} from '@gre/contracts';
import { wordQuestionId } from './ecdict.js';
import { readPackage, type Located, type ReadPackage } from './package.js';
import type { Queryable } from '@gre/db';
import { existingPassages, questionVisibilities } from './content.repository.js';

export interface CheckedPackage extends ReadPackage {
  summary: ContentSummary;
  /** Passages the package's questions use, from the package or the database, for search text. */
  passageById: Map<string, ContentPassage>;
}

/** The same stem key checkBank uses: passage, stem and quantities, case and spacing ignored. */
function stemKey(
  q: Located<{
    passage_id?: string | undefined;
    inquiry: string;
    quantity_a?: string | undefined;
    quantity_b?: string | undefined;
  }>['item'],
): string {
  return [q.passage_id ?? '', q.inquiry, q.quantity_a ?? '', q.quantity_b ?? '']
    .join('|')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Flags the second and later items sharing a key, naming where the first one is. */
function duplicates<T>(
  items: Located<T>[],
  key: (l: Located<T>) => string,
  say: (first: Located<T>) => string,
  problems: ContentProblem[],
): void {
  const first = new Map<string, Located<T>>();
  for (const l of items) {
    const k = key(l);
    const seen = first.get(k);
    if (seen) problems.push({ file: l.file, path: l.path, message: `${say(seen)} (at ${seen.file} ${seen.path})` });
    else first.set(k, l);
  }
}

/**
 * Validates a package completely and writes nothing: schemas per file, every bank rule of the contracts
 * (checkQuestion, as checkBank applies it), duplicate ids and stems, passages, origins and book items that exist
 * neither in the package nor in the database, and the rules between books and questions (checkBookQuestions: the
 * visibility of a question outside the package comes from the database). Returns every problem with its file and
 * JSON path.
 */
export async function checkPackage(db: Queryable, files: ContentFile[]): Promise<CheckedPackage> {
  const read = readPackage(files);
  const problems = read.problems;

  duplicates(
    read.passages,
    (l) => l.item.id,
    (f) => `duplicate passage id '${f.item.id}'`,
    problems,
  );
  const wordIds = read.words.map((l) => ({ ...l, item: { id: wordQuestionId(l.item.word) } }));
  const questionIds = [...read.questions.map((l) => ({ ...l, item: { id: l.item.id } })), ...wordIds];
  duplicates(
    questionIds,
    (l) => l.item.id,
    (f) => `duplicate question id '${f.item.id}'`,
    problems,
  );
  duplicates(
    read.questions,
    (l) => stemKey(l.item),
    (f) => `same stem as ${f.item.id}`,
    problems,
  );
  for (const { index, message } of nearDuplicateStems(read.questions.map((l) => l.item))) {
    const l = read.questions[index]!;
    problems.push({ file: l.file, path: l.path, message });
  }
  duplicates(
    read.books,
    (l) => l.item.id,
    (f) => `duplicate book id '${f.item.id}'`,
    problems,
  );

  const passageById = new Map(read.passages.map((l) => [l.item.id, l.item]));
  const wanted = [
    ...new Set(read.questions.map((l) => l.item.passage_id).filter((id): id is string => !!id && !passageById.has(id))),
  ];
  for (const p of await existingPassages(db, wanted)) passageById.set(p.id, p);
  for (const l of read.questions) {
    // A passage that failed its own schema is reported there; its questions are checked as if it were absent only once.
    const brokenPassage = l.item.passage_id !== undefined && read.invalidIds.has(l.item.passage_id);
    for (const message of checkQuestion(l.item, passageById)) {
      if (brokenPassage && /does not exist|sentence index/.test(message)) continue;
      problems.push({ file: l.file, path: l.path, message });
    }
  }

  const inPackage = new Map<string, string>([
    ...read.questions.map((l) => [l.item.id, l.item.visibility] as const),
    ...wordIds.map((l) => [l.item.id, 'public'] as const),
  ]);
  const referenced = [
    ...read.books.flatMap((b) => b.item.sections.flatMap((s) => s.question_ids)),
    ...read.questions.flatMap((l) => (l.item.origin_id ? [l.item.origin_id] : [])),
  ].filter((id) => !inPackage.has(id));
  const visibilities = new Map([...inPackage, ...(await questionVisibilities(db, [...new Set(referenced)]))]);
  const unknown = (id: string) => !visibilities.has(id) && !read.invalidIds.has(id);
  for (const l of read.questions) {
    const origin = l.item.origin_id;
    if (origin === l.item.id)
      problems.push({ file: l.file, path: `${l.path}/origin_id`, message: 'origin_id names the question itself' });
    else if (origin && unknown(origin))
      problems.push({
        file: l.file,
        path: `${l.path}/origin_id`,
        message: `question '${origin}' exists neither in the package nor in the bank`,
      });
  }
  for (const b of read.books) {
    b.item.sections.forEach((s, si) => {
      const seen = new Set<string>();
      s.question_ids.forEach((id, qi) => {
        const path = `${b.path}/sections/${si}/question_ids/${qi}`;
        if (unknown(id))
          problems.push({
            file: b.file,
            path,
            message: `question '${id}' exists neither in the package nor in the bank`,
          });
        if (seen.has(id))
          problems.push({ file: b.file, path, message: `question '${id}' is listed twice in this section` });
        seen.add(id);
      });
    });
  }
  const bookAt = new Map(read.books.map((b) => [b.item.id, b]));
  for (const p of checkBookQuestions(
    read.books.map((b) => b.item),
    (id) => visibilities.get(id),
  )) {
    const b = bookAt.get(p.book)!;
    problems.push({ file: b.file, path: `${b.path}/sections/${p.section}/question_ids/${p.item}`, message: p.message });
  }

  const summary: ContentSummary = {
    files: files.length,
    passages: read.passages.length,
    questions: read.questions.length,
    words: read.words.length,
    books: read.books.length,
    book_items: read.books.reduce((n, b) => n + b.item.sections.reduce((m, s) => m + s.question_ids.length, 0), 0),
  };
  return { ...read, problems, summary, passageById };
}
