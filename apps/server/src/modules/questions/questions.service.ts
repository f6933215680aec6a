import { type CallRequest, type CallResponse, type QuestionView, type questionCalls } from '@gre/contracts';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import type { PassageRowFull, QuestionRowFull } from '@gre/db/queries';
import { loadBook, questionsInBook } from '../books/index.js';
import { decideAccess, decideBook, type AccessDecision, type BookGate, type Visibility } from '../../lib/access.js';
import { heldForExams } from './in-exam.repository.js';
import { toQuestionBrief, toQuestionView } from '../../lib/question-view.js';
import { filterQuestions, findQuestions } from './questions.repository.js';
import { refusalError } from '../../lib/refusals.js';
import { openQuestions, quotaFor } from '../../lib/quota.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';

/** When several questions are refused, the answer that reveals least wins: not_found before public_only. */
const REFUSAL_ORDER = ['not_found', 'public_only'];

/**
 * Questions by id, in the order asked, each through `decideAccess`. One unknown, hidden or ungranted id refuses the
 * whole request as `not_found` (so a probe learns nothing about which exist); a locked one refuses an ordinary member
 * with `public_only`. With `book_id` the book's rules apply and every id must be one of its items. A question of an
 * exam the learner is taking comes without its answers until that section is submitted (heldForExams, decision 013).
 */
export async function getQuestions(
  deps: Pick<Deps, 'database' | 'clock' | 'settings' | 'uow'>,
  actor: Actor,
  body: Pick<CallRequest<typeof questionCalls.get>, 'ids' | 'book_id'>,
  now = deps.clock.now(),
): Promise<{ questions: QuestionView[] }> {
  const ids = [...new Set(body.ids)];
  let book: BookGate | null = null;
  if (body.book_id) {
    const loaded = await loadBook(deps, actor, body.book_id);
    const opened = decideBook(actor, loaded.gate, now);
    if (!opened.open) throw refusalError(opened.refusal, 'book');
    const listed = await questionsInBook(deps, body.book_id, ids);
    if (listed.size !== ids.length) throw refusalError({ kind: 'not_found' }, 'question in this book');
    book = loaded.gate;
  }
  const [rows, held] = await Promise.all([
    findQuestions(deps.database.db, ids),
    heldForExams(deps.database.db, actor.user.id, ids, now),
  ]);
  if (rows.length !== ids.length) throw refusalError({ kind: 'not_found' }, 'question');
  const decided = rows.map((r) => ({
    ...r,
    decision: decideAccess(actor, r.question.visibility as Visibility, book, now),
  }));
  const refused = decided
    .map((d) => d.decision)
    .filter((d): d is Extract<AccessDecision, { see: false }> => !d.see)
    .sort((a, b) => REFUSAL_ORDER.indexOf(a.refusal.kind) - REFUSAL_ORDER.indexOf(b.refusal.kind));
  if (refused[0]) throw refusalError(refused[0].refusal, 'question');
  // Showing a question opens it: the day's quota counts it once (product.md), or refuses before anything is sent.
  const quota = quotaFor(actor, await deps.settings.override('quotas'));
  const targets = rows.map((r) => ({ questionId: r.question.id, category: r.question.category }));
  await withUnitOfWork(deps, ({ tx }) => openQuestions(tx, actor, quota, targets, now));
  const byId = new Map(decided.map((d) => [d.question.id, d]));
  return {
    questions: ids.map((id) => {
      const d = byId.get(id)!;
      return toQuestionView(d.question, d.passage, d.decision.see && d.decision.answers && !held.has(id), held.has(id));
    }),
  };
}

/** The big bank: only what this viewer may see outside books (public; locked from FreeVIP; everything for staff). */
export async function filterBank(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  q: CallRequest<typeof questionCalls.filter>,
): Promise<CallResponse<typeof questionCalls.filter>> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? 20;
  const visibilities = visibleVisibilities(actor);
  const { rows, total, capped } = await filterQuestions(deps.database.db, {
    category: q.category ?? 0,
    kind: q.kind,
    difficulty: q.difficulty,
    topic: q.topic,
    tag: q.tag,
    keyword: q.keyword,
    visibilities,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map((r) => toQuestionBrief(r, true)), total, capped, page, page_size: pageSize };
}

/**
 * Of `ids` (null: every question), those whose answers, analysis, translation and explanation video stay on the server
 * while this learner's exam runs (decision 013). Every call that hands out answers asks this.
 */
export function answersHeldFor(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  ids: readonly string[] | null,
): Promise<Set<string>> {
  return heldForExams(deps.database.db, userId, ids, deps.clock.now());
}

/** Questions with their passages, by id, answers included: the caller decides what of them the viewer may see. */
export function questionsWithPassages(
  deps: Pick<Deps, 'database'>,
  ids: string[],
): Promise<{ question: QuestionRowFull; passage: PassageRowFull | null }[]> {
  return findQuestions(deps.database.db, ids);
}
