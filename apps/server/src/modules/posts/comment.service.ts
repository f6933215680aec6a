import type { CallResponse, Comment, postCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { Reservations, type Budget } from '../../lib/reservations.js';
import { plainText, sanitizeRichText } from '../../lib/rich-text.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { retryLater } from '../auth/index.js';
import { sendChatMails } from './chat-mails.js';
import { countIn, removeComment } from './comment-changes.js';
import { toComment } from './comments.dto.js';
import {
  applyLike,
  findComment,
  insertComment,
  lockComment,
  matchKeywords,
  setSubscription,
} from './posts.repository.js';
import { openThread, viewerOf, visibleComment, type PostBody, type PostDeps } from './thread.service.js';

/** Comments per learner: a burst, and a day's worth. */
export const COMMENT_LIMITS = {
  perMinute: { max: 10, windowSeconds: 60 },
  perDay: { max: 100, windowSeconds: 86_400 },
} satisfies Record<string, Budget>;

/** Likes and follows per learner together: clicks, so a generous burst, but a script stops at it. */
export const REACTION_LIMITS = {
  perMinute: { max: 60, windowSeconds: 60 },
  perDay: { max: 1000, windowSeconds: 86_400 },
} satisfies Record<string, Budget>;

/** Runs a like or a follow inside the learner's reaction budget; one that fails counts nowhere. */
async function asReaction<T>(deps: Pick<Deps, 'limiter'>, actor: Actor, work: () => Promise<T>): Promise<T> {
  const held = new Reservations(deps.limiter);
  const refuse = (s: number) => retryLater('rate_limited', s, 'too many likes and follows from this learner');
  await held.take(`reaction:minute:${actor.user.id}`, REACTION_LIMITS.perMinute, refuse);
  await held.take(`reaction:day:${actor.user.id}`, REACTION_LIMITS.perDay, refuse);
  try {
    const out = await work();
    held.keep();
    return out;
  } catch (error) {
    await held.releaseAll();
    throw error;
  }
}

const REPLY_REMOVED = '这条评论已删除，不能回复';
const REPLY_REJECTED = '这条评论未通过审核，不能回复';
const REPLY_PENDING = '这条评论还在审核中，通过后才能回复';
const EMPTY = '评论内容不能为空';

/** Rich text with nothing left to show once sanitised: no text and no image. */
const isEmpty = (html: string) => plainText(html) === '' && !/<img\s/i.test(html);

/**
 * Posts a comment or a reply. The HTML is sanitised first (empty afterwards → invalid_input); a reply goes under a
 * comment of the same thread that everyone sees (a removed, rejected or waiting one refuses it with `conflict`). A
 * keyword of the operators' list in its text holds it for review (Uploading, with the words that matched); otherwise
 * it is shown at once, counted and mailed about, all in one transaction. Rate limited per learner.
 */
export async function postComment(deps: Deps, actor: Actor, body: PostBody<'comment'>): Promise<Comment> {
  const content = sanitizeRichText(body.content);
  if (isEmpty(content)) throw new AppError('invalid_input', 'the comment is empty once sanitised', EMPTY);
  await openThread(deps, actor, body.topic_id);
  const held = new Reservations(deps.limiter);
  const refuse = (s: number) => retryLater('rate_limited', s, 'too many comments from this learner');
  await held.take(`comment:minute:${actor.user.id}`, COMMENT_LIMITS.perMinute, refuse);
  await held.take(`comment:day:${actor.user.id}`, COMMENT_LIMITS.perDay, refuse);
  const now = deps.clock.now();
  try {
    const id = await withUnitOfWork(deps, async ({ tx, deps: unit }) => {
      let parentAuthor: number | null = null;
      if (body.parent_id !== null) {
        const parent = await lockComment(tx, body.parent_id);
        const sees = parent && (await findComment(tx, parent.id, actor.user.id, true));
        if (!parent || !sees || parent.topicId !== body.topic_id)
          throw new AppError('not_found', 'no such comment in this thread');
        if (parent.removedAt) throw new AppError('conflict', 'the comment replied to was removed', REPLY_REMOVED);
        if (parent.reviewStatus === 'Rejected')
          throw new AppError('conflict', 'the comment replied to was rejected', REPLY_REJECTED);
        if (parent.reviewStatus !== 'Reviewed')
          throw new AppError('conflict', 'the comment replied to waits for review', REPLY_PENDING);
        parentAuthor = parent.userId;
      }
      const matched = await matchKeywords(tx, plainText(content).toLowerCase());
      const status = matched.length > 0 ? 'Uploading' : 'Reviewed';
      const created = await insertComment(tx, {
        topicId: body.topic_id,
        parentId: body.parent_id,
        userId: actor.user.id,
        content,
        anonymous: body.anonymous,
        reviewStatus: status,
        matched,
        createdAt: now,
      });
      if (status === 'Reviewed') {
        await countIn(tx, { topicId: body.topic_id, parentId: body.parent_id });
        await sendChatMails(unit, {
          id: created,
          topicId: body.topic_id,
          userId: actor.user.id,
          nickName: actor.user.name,
          anonymous: body.anonymous,
          content,
          parentAuthor,
        });
      }
      return created;
    });
    held.keep();
    const row = await findComment(deps.database.db, id, actor.user.id, false);
    return toComment(row!, viewerOf(actor));
  } catch (err) {
    await held.releaseAll();
    throw err;
  }
}

/** The author takes back their comment: it is removed as an operator's removal would (its replies stay). */
export async function deleteOwnComment(deps: PostDeps, actor: Actor, id: number): Promise<{ done: true }> {
  return withUnitOfWork(deps, async ({ tx }) => {
    const row = await lockComment(tx, id);
    if (!row) throw new AppError('not_found', 'comment not found');
    if (row.userId !== actor.user.id) throw new AppError('forbidden', 'only its author deletes a comment');
    // Deleting twice (a retried request) finds it gone and answers the same.
    if (!row.removedAt) await removeComment(tx, row, { userId: actor.user.id, reason: null, at: deps.clock.now() });
    return { done: true as const };
  });
}

/** Likes or unlikes a comment everyone sees, once per learner; the count moves only with a like row. */
export async function likeComment(
  deps: PostDeps & Pick<Deps, 'limiter'>,
  actor: Actor,
  body: PostBody<'like'>,
): Promise<CallResponse<typeof postCalls.like>> {
  const row = await visibleComment(deps, actor, body.comment_id);
  if (row.removed || row.review_status !== 'Reviewed')
    throw new AppError('conflict', 'only a shown comment can be liked');
  return asReaction(deps, actor, async () => {
    const count = await applyLike(deps.database.db, row.id, actor.user.id, body.like, deps.clock.now());
    if (count === null) throw new AppError('not_found', 'comment not found');
    return { like_count: count, liked: body.like };
  });
}

/** Follows or unfollows a thread (new comments then mail the follower), inside the reaction budget. */
export async function subscribe(
  deps: PostDeps & Pick<Deps, 'limiter'>,
  actor: Actor,
  body: PostBody<'subscribe'>,
): Promise<CallResponse<typeof postCalls.subscribe>> {
  await openThread(deps, actor, body.topic_id);
  return asReaction(deps, actor, async () => {
    await setSubscription(deps.database.db, body.topic_id, actor.user.id, body.subscribed, deps.clock.now());
    return { subscribed: body.subscribed };
  });
}
