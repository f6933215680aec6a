import { comments, moderationKeywords, posts, postSubscriptions, questions, type Queryable, type Tx } from '@gre/db';
import { advisoryLock } from '@gre/db/queries';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';

/** What a question gives its thread: access is decided on it, the subject is cut from it. */
export interface ThreadQuestion {
  id: string;
  topicId: number;
  kind: string;
  inquiry: string;
  visibility: string;
}

export async function findQuestionByTopic(db: Queryable, topicId: number): Promise<ThreadQuestion | null> {
  const [row] = await db
    .select({
      id: questions.id,
      topicId: questions.topicId,
      kind: questions.kind,
      inquiry: questions.inquiry,
      visibility: questions.visibility,
    })
    .from(questions)
    .where(eq(questions.topicId, topicId))
    .limit(1);
  return row ?? null;
}

/** The thread's row, made on first open; a concurrent first open of the same thread makes one. */
export async function ensurePost(db: Queryable, topicId: number, questionId: string, now: Date): Promise<void> {
  await db.insert(posts).values({ topicId, questionId, createdAt: now }).onConflictDoNothing();
}

export async function postState(
  db: Queryable,
  topicId: number,
  userId: number,
): Promise<{ commentCount: number; subscribed: boolean }> {
  const result = await db.execute<{ comment_count: number; subscribed: boolean }>(sql`
    select p.comment_count,
      exists (select 1 from post_subscriptions s where s.topic_id = p.topic_id and s.user_id = ${userId}) as subscribed
    from posts p where p.topic_id = ${topicId}`);
  const row = result.rows[0];
  return { commentCount: Number(row?.comment_count ?? 0), subscribed: row?.subscribed === true };
}

export async function setSubscription(db: Queryable, topicId: number, userId: number, on: boolean, now: Date) {
  if (on) await db.insert(postSubscriptions).values({ topicId, userId, createdAt: now }).onConflictDoNothing();
  else
    await db
      .delete(postSubscriptions)
      .where(and(eq(postSubscriptions.topicId, topicId), eq(postSubscriptions.userId, userId)));
}

export async function subscribersOf(db: Queryable, topicId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: postSubscriptions.userId })
    .from(postSubscriptions)
    .where(eq(postSubscriptions.topicId, topicId));
  return rows.map((r) => r.userId);
}

/** A comment as the thread shows it: its author's name and whether the viewer liked it. */
export type CommentRow = {
  id: number;
  topic_id: number;
  parent_id: number | null;
  user_id: number;
  nick_name: string;
  content: string;
  anonymous: boolean;
  review_status: string;
  reject_reason: string | null;
  like_count: number;
  reply_count: number;
  removed: boolean;
  created_at: Date | string;
  liked: boolean;
  matched: string[];
};

const columns = (viewerId: number) => sql`
  c.id, c.topic_id, c.parent_id, c.user_id, u.name as nick_name, c.content, c.anonymous, c.review_status,
  c.reject_reason, c.like_count, c.reply_count, c.removed_at is not null as removed, c.created_at, c.matched,
  exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = ${viewerId}) as liked`;

/**
 * Which comments a viewer sees in a thread: reviewed ones (a removed one only while replies hang on it, as a
 * placeholder), and their own that wait for review or were rejected. Operators see the others in the queue only.
 */
const visibleTo = (viewerId: number) => sql`(
  (c.review_status = 'Reviewed' and (c.removed_at is null or c.reply_count > 0))
  or (c.user_id = ${viewerId} and c.removed_at is null))`;

const normalise = (r: CommentRow): CommentRow => ({
  ...r,
  id: Number(r.id),
  topic_id: Number(r.topic_id),
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  user_id: Number(r.user_id),
  like_count: Number(r.like_count),
  reply_count: Number(r.reply_count),
});

/** A page of the thread's top-level comments (one more than asked, so the caller knows whether there are more). */
export async function topLevelPage(
  db: Queryable,
  topicId: number,
  viewerId: number,
  sort: 'new' | 'likes',
  limit: number,
  offset: number,
): Promise<CommentRow[]> {
  const order: SQL =
    sort === 'likes' ? sql`c.like_count desc, c.created_at desc, c.id desc` : sql`c.created_at desc, c.id desc`;
  const result = await db.execute<CommentRow>(sql`
    select ${columns(viewerId)} from comments c join users u on u.id = c.user_id
    where c.topic_id = ${topicId} and c.parent_id is null and ${visibleTo(viewerId)}
    order by ${order} limit ${limit} offset ${offset}`);
  return result.rows.map(normalise);
}

/** A page of one comment's replies, oldest first (one more than asked). */
export async function repliesPage(
  db: Queryable,
  parentId: number,
  viewerId: number,
  limit: number,
  offset: number,
): Promise<CommentRow[]> {
  const result = await db.execute<CommentRow>(sql`
    select ${columns(viewerId)} from comments c join users u on u.id = c.user_id
    where c.parent_id = ${parentId} and ${visibleTo(viewerId)}
    order by c.created_at, c.id limit ${limit} offset ${offset}`);
  return result.rows.map(normalise);
}

/** The first `each` replies the viewer sees under each of `parentIds`, oldest first: one index walk per parent. */
export async function firstReplies(
  db: Queryable,
  parentIds: number[],
  viewerId: number,
  each: number,
): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const ids = sql.join(
    parentIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await db.execute<CommentRow>(sql`
    select r.* from unnest(array[${ids}]) as p(id)
    cross join lateral (
      select ${columns(viewerId)} from comments c join users u on u.id = c.user_id
      where c.parent_id = p.id and ${visibleTo(viewerId)}
      order by c.created_at, c.id limit ${each}) r`);
  return result.rows.map(normalise);
}

/** One comment, whoever may see it (`visible`: only when `viewerId` sees it in the thread). */
export async function findComment(
  db: Queryable,
  id: number,
  viewerId: number,
  visible: boolean,
): Promise<CommentRow | null> {
  const result = await db.execute<CommentRow>(sql`
    select ${columns(viewerId)} from comments c join users u on u.id = c.user_id
    where c.id = ${id} ${visible ? sql`and ${visibleTo(viewerId)}` : sql``}`);
  const row = result.rows[0];
  return row ? normalise(row) : null;
}

export type CommentLock = typeof comments.$inferSelect;

/** The comment's row, locked until the transaction ends: decisions on it (review, removal, a reply) go one by one. */
export async function lockComment(db: Queryable, id: number): Promise<CommentLock | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).for('update');
  return row ?? null;
}

export async function insertComment(db: Queryable, values: typeof comments.$inferInsert): Promise<number> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/** Adds `delta` to the thread's count of comments everyone sees. */
export async function addToCommentCount(db: Queryable, topicId: number, delta: number): Promise<void> {
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.topicId, topicId));
}

/** Adds `delta` to a comment's reply count; answers what the cascade needs to know of it afterwards. */
export async function addToReplyCount(
  db: Queryable,
  id: number,
  delta: number,
): Promise<{ replyCount: number; parentId: number | null; removed: boolean; reviewed: boolean } | null> {
  const [row] = await db
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
    .where(eq(comments.id, id))
    .returning({
      replyCount: comments.replyCount,
      parentId: comments.parentId,
      removedAt: comments.removedAt,
      status: comments.reviewStatus,
    });
  if (!row) return null;
  return {
    replyCount: row.replyCount,
    parentId: row.parentId,
    removed: row.removedAt !== null,
    reviewed: row.status === 'Reviewed',
  };
}

export async function markRemoved(
  db: Queryable,
  id: number,
  by: { userId: number; reason: string | null; at: Date },
): Promise<void> {
  await db
    .update(comments)
    .set({ removedAt: by.at, removedBy: by.userId, removeReason: by.reason })
    .where(and(eq(comments.id, id), isNull(comments.removedAt)));
}

export async function setReview(
  db: Queryable,
  id: number,
  decision: { status: 'Reviewed' | 'Rejected'; reason: string | null; by: number; at: Date },
): Promise<void> {
  await db
    .update(comments)
    .set({
      reviewStatus: decision.status,
      rejectReason: decision.reason,
      reviewedBy: decision.by,
      reviewedAt: decision.at,
    })
    .where(eq(comments.id, id));
}

/**
 * Likes or unlikes in one statement: the like row is inserted (or deleted) and the count moves by the rows that
 * actually changed, so a second like, or twenty at once, counts once. Null when the comment is gone.
 */
export async function applyLike(
  db: Queryable,
  commentId: number,
  userId: number,
  like: boolean,
  now: Date,
): Promise<number | null> {
  const change = like
    ? sql`insert into comment_likes (comment_id, user_id, created_at)
        values (${commentId}, ${userId}, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning 1`
    : sql`delete from comment_likes where comment_id = ${commentId} and user_id = ${userId} returning 1`;
  const sign = like ? sql`+` : sql`-`;
  const result = await db.execute<{ like_count: number }>(sql`
    with changed as (${change})
    update comments set like_count = like_count ${sign} (select count(*)::int from changed)
    where id = ${commentId} returning like_count`);
  const row = result.rows[0];
  return row ? Number(row.like_count) : null;
}

/** The keywords found in `lowerText` (already lower case): each stored word is lower case too. */
export async function matchKeywords(db: Queryable, lowerText: string): Promise<string[]> {
  const result = await db.execute<{ word: string }>(sql`
    select word from moderation_keywords where strpos(${lowerText}, word) > 0 order by word`);
  return result.rows.map((r) => r.word);
}

export async function listKeywords(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ word: moderationKeywords.word })
    .from(moderationKeywords)
    .orderBy(asc(moderationKeywords.word));
  return rows.map((r) => r.word);
}

/** Replaces the list; concurrent replacements go one after the other (the last one wins whole). */
export async function replaceKeywords(tx: Tx, words: string[], now: Date): Promise<void> {
  await advisoryLock(tx, 'moderation_keywords');
  await tx.delete(moderationKeywords);
  if (words.length > 0) await tx.insert(moderationKeywords).values(words.map((word) => ({ word, createdAt: now })));
}

/** A comment waiting for review, with where it was written. */
export type QueuedRow = CommentRow & { question_id: string };

export async function reviewQueuePage(
  db: Queryable,
  viewerId: number,
  limit: number,
  offset: number,
): Promise<{ rows: QueuedRow[]; total: number }> {
  const result = await db.execute<QueuedRow>(sql`
    select ${columns(viewerId)}, p.question_id from comments c
    join users u on u.id = c.user_id join posts p on p.topic_id = c.topic_id
    where c.review_status = 'Uploading' and c.removed_at is null
    order by c.created_at, c.id limit ${limit} offset ${offset}`);
  const [total] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.reviewStatus, 'Uploading'), isNull(comments.removedAt)));
  return {
    rows: result.rows.map((r) => ({ ...normalise(r), question_id: r.question_id })),
    total: Number(total?.n ?? 0),
  };
}
