import { z } from 'zod';
import { emptySchema, idSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { pageControlSchema } from './mail.js';

/** Spec §4 comment review: waiting for an operator, shown to all, or refused. */
export const COMMENT_REVIEW = ['Uploading', 'Reviewed', 'Rejected'] as const;
export type CommentReview = (typeof COMMENT_REVIEW)[number];
export const COMMENT_SORTS = ['new', 'likes'] as const;

/** A comment's HTML as sent (before sanitising); a 100 KB comment is refused, not cut. */
export const COMMENT_CONTENT_MAX = 5000;
/** Replies shown under a comment before "more". */
export const REPLIES_SHOWN = 3;
/**
 * The in-app address of a question's discussion (a chat mail's link): `/discussion/{topic_id}`, with the comment the
 * mail is about as the fragment `#comment-{id}`.
 */
export const discussionPath = (topicId: number, commentId?: number): string =>
  `/discussion/${topicId}${commentId === undefined ? '' : `#comment-${commentId}`}`;
/** Keywords an operator keeps; each is matched case-insensitively as a substring of the comment's text. */
export const KEYWORDS_MAX = 500;
export const KEYWORD_MAX = 40;
/** An uploaded image: PNG, JPEG, GIF or WebP by its bytes, at most 2 MiB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * Spec §3 Comment. `kind`: `comment` under the post, `reply` under another comment. An anonymous comment's author is
 * hidden from other learners (user_id null, nick_name 匿名用户) and known to staff and to the author. `content` is
 * sanitised HTML (the server's allowlist); a removed comment keeps its place with empty content and `removed`.
 * `replies` holds the first replies (REPLIES_SHOWN) under a top-level comment, each with its own first replies;
 * deeper levels and the rest come from /api/post/replies.
 */
export interface Comment {
  id: number;
  kind: 'comment' | 'reply';
  parent_id: number | null;
  user_id: number | null;
  nick_name: string;
  content: string;
  like_count: number;
  reply_count: number;
  replies: Comment[];
  liked: boolean;
  anonymous: boolean;
  review_status: CommentReview;
  /** The operator's reason, shown to the author of a rejected comment only. */
  reject_reason: string | null;
  mine: boolean;
  removed: boolean;
  created_stamp: number;
}

export const commentSchema: z.ZodType<Comment> = z.object({
  id: z.number().int(),
  kind: z.enum(['comment', 'reply']),
  parent_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  nick_name: z.string(),
  content: z.string(),
  like_count: z.number().int(),
  reply_count: z.number().int(),
  get replies() {
    return z.array(commentSchema);
  },
  liked: z.boolean(),
  anonymous: z.boolean(),
  review_status: z.enum(COMMENT_REVIEW),
  reject_reason: z.string().nullable(),
  mine: z.boolean(),
  removed: z.boolean(),
  created_stamp: z.number().int(),
});

/**
 * Spec §3 Post: a question's thread. `topic_id` is the question's (question views carry it); `subject` names the
 * question; `root_comment` holds the first page of top-level comments.
 */
export const postSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  subject: z.object({ title: z.string(), detail: z.string() }),
  root_comment: z.object({
    replies: z.array(commentSchema),
    has_more: z.boolean(),
  }),
  comment_count: z.number().int(),
  subscribed: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** A comment waiting in the moderation queue, with its real author and where it was written. */
export const queuedCommentSchema = z.object({
  comment: commentSchema,
  author: z.object({ id: z.number().int(), nick_name: z.string() }),
  topic_id: z.number().int(),
  question_id: z.string(),
  /** The keywords that held it, if any. */
  matched: z.array(z.string()),
});
export type QueuedComment = z.infer<typeof queuedCommentSchema>;

const page = {
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(50).default(20),
};

export const postCalls = {
  get: defineCall({
    path: '/api/post/get',
    auth: 'user',
    summary: "A question's thread by topic_id: the subject, the first page of comments, the count and subscription",
    request: z.strictObject({
      topic_id: idSchema,
      sort: z.enum(COMMENT_SORTS).default('new'),
      page: page.page,
      page_size: z.number().int().min(1).max(50).default(10),
    }),
    response: postSchema,
  }),
  replies: defineCall({
    path: '/api/post/replies',
    auth: 'user',
    summary: 'Replies to a comment, oldest first, a page at a time (each with its first replies)',
    request: z.strictObject({ comment_id: idSchema, ...page }),
    response: z.object({ replies: z.array(commentSchema), has_more: z.boolean() }),
  }),
  comment: defineCall({
    path: '/api/post/comment',
    auth: 'user',
    summary: 'Comment on a thread or reply to a comment; sanitised, held for review when a keyword matches',
    request: z.strictObject({
      topic_id: idSchema,
      parent_id: idSchema.nullable().default(null),
      content: str(COMMENT_CONTENT_MAX, 1),
      anonymous: z.boolean().default(false),
    }),
    response: commentSchema,
  }),
  deleteComment: defineCall({
    path: '/api/post/delete_comment',
    auth: 'user',
    summary: "Remove one's own comment (its replies stay, under a removed comment)",
    request: z.strictObject({ id: idSchema }),
    response: z.object({ done: z.literal(true) }),
  }),
  like: defineCall({
    path: '/api/post/like',
    auth: 'user',
    summary: 'Like or unlike a comment, once per learner',
    request: z.strictObject({ comment_id: idSchema, like: z.boolean() }),
    response: z.object({ like_count: z.number().int(), liked: z.boolean() }),
  }),
  subscribe: defineCall({
    path: '/api/post/subscribe',
    auth: 'user',
    summary: 'Follow a thread (every new comment sends a chat mail) or stop following it',
    request: z.strictObject({ topic_id: idSchema, subscribed: z.boolean() }),
    response: z.object({ subscribed: z.boolean() }),
  }),
  reviewQueue: defineCall({
    path: '/api/post/review_queue',
    auth: 'operator',
    summary: 'Comments waiting for review, oldest first, with their authors and matched keywords',
    request: z.strictObject(page),
    response: z.object({ comments: z.array(queuedCommentSchema), page_control: pageControlSchema }),
  }),
  review: defineCall({
    path: '/api/post/review',
    auth: 'operator',
    summary: 'Approve a waiting comment or reject it with a reason',
    request: z.discriminatedUnion('decision', [
      z.strictObject({ id: idSchema, decision: z.literal('approve') }),
      z.strictObject({ id: idSchema, decision: z.literal('reject'), reason: str(200, 1) }),
    ]),
    response: commentSchema,
  }),
  remove: defineCall({
    path: '/api/post/remove',
    auth: 'operator',
    summary: 'Remove any comment, with a reason',
    request: z.strictObject({ id: idSchema, reason: str(200, 1) }),
    response: z.object({ done: z.literal(true) }),
  }),
  getKeywords: defineCall({
    path: '/api/post/keywords/get',
    auth: 'operator',
    summary: 'The keyword list that holds comments for review',
    request: emptySchema,
    response: z.object({ words: z.array(z.string()) }),
  }),
  setKeywords: defineCall({
    path: '/api/post/keywords/set',
    auth: 'operator',
    summary: 'Replace the keyword list (trimmed, de-duplicated, case-insensitive)',
    request: z.strictObject({ words: z.array(str(KEYWORD_MAX, 1)).max(KEYWORDS_MAX) }),
    response: z.object({ words: z.array(z.string()) }),
  }),
  uploadImage: defineCall({
    path: '/api/upload/image',
    auth: 'user',
    summary: 'Upload an image for a comment: PNG, JPEG, GIF or WebP by its bytes, at most 2 MiB; answers its address',
    request: z.strictObject({
      name: str(120, 1),
      /** The file's bytes, base64. */
      data: z
        .string()
        .min(1)
        // Bounded by the call's body limit; the decoded size is checked against IMAGE_MAX_BYTES (payload_too_large).
        .max(3 * 1024 * 1024)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
    }),
    response: z.object({
      url: z.string(),
      type: z.enum(IMAGE_TYPES),
      bytes: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
    }),
    // The longest data the schema admits, its name and the JSON around them.
    maxBodyBytes: 3 * 1024 * 1024 + 4096,
  }),
};
