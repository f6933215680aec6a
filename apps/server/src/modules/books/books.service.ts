import {
  BOOK_TAILOR_NONE,
  bookParamSchema,
  bookTailorSchema,
  isHiddenBook,
  type BookAccess,
  type BookBrief,
  type BookKind,
  type BookPageKind,
  type BookStatus,
  type BookTailor,
  type CallResponse,
  type RoleKind,
  type bookCalls,
} from '@gre/contracts';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { bookRevealsAnswers, decideAccess, decideBook, type BookGate, type Visibility } from '../../lib/access.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import { refusalError } from '../../lib/refusals.js';
import {
  bookItemBriefs,
  findBook,
  idsInBook,
  itemCounts,
  listBooks,
  listCommonBooks,
  listMocks,
  userBookCopies,
  type BookTemplateRow,
} from './books.repository.js';

export type { BookTemplateRow };
type Copy = { status: string; limit: number };
type BookDeps = Pick<Deps, 'database'>;

/** A book template by id, whatever its kind or access; null when unknown. Callers apply the access rules. */
export function findBookTemplate(deps: BookDeps, id: string): Promise<BookTemplateRow | null> {
  return findBook(deps.database.db, id);
}

/** This learner's copy of each book (the newest when several): its status and limit. */
export function bookCopies(deps: BookDeps, userId: number, bookIds: string[]): Promise<Map<string, Copy>> {
  return userBookCopies(deps.database.db, userId, bookIds);
}

/** The mock books in page order; hidden ones only when `withHidden` (staff). */
export function mockTemplates(deps: BookDeps, withHidden: boolean): Promise<BookTemplateRow[]> {
  return listMocks(deps.database.db, withHidden);
}

/** Which of these question ids the book lists, in any section. */
export function questionsInBook(deps: BookDeps, bookId: string, ids: string[]): Promise<Set<string>> {
  return idsInBook(deps.database.db, bookId, ids);
}

/** The template's tailor flags; a stored value that does not read as them is none. */
const tailorOf = (row: BookTemplateRow): BookTailor => bookTailorSchema.safeParse(row.tailor).data ?? BOOK_TAILOR_NONE;

/** What the access rules need of a template and this learner's copy. */
export function toBookGate(row: BookTemplateRow, copy: Copy | undefined): BookGate {
  return {
    kind: row.kind as BookKind,
    access: row.access as BookAccess,
    minRole: (row.minRole as RoleKind | null) ?? null,
    unlockAt: row.unlockAt,
    grantsUnderground: row.grantsUnderground,
    hidden: row.hide,
    common: tailorOf(row).common,
    status: (copy?.status as BookStatus | undefined) ?? 'NotOpen',
  };
}

function toBookBrief(actor: Actor, row: BookTemplateRow, copy: Copy | undefined, count: number, now: Date): BookBrief {
  const gate = toBookGate(row, copy);
  const decision = decideBook(actor, gate, now);
  const refusal = decision.open ? null : decision.refusal.kind;
  const param = bookParamSchema.safeParse(row.param);
  return {
    id: row.id,
    kind: gate.kind,
    kind2: row.kind2,
    kind3: row.kind3,
    kind4: row.kind4,
    title: row.title,
    sub_title: row.subTitle,
    label: row.label,
    param: param.success ? param.data : {},
    access: gate.access,
    tailor: tailorOf(row),
    hide: isHiddenBook(row),
    min_role: gate.minRole,
    unlock_date_stamp: gate.unlockAt ? Math.floor(gate.unlockAt.getTime() / 1000) : null,
    question_count: count,
    status: gate.status,
    limit: copy?.limit ?? 0,
    // Listed books are never refused as not_found: only hide books are, and they are not listed.
    refusal: refusal === 'not_found' || refusal === 'public_only' ? 'forbidden' : refusal,
    answers_after_finish: !bookRevealsAnswers(actor, gate),
  };
}

/** The books of one bank page with this learner's status; staff also see hidden books (to check them before release). */
export async function listBooksFor(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  q: { kind: BookPageKind; page: number; page_size: number },
  now = deps.clock.now(),
): Promise<CallResponse<typeof bookCalls.list>> {
  const { db } = deps.database;
  const { rows, total } = await listBooks(db, q.kind, isStaff(actor), q.page_size, (q.page - 1) * q.page_size);
  return { books: await bookBriefs(deps, actor, rows, now), total };
}

/** Templates as list items for this learner, in their order: sizes, the learner's copies, what opening each answers. */
async function bookBriefs(deps: BookDeps, actor: Actor, rows: BookTemplateRow[], now: Date): Promise<BookBrief[]> {
  const { db } = deps.database;
  const ids = rows.map((r) => r.id);
  const [counts, copies] = await Promise.all([itemCounts(db, ids), userBookCopies(db, actor.user.id, ids)]);
  return rows.map((r) => toBookBrief(actor, r, copies.get(r.id), counts.get(r.id) ?? 0, now));
}

/**
 * The books on the shared tailor shelf (`tailor.common`), at most `limit`, listed as a bank page lists its books;
 * staff also see hidden ones. Who may see the shelf at all is the tailor module's rule.
 */
export async function commonShelfBooks(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  limit: number,
  now = deps.clock.now(),
): Promise<BookBrief[]> {
  return bookBriefs(deps, actor, await listCommonBooks(deps.database.db, isStaff(actor), limit), now);
}

/** A book's template and this learner's gate; an unknown id is `not_found`, like a hidden one. */
export async function loadBook(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: string,
): Promise<{ row: BookTemplateRow; gate: BookGate; copy: Copy | undefined }> {
  const row = await findBook(deps.database.db, id);
  if (!row) throw refusalError({ kind: 'not_found' }, 'book');
  const copy = (await userBookCopies(deps.database.db, actor.user.id, [id])).get(id);
  return { row, gate: toBookGate(row, copy), copy };
}

/**
 * One book with its question briefs by section, after the book access rules. Questions the viewer may not know of
 * (hidden, ungranted underground) are left out; locked ones an ordinary member cannot open are listed without stem.
 */
export async function getBook(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  id: string,
  now = deps.clock.now(),
): Promise<CallResponse<typeof bookCalls.get>> {
  const { row, gate, copy } = await loadBook(deps, actor, id);
  const opened = decideBook(actor, gate, now);
  if (!opened.open) throw refusalError(opened.refusal, 'book');
  const items = await bookItemBriefs(deps.database.db, id);
  const sections: CallResponse<typeof bookCalls.get>['sections'] = [];
  for (const item of items) {
    const decision = decideAccess(actor, item.visibility as Visibility, gate, now);
    if (!decision.see && decision.refusal.kind !== 'public_only') continue;
    let section = sections.at(-1);
    if (section?.section !== item.section) sections.push((section = { section: item.section, questions: [] }));
    section.questions.push(toQuestionBrief(item, decision.see));
  }
  return { book: toBookBrief(actor, row, copy, items.length, now), sections };
}
