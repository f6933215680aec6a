import type { Queryable } from '@gre/db';
import { addToCommentCount, addToReplyCount, markRemoved, type CommentLock } from './posts.repository.js';

// The counts every learner sees, kept exact inside the transaction that changes what they count:
// - posts.comment_count: the thread's reviewed comments that are not removed (replies included);
// - comments.reply_count: the direct replies shown to everyone — reviewed and not removed, or removed but kept as a
//   placeholder because replies hang on it (reply_count > 0). The thread query shows a removed comment by that rule,
//   so a placeholder's parent counts it, and a placeholder that loses its last reply leaves its own parent too.
// Rows are locked in one order everywhere — the comment, then its ancestors upwards, then the thread's row last — so
// a reply, a review and a removal in the same thread at once wait in line, never for each other in a circle.

/** A shown reply came (+1) or went (-1) under `parentId`; the change climbs while it changes a placeholder's showing. */
async function shownUnder(db: Queryable, parentId: number | null, delta: 1 | -1): Promise<void> {
  let id = parentId;
  while (id !== null) {
    const row = await addToReplyCount(db, id, delta);
    if (!row || !row.removed || !row.reviewed) return;
    const before = row.replyCount - delta;
    if (before > 0 === row.replyCount > 0) return;
    id = row.parentId;
  }
}

/** A comment became visible to everyone (posted unheld, or approved). */
export async function countIn(db: Queryable, c: { topicId: number; parentId: number | null }): Promise<void> {
  await shownUnder(db, c.parentId, 1);
  await addToCommentCount(db, c.topicId, 1);
}

/** A reviewed comment was removed: it stays shown as a placeholder only while replies hang on it. */
export async function countOut(
  db: Queryable,
  c: { topicId: number; parentId: number | null; replyCount: number },
): Promise<void> {
  if (c.replyCount === 0) await shownUnder(db, c.parentId, -1);
  await addToCommentCount(db, c.topicId, -1);
}

/**
 * Removes a comment (its author's delete or an operator's removal): it keeps its row, and its place in the thread while
 * replies hang on it; a reviewed one leaves the counts. The caller holds the row's lock (`lockComment`).
 */
export async function removeComment(
  db: Queryable,
  row: CommentLock,
  by: { userId: number; reason: string | null; at: Date },
): Promise<void> {
  await markRemoved(db, row.id, by);
  if (row.reviewStatus === 'Reviewed') await countOut(db, row);
}
