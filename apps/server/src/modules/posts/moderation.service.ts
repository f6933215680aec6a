import { KEYWORD_MAX, postCalls, type CallResponse, type Comment } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import type { PostBody } from './thread.service.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { sendChatMails } from './chat-mails.js';
import { countIn, removeComment } from './comment-changes.js';
import { toComment } from './comments.dto.js';
import {
  findComment,
  listKeywords,
  lockComment,
  replaceKeywords,
  reviewQueuePage,
  setReview,
} from './posts.repository.js';

// Every operator action here runs in one unit of work with its audit row (decisions 017, 027): an action and its
// record commit together or not at all.

type ModDeps = Pick<Deps, 'database' | 'clock' | 'uow'>;

const DECIDED = '这条评论已经处理过了';
const GONE = '这条评论已删除';

/** Comments waiting for review, oldest first, each with its real author and the keywords that held it. */
export async function reviewQueue(
  deps: ModDeps,
  actor: Actor,
  body: PostBody<'reviewQueue'>,
): Promise<CallResponse<typeof postCalls.reviewQueue>> {
  const { rows, total } = await reviewQueuePage(
    deps.database.db,
    actor.user.id,
    body.page_size,
    (body.page - 1) * body.page_size,
  );
  const viewer = { id: actor.user.id, staff: true };
  return {
    comments: rows.map((r) => ({
      comment: toComment(r, viewer),
      author: { id: r.user_id, nick_name: r.nick_name },
      topic_id: r.topic_id,
      question_id: r.question_id,
      matched: r.matched,
    })),
    page_control: { page: body.page, page_size: body.page_size, total },
  };
}

/**
 * Approves a waiting comment (shown, counted, mailed about) or rejects it with a reason its author sees. Only a
 * waiting comment is decided, once: a second decision, or one on a removed comment, is `conflict`.
 */
export async function reviewComment(deps: ModDeps, actor: Actor, body: PostBody<'review'>): Promise<Comment> {
  return withUnitOfWork(deps, async (uow) => {
    const { tx, deps: unit } = uow;
    const row = await lockComment(tx, body.id);
    if (!row) throw new AppError('not_found', 'comment not found');
    if (row.removedAt) throw new AppError('conflict', 'the comment was removed', GONE);
    if (row.reviewStatus !== 'Uploading')
      throw new AppError('conflict', `the comment is already ${row.reviewStatus}`, DECIDED);
    const at = deps.clock.now();
    if (body.decision === 'approve') {
      await setReview(tx, row.id, { status: 'Reviewed', reason: null, by: actor.user.id, at });
      await countIn(tx, row);
      const parent = row.parentId === null ? null : await findComment(tx, row.parentId, actor.user.id, false);
      const author = await findComment(tx, row.id, actor.user.id, false);
      await sendChatMails(unit, {
        id: row.id,
        topicId: row.topicId,
        userId: row.userId,
        nickName: author!.nick_name,
        anonymous: row.anonymous,
        content: row.content,
        parentAuthor: parent?.user_id ?? null,
      });
    } else {
      await setReview(tx, row.id, { status: 'Rejected', reason: body.reason, by: actor.user.id, at });
    }
    await recordAudit(uow, actor, {
      action: actionOf(postCalls.review.path),
      targetKind: 'comment',
      targetId: row.id,
      before: { review_status: row.reviewStatus },
      after:
        body.decision === 'approve'
          ? { review_status: 'Reviewed' }
          : { review_status: 'Rejected', reason: body.reason },
    });
    const decided = await findComment(tx, row.id, actor.user.id, false);
    return toComment(decided!, { id: actor.user.id, staff: true });
  });
}

/** An operator removes any comment, with a reason; a comment already removed is `conflict`. */
export async function removeAnyComment(deps: ModDeps, actor: Actor, body: PostBody<'remove'>): Promise<{ done: true }> {
  return withUnitOfWork(deps, async (uow) => {
    const row = await lockComment(uow.tx, body.id);
    if (!row) throw new AppError('not_found', 'comment not found');
    if (row.removedAt) throw new AppError('conflict', 'the comment was removed already', GONE);
    await removeComment(uow.tx, row, { userId: actor.user.id, reason: body.reason, at: deps.clock.now() });
    await recordAudit(uow, actor, {
      action: actionOf(postCalls.remove.path),
      targetKind: 'comment',
      targetId: row.id,
      before: { review_status: row.reviewStatus, user_id: row.userId, content: row.content },
      after: { removed: true, reason: body.reason },
    });
    return { done: true as const };
  });
}

export async function getKeywords(deps: ModDeps): Promise<{ words: string[] }> {
  return { words: await listKeywords(deps.database.db) };
}

/** The keyword list as stored: trimmed, lower case, each once; a word empty once trimmed is refused. */
export function normaliseKeywords(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const word = w.trim().replace(/\s+/g, ' ').toLowerCase();
    if (word === '') throw new AppError('invalid_input', 'a keyword is blank', '敏感词不能为空');
    out.add(word.slice(0, KEYWORD_MAX));
  }
  return [...out].sort();
}

/** Replaces the keyword list; comments posted afterwards are checked against the new one. */
export async function setKeywords(
  deps: ModDeps,
  actor: Actor,
  body: PostBody<'setKeywords'>,
): Promise<{ words: string[] }> {
  const words = normaliseKeywords(body.words);
  return withUnitOfWork(deps, async (uow) => {
    const before = await listKeywords(uow.tx);
    await replaceKeywords(uow.tx, words, deps.clock.now());
    const after = await listKeywords(uow.tx);
    const entry = { action: actionOf(postCalls.setKeywords.path), targetKind: 'keywords' as const, targetId: null };
    await recordAudit(uow, actor, { ...entry, before, after });
    return { words: after };
  });
}
