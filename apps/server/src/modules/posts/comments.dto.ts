import type { Comment, CommentReview } from '@gre/contracts';
import type { CommentRow } from './posts.repository.js';

/** The name an anonymous comment shows to everyone but its author and staff (spec §3 Comment). */
export const ANONYMOUS_NICK = '匿名用户';

export interface Viewer {
  id: number;
  /** Staff know who wrote an anonymous comment. */
  staff: boolean;
}

const stamp = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);

/**
 * A comment row as `viewer` may see it: an anonymous author is hidden from other learners, a removed comment keeps
 * its place without its content or its author, and the reason of a rejection goes to its author (and staff) only.
 */
export function toComment(row: CommentRow, viewer: Viewer, replies: Comment[] = []): Comment {
  const mine = row.user_id === viewer.id;
  // A removed comment's author goes with its content: only staff (and the author) still see who wrote it.
  const hidden = (row.anonymous || row.removed) && !mine && !viewer.staff;
  return {
    id: row.id,
    kind: row.parent_id === null ? 'comment' : 'reply',
    parent_id: row.parent_id,
    user_id: hidden ? null : row.user_id,
    nick_name: hidden ? ANONYMOUS_NICK : row.nick_name,
    content: row.removed ? '' : row.content,
    like_count: row.like_count,
    reply_count: row.reply_count,
    replies,
    liked: row.liked,
    anonymous: row.anonymous,
    review_status: row.review_status as CommentReview,
    reject_reason: mine || viewer.staff ? row.reject_reason : null,
    mine,
    removed: row.removed,
    created_stamp: stamp(row.created_at),
  };
}

/** `rows` as comments, each with its replies found in `replies` (grouped by parent, in the order given). */
export function withReplies(rows: CommentRow[], replies: Comment[], viewer: Viewer): Comment[] {
  const byParent = new Map<number, Comment[]>();
  for (const r of replies) {
    const list = byParent.get(r.parent_id!) ?? [];
    list.push(r);
    byParent.set(r.parent_id!, list);
  }
  return rows.map((row) => toComment(row, viewer, byParent.get(row.id) ?? []));
}
