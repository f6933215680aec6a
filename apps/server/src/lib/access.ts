import {
  isHiddenBook,
  type BookAccess,
  type BookKind,
  type BookStatus,
  type RoleKind,
  type VISIBILITIES,
} from '@gre/contracts';
import { can, canSeeVisibility, hasHigherAccess, isStaff, type Actor } from './authorize.js';

export type Visibility = (typeof VISIBILITIES)[number];

/** What the access rules need of a book and of the viewer's copy of it. */
export interface BookGate {
  kind: BookKind;
  access: BookAccess;
  minRole: RoleKind | null;
  unlockAt: Date | null;
  grantsUnderground: boolean;
  /** The template's `hide` flag (isHiddenBook: hidden like an `access: 'hide'` book); absent reads as false. */
  hidden?: boolean;
  /** The template's `tailor.common` flag: the book is on the shared tailor shelf (sharedShelfOpens); absent reads as false. */
  common?: boolean;
  /** The viewer's copy; NotOpen when they never opened it. */
  status: BookStatus;
}

/** Why something is refused; each is an ERROR_KINDS entry the client's catalogue acts on. */
export type Refusal =
  | { kind: 'not_found' }
  | { kind: 'forbidden' }
  | { kind: 'limit'; need: 'role' | 'higher' }
  | { kind: 'book_locked'; unlockAt: Date }
  | { kind: 'public_only' };

export type BookDecision = { open: true; listed: true } | { open: false; listed: boolean; refusal: Refusal };

/**
 * What the shared tailor shelf's grant (`show_tailor_shelf`, /api/permission/assign_common_tailor_use) buys: a
 * `tailor.common` book opens whatever its tier lock or the higher bank's grant would say. It stands in for those two
 * checks only, so a hidden, forbidden or not-yet-unlocked book stays closed to the shelf's holder too.
 */
function sharedShelfOpens(actor: Actor, book: Pick<BookGate, 'common'>): boolean {
  return book.common === true && actor.user.showTailorShelf;
}

/**
 * Whether a viewer may list and open a book (product.md "Book access"). Staff pass everything. Mocks and hidden books
 * (isHiddenBook: `access: 'hide'` or the `hide` flag) are neither listed nor found; `forbid` are listed but refused; `lock` books refuse before their unlock date
 * (`book_locked`, the date is news to everyone), then below their tier (`limit`); the higher bank also needs the
 * `set_higher` grant. The tier and the higher grant give way to the shared tailor shelf (sharedShelfOpens).
 */
export function decideBook(actor: Actor, book: Omit<BookGate, 'status'>, now: Date): BookDecision {
  if (isStaff(actor)) return { open: true, listed: true };
  // A mock is taken only as a simulated exam, behind its own quota (sim_no_perm); as a book it would skip that.
  if (book.kind === 'mock') return { open: false, listed: false, refusal: { kind: 'not_found' } };
  if (isHiddenBook({ access: book.access, hide: book.hidden }))
    return { open: false, listed: false, refusal: { kind: 'not_found' } };
  if (book.access === 'forbid') return { open: false, listed: true, refusal: { kind: 'forbidden' } };
  if (book.access === 'lock') {
    if (book.unlockAt && book.unlockAt.getTime() > now.getTime()) {
      return { open: false, listed: true, refusal: { kind: 'book_locked', unlockAt: book.unlockAt } };
    }
    if (book.minRole && !can(actor, { minRole: book.minRole }) && !sharedShelfOpens(actor, book))
      return { open: false, listed: true, refusal: { kind: 'limit', need: 'role' } };
  }
  if (book.kind === 'higher' && !hasHigherAccess(actor) && !sharedShelfOpens(actor, book))
    return { open: false, listed: true, refusal: { kind: 'limit', need: 'higher' } };
  return { open: true, listed: true };
}

/** Whether the answers and analysis of an opened book may be shown: a `prevent` book only once its copy is Finish. */
export function bookRevealsAnswers(actor: Actor, book: Pick<BookGate, 'access' | 'status'>): boolean {
  return isStaff(actor) || book.access !== 'prevent' || book.status === 'Finish';
}

export type AccessDecision =
  /** The question may be shown; `answers` says whether `standard_answer`, `analysis` and the translation go with it. */
  { see: true; answers: boolean } | { see: false; refusal: Refusal };

/**
 * The one rule for what a viewer gets of a question, alone (`book` null) or opened inside a book.
 * Hidden and ungranted underground questions are `not_found` (their existence is not revealed); locked ones are
 * `public_only` for ordinary members; a refused book refuses its questions; a `prevent` book withholds answers.
 */
export function decideAccess(actor: Actor, visibility: Visibility, book: BookGate | null, now: Date): AccessDecision {
  if (book) {
    const opened = decideBook(actor, book, now);
    if (!opened.open) return { see: false, refusal: opened.refusal };
  }
  const granted = visibility === 'underground' && book?.grantsUnderground === true;
  if (!granted && !canSeeVisibility(actor, visibility)) {
    return { see: false, refusal: visibility === 'locked' ? { kind: 'public_only' } : { kind: 'not_found' } };
  }
  return { see: true, answers: book ? bookRevealsAnswers(actor, book) : true };
}

/**
 * Whether the answers of a question in a finished exam stay on the server for this viewer: a locked question beyond
 * their tier, which a mock mixes in (decision 007) and a lapsed tier leaves behind (decision 013). The question's
 * other refusals outside books are not this rule: an underground item came through the book that grants it, and a
 * question hidden after the exam was taken stays part of what the learner already saw.
 */
export function answersLockedFor(actor: Actor, visibility: Visibility): boolean {
  const d = decideAccess(actor, visibility, null, new Date());
  return !d.see && d.refusal.kind === 'public_only';
}
