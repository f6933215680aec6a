import type { tailorCalls } from '@gre/contracts';
import {
  ROLE_NAMES,
  type CallRequest,
  type CallResponse,
  type QuestionBrief,
  type RoleKind,
  type TailoredBook,
} from '@gre/contracts';
import type { Queryable } from '@gre/db';
import type { BriefRow } from '@gre/db/queries';
import { decideAccess, type Visibility } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { maskTarget } from '../../lib/mask.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import { staffChange } from '../../lib/staff-change.js';
import {
  bookById,
  booksOf,
  briefsByIds,
  changeUses,
  customSources,
  deleteBook,
  findLearners,
  insertBook,
  learner,
  sourceQuestionIds,
  tailorableIds,
  updateBook,
  type TailoredBookRow,
} from './tailor.repository.js';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

function toDto(row: TailoredBookRow, teacherName: string | null): TailoredBook {
  return {
    id: row.id,
    user_id: row.userId,
    teacher_id: row.teacherId,
    teacher_name: teacherName,
    name: row.name,
    question_ids: row.questionIds,
    created_stamp: stamp(row.createdAt),
    updated_stamp: stamp(row.updatedAt),
  };
}

/** What an audit row keeps of a tailored book. */
const auditView = (row: TailoredBookRow) => ({ user_id: row.userId, name: row.name, question_ids: row.questionIds });

/**
 * Adds `delta` tailored-book uses to a learner (negative takes back), inside the caller's transaction: the one writer
 * of `users.custom_tailor_uses`. Never below zero (`conflict`); an unknown user is `not_found`. The new count.
 */
export async function changeTailorUses(db: Queryable, userId: number, delta: number): Promise<number> {
  const uses = await changeUses(db, userId, delta);
  if (uses !== null) return uses;
  const who = await learner(db, userId);
  if (!who) throw new AppError('not_found', `no user ${userId}`, '用户不存在');
  throw new AppError(
    'conflict',
    `${who.uses} tailored-book uses left, cannot take ${-delta}`,
    `该学员只剩 ${who.uses} 次定制题本次数，不能减少 ${-delta} 次`,
  );
}

/** Rows in the order of `ids`; ids with no row are skipped. */
const briefsInOrder = (ids: string[], rows: BriefRow[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
};

export async function tailorSources(
  deps: Deps,
  bookId: string | undefined,
): Promise<CallResponse<typeof tailorCalls.sources>> {
  const db = deps.database.db;
  const books = (await customSources(db)).map((b) => ({
    book_id: b.bookId,
    title: b.title,
    sub_title: b.subTitle,
    question_count: b.count,
  }));
  if (bookId === undefined) return { books, questions: [] };
  if (!books.some((b) => b.book_id === bookId))
    throw new AppError('not_found', `${bookId} is not a tailor.custom book`, '该题本不能用于定制');
  const ids = await sourceQuestionIds(db, bookId);
  const rows = briefsInOrder(ids, await briefsByIds(db, ids));
  // Only teachers and admins call this, and staff may open every question: each line is whole.
  return { books, questions: rows.map((r) => toQuestionBrief(r, true)) };
}

/**
 * Learners a teacher may build for, found by phone, e-mail, name or id as the admin's user search finds users. The
 * contacts are masked: the teacher needs to tell learners apart, not to reach them.
 */
export async function findLearner(
  deps: Deps,
  body: CallRequest<typeof tailorCalls.findLearner>,
): Promise<CallResponse<typeof tailorCalls.findLearner>> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 10;
  const { rows, total } = await findLearners(deps.database.db, body.query, deps.clock.now(), page, size);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone === null ? null : maskTarget(r.phone),
      email: r.email === null ? null : maskTarget(r.email),
      role_name: ROLE_NAMES[r.role as RoleKind] ?? r.role,
      custom_tailor_uses: r.uses,
    })),
    page_control: { page, page_size: size, total },
  };
}

export async function listTailored(deps: Deps, userId: number): Promise<CallResponse<typeof tailorCalls.list>> {
  const db = deps.database.db;
  const who = await learner(db, userId);
  if (!who) throw new AppError('not_found', `no user ${userId}`, '学员不存在');
  const books = await booksOf(db, userId);
  return {
    user_id: who.id,
    user_name: who.name,
    custom_tailor_uses: who.uses,
    books: books.map((b) => toDto(b, b.teacherName)),
  };
}

/**
 * Creates or updates a learner's tailored book. Every question must stand in a `tailor.custom` book; creating takes
 * one of the learner's uses in the same transaction (none left: `conflict`), so a refused save takes nothing.
 */
export async function saveTailored(
  deps: Deps,
  actor: Actor,
  body: CallRequest<typeof tailorCalls.save>,
): Promise<CallResponse<typeof tailorCalls.save>> {
  const ids = [...new Set(body.question_ids)];
  return staffChange(
    deps,
    actor,
    {
      action: 'tailor/save',
      target: { targetKind: 'tailored_book', targetId: body.id ?? null },
      auditRefusals: false,
    },
    async ({ tx }) => {
      const who = await learner(tx, body.user_id);
      if (!who) throw new AppError('not_found', `no user ${body.user_id}`, '学员不存在');
      const allowed = await tailorableIds(tx, ids);
      const outside = ids.filter((id) => !allowed.has(id));
      if (outside.length > 0)
        throw new AppError(
          'not_found',
          `not in any tailor.custom book: ${outside.join(', ')}`,
          `这些题目不在可定制的题本中：${outside.slice(0, 5).join('、')}${outside.length > 5 ? '…' : ''}`,
        );
      const values = { name: body.name, questionIds: ids, teacherId: actor.user.id };
      if (body.id !== undefined) {
        const old = await bookById(tx, body.id);
        if (!old || old.userId !== body.user_id)
          throw new AppError('not_found', `no tailored book ${body.id} of user ${body.user_id}`, '定制题本不存在');
        const row = (await updateBook(tx, body.id, values))!;
        return {
          result: { book: toDto(row, actor.user.name), custom_tailor_uses: who.uses },
          audits: [{ targetKind: 'tailored_book', targetId: row.id, before: auditView(old), after: auditView(row) }],
        };
      }
      const uses = await changeUses(tx, body.user_id, -1);
      if (uses === null)
        throw new AppError(
          'conflict',
          `user ${body.user_id} has no tailored-book uses left`,
          '该学员没有剩余的定制题本次数，请先请管理员分配',
        );
      const row = await insertBook(tx, { userId: body.user_id, ...values });
      return {
        result: { book: toDto(row, actor.user.name), custom_tailor_uses: uses },
        audits: [{ targetKind: 'tailored_book', targetId: row.id, before: null, after: auditView(row) }],
      };
    },
  );
}

export async function deleteTailored(deps: Deps, actor: Actor, id: number): Promise<{ done: true }> {
  return staffChange(
    deps,
    actor,
    { action: 'tailor/delete', target: { targetKind: 'tailored_book', targetId: id }, auditRefusals: false },
    async ({ tx }) => {
      const row = await deleteBook(tx, id);
      if (!row) throw new AppError('not_found', `no tailored book ${id}`, '定制题本不存在');
      return {
        result: { done: true as const },
        audits: [{ targetKind: 'tailored_book', targetId: id, before: auditView(row), after: null }],
      };
    },
  );
}

/**
 * The learner's own tailored books. Each question goes through the one access rule (`decideAccess`): one the learner
 * may open is a full list line, a locked one beyond their tier keeps its labels without its stem, and a hidden or
 * underground one is left out, its existence not revealed.
 */
export async function myTailored(deps: Deps, actor: Actor): Promise<CallResponse<typeof tailorCalls.mine>> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const books = await booksOf(db, actor.user.id);
  const rows = await briefsByIds(db, [...new Set(books.flatMap((b) => b.questionIds))]);
  const lines = new Map<string, QuestionBrief>();
  for (const row of rows) {
    const decision = decideAccess(actor, row.visibility as Visibility, null, now);
    if (decision.see) lines.set(row.id, toQuestionBrief(row, true));
    else if (decision.refusal.kind === 'public_only') lines.set(row.id, toQuestionBrief(row, false));
  }
  return {
    books: books.map((b) => ({
      id: b.id,
      name: b.name,
      teacher_name: b.teacherName,
      updated_stamp: stamp(b.updatedAt),
      questions: b.questionIds.flatMap((id) => (lines.has(id) ? [lines.get(id)!] : [])),
    })),
  };
}
