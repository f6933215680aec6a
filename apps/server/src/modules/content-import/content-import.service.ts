import {
  CONTENT_PACKAGE_MAX_BYTES,
  CONTENT_PROBLEMS_SHOWN,
  type ContentFile,
  type ContentQuestion,
  type DryRunResult,
  type ImportResult,
  type WordConnect,
} from '@gre/contracts';
import type { Db, Tx } from '@gre/db';
import { AppError } from '../../lib/app-error.js';
import { applyShownDifficulty } from '../calibration/index.js';
import {
  existingQuestionIds,
  lockImports,
  mergeSearchIndex,
  passageTexts,
  questionsOfPassages,
  replaceBookItems,
  setSearchText,
  setWordConnect,
  upsertBooks,
  upsertPassages,
  upsertQuestions,
} from './content.repository.js';
import { bookItemRows, bookRow, passageRow, questionRow, searchText, wordQuestionRow } from './rows.js';
import { checkPackage, type CheckedPackage } from './validate.js';
import { candidateWordIds, connectWords, greForms, shippedGreEntries } from './word-connect.js';

/** UTF-8 size of a package; over CONTENT_PACKAGE_MAX_BYTES is `payload_too_large`, whatever the body limit let in. */
export function packageBytes(files: ContentFile[]): number {
  return files.reduce((n, f) => n + Buffer.byteLength(f.text, 'utf8'), 0);
}

function assertSize(files: ContentFile[]): void {
  const bytes = packageBytes(files);
  if (bytes > CONTENT_PACKAGE_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `the package is ${bytes} bytes; at most ${CONTENT_PACKAGE_MAX_BYTES} (10 MB) may be imported at once`,
    );
  }
}

function toResult(checked: CheckedPackage): DryRunResult {
  return {
    valid: checked.problems.length === 0,
    problems: checked.problems.slice(0, CONTENT_PROBLEMS_SHOWN),
    problem_count: checked.problems.length,
    summary: checked.summary,
    skipped: checked.skipped,
  };
}

/** word_connect as comparable text; field by field, since jsonb keeps object keys in an order of its own. */
const connectKey = (w: WordConnect[]) => JSON.stringify(w.map((c) => [c.id, c.headword, c.forms]));

/**
 * Spec §3 passage.word_connect of the package's passages, against the GRE list (the shipped one and the package's)
 * and the word questions the bank holds after this import; when the package brings words, of every stored passage
 * too, since new words may occur in old texts. A passage whose connections did not change is not written.
 */
async function refreshWordConnect(tx: Tx, checked: CheckedPackage): Promise<void> {
  const withWords = checked.words.length > 0;
  const targets = await passageTexts(tx, withWords ? null : checked.passages.map((l) => l.item.id));
  if (targets.length === 0) return;
  const forms = greForms([...checked.words.map((l) => l.item), ...(await shippedGreEntries())]);
  const candidates = [...new Set(targets.flatMap((p) => candidateWordIds(p.text, forms)))];
  const known = new Set(await existingQuestionIds(tx, candidates));
  for (const p of targets) {
    const next = connectWords(p.text, forms, (id) => known.has(id));
    if (connectKey(next) !== connectKey(p.wordConnect)) await setWordConnect(tx, p.id, next);
  }
}

/** Validates a package and lists every problem; writes nothing. */
export async function dryRunPackage(db: Db, files: ContentFile[]): Promise<DryRunResult> {
  assertSize(files);
  return toResult(await checkPackage(db, files));
}

/**
 * Imports a package all or nothing: it is validated again inside one transaction (under an advisory lock, so the
 * rows it checks against cannot change underneath), then passages, questions, words and books are upserted by id,
 * each imported book's items are replaced by the listed ones, the search text of every touched question is
 * rebuilt and the passages' GRE words are connected. Any problem refuses the whole package with `invalid_input` and nothing is written.
 */
export async function importPackage(db: Db, files: ContentFile[]): Promise<ImportResult> {
  assertSize(files);
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const checked = await checkPackage(tx, files);
    if (checked.problems.length > 0) {
      const first = checked.problems.slice(0, 3).map((p) => `${p.file} ${p.path}: ${p.message}`);
      throw new AppError(
        'invalid_input',
        `${checked.problems.length} problem(s) in the package (the dry run lists them all): ${first.join('; ')}`.slice(
          0,
          1000,
        ),
      );
    }
    const passageOf = (q: Pick<ContentQuestion, 'passage_id'>) =>
      q.passage_id ? (checked.passageById.get(q.passage_id) ?? null) : null;

    const createdPassages = await upsertPassages(
      tx,
      checked.passages.map((l) => passageRow(l.item)),
    );
    const questionRows = [
      ...checked.questions.map((l) => questionRow(l.item, passageOf(l.item))),
      ...checked.words.map((l) => wordQuestionRow(l.item)),
    ];
    const createdQuestions = await upsertQuestions(tx, questionRows);
    // The content files carry the author's label; where learners' answers have decided otherwise, the data's stays.
    await applyShownDifficulty(tx);
    await refreshWordConnect(tx, checked);

    const imported = new Set(questionRows.map((r) => r.id));
    const changedPassages = checked.passages.map((l) => l.item.id);
    for (const row of await questionsOfPassages(tx, changedPassages, imported)) {
      const passage = row.passageId ? (checked.passageById.get(row.passageId) ?? null) : null;
      const q = {
        inquiry: row.inquiry,
        quantity_a: row.quantityA ?? undefined,
        quantity_b: row.quantityB ?? undefined,
        input_method: row.inputMethod as ContentQuestion['input_method'],
        analysis: row.analysis as ContentQuestion['analysis'],
        brief: row.brief,
        tags: row.tags,
      };
      await setSearchText(tx, row.id, searchText(q, passage));
    }

    const createdBooks = await upsertBooks(
      tx,
      checked.books.map((l) => bookRow(l.item, l.index)),
    );
    const newItems = checked.books.flatMap((l) => bookItemRows(l.item));
    const oldItems = await replaceBookItems(
      tx,
      checked.books.map((l) => l.item.id),
      newItems,
    );
    const listed = new Set(newItems.map((i) => `${i.bookId}\u0001${i.section}\u0001${i.questionId}`));
    await mergeSearchIndex(tx);
    const removed = oldItems.filter((i) => !listed.has(`${i.bookId}\u0001${i.section}\u0001${i.questionId}`)).length;

    return {
      summary: checked.summary,
      created: { passages: createdPassages, questions: createdQuestions, books: createdBooks },
      removed_book_items: removed,
    };
  });
}
