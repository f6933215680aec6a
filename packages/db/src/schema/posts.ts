import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * Spec §3 Post: a question's discussion thread, keyed by the question's `topic_id`, made when it is first opened.
 * `comment_count` counts the comments other learners can see (reviewed, not removed).
 */
export const posts = pgTable('posts', {
  topicId: bigint('topic_id', { mode: 'number' }).primaryKey(),
  questionId: text('question_id')
    .notNull()
    .unique()
    .references(() => questions.id, { onDelete: 'cascade' }),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Learners following a thread: a new comment in it sends them a chat mail. */
export const postSubscriptions = pgTable(
  'post_subscriptions',
  {
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => posts.topicId, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('post_subscriptions_user_idx').on(t.userId)],
);

/**
 * Spec §3 Comment. `parent_id` null: under the post; otherwise a reply. `content` is stored sanitised. Spec §4 review:
 * Uploading (held by a keyword, seen by its author and operators), Reviewed, Rejected. A removed comment keeps its
 * row (its replies hang on it) with `removed_at` set.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => posts.topicId, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    reviewStatus: text('review_status').notNull().default('Reviewed'),
    matched: text('matched')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rejectReason: text('reject_reason'),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: bigint('removed_by', { mode: 'number' }),
    removeReason: text('remove_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_thread_idx').on(t.topicId, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewStatus} = 'Uploading'`),
    index('comments_user_idx').on(t.userId, t.createdAt),
    check('comments_review_ck', sql`${t.reviewStatus} in ('Uploading', 'Reviewed', 'Rejected')`),
    check('comments_counts_ck', sql`${t.likeCount} >= 0 and ${t.replyCount} >= 0`),
  ],
);

/** One like per learner and comment: the primary key makes a second like, even a concurrent one, a no-op. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** The operator-editable keywords that hold a comment for review, stored lower case. */
export const moderationKeywords = pgTable('moderation_keywords', {
  word: text('word').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Images uploaded for comments, stored under DATA_DIR by their SHA-256 (one file for identical uploads); the type is
 * the one their bytes show, never the name's.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sha256: text('sha256').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);
