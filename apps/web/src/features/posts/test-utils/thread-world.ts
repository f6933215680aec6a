import { postCalls, type CallRequest, type Comment, type Post } from '@gre/contracts';
import { fake, type FakeRoute } from '../../../test-server';

let nextId = 100;

/** A comment as the server sends it: a reviewed top-level comment by 小红, unless `over` says otherwise. */
export function makeComment(over: Partial<Comment> = {}): Comment {
  const id = over.id ?? nextId++;
  return {
    id,
    kind: 'comment',
    parent_id: null,
    user_id: 8,
    nick_name: '小红',
    content: `<p>评论 ${id}</p>`,
    like_count: 0,
    reply_count: over.replies?.length ?? 0,
    replies: [],
    liked: false,
    anonymous: false,
    review_status: 'Reviewed',
    reject_reason: null,
    mine: false,
    removed: false,
    created_stamp: 1_795_305_600,
    ...over,
  };
}

/**
 * One thread on a fake server: its top-level comments and every reply, answering post/get (both sorts, pages),
 * post/replies, comment, like, delete_comment and subscribe from that state, and recording what the page sent.
 */
export class ThreadWorld {
  comments: Comment[];
  /** Replies of each comment beyond what `comments` nests (what post/replies pages through). */
  allReplies = new Map<number, Comment[]>();
  subscribed = false;
  /** What the next comment is given: 'Uploading' when a keyword would hold it. */
  nextStatus: Comment['review_status'] = 'Reviewed';
  /** Likes others add between the learner's click and the answer (the count the answer carries). */
  othersLike = 0;
  sent: {
    calls: string[];
    comments: CallRequest<typeof postCalls.comment>[];
    gets: CallRequest<typeof postCalls.get>[];
  } = { calls: [], comments: [], gets: [] };

  constructor(
    readonly topicId: number,
    comments: Comment[],
    readonly pageSize = 10,
  ) {
    this.comments = comments;
  }

  private find(id: number, list: Comment[] = this.comments): Comment | undefined {
    for (const c of list) {
      if (c.id === id) return c;
      const inner = this.find(id, c.replies) ?? this.find(id, this.allReplies.get(c.id) ?? []);
      if (inner) return inner;
    }
    return undefined;
  }

  post(sort: 'new' | 'likes', page: number): Post {
    const sorted =
      sort === 'likes'
        ? [...this.comments].sort((a, b) => b.like_count - a.like_count)
        : [...this.comments].sort((a, b) => b.created_stamp - a.created_stamp || b.id - a.id);
    const slice = sorted.slice((page - 1) * this.pageSize, page * this.pageSize);
    return {
      id: this.topicId,
      topic_id: this.topicId,
      subject: { title: '文本填空', detail: 'The committee’s ____ response surprised everyone.' },
      root_comment: { replies: slice, has_more: sorted.length > page * this.pageSize },
      comment_count: this.count(this.comments),
      subscribed: this.subscribed,
    };
  }

  private count(list: Comment[]): number {
    return list.reduce((n, c) => n + 1 + this.count(this.allReplies.get(c.id) ?? c.replies), 0);
  }

  routes(): FakeRoute[] {
    return [
      fake(postCalls.get, (b) => {
        this.sent.calls.push('get');
        this.sent.gets.push(b);
        return b.topic_id === this.topicId ? { data: this.post(b.sort ?? 'new', b.page ?? 1) } : { kind: 'not_found' };
      }),
      fake(postCalls.replies, (b) => {
        this.sent.calls.push(`replies:${b.comment_id}:${b.page}`);
        const all = this.allReplies.get(b.comment_id) ?? this.find(b.comment_id)?.replies ?? [];
        const [page, size] = [b.page ?? 1, b.page_size ?? 20];
        return {
          data: { replies: all.slice((page - 1) * size, page * size), has_more: all.length > page * size },
        };
      }),
      fake(postCalls.comment, (b) => {
        this.sent.calls.push('comment');
        this.sent.comments.push(b);
        const c = makeComment({
          kind: b.parent_id ? 'reply' : 'comment',
          parent_id: b.parent_id ?? null,
          content: b.content,
          anonymous: b.anonymous ?? false,
          nick_name: '小明',
          user_id: 7,
          mine: true,
          review_status: this.nextStatus,
          created_stamp: 1_795_309_200,
        });
        if (b.parent_id === null || b.parent_id === undefined) this.comments.push(c);
        else {
          const parent = this.find(b.parent_id)!;
          parent.replies = [...parent.replies, c];
          parent.reply_count += 1;
        }
        return { data: c };
      }),
      fake(postCalls.like, (b) => {
        this.sent.calls.push(`like:${b.comment_id}:${b.like}`);
        const c = this.find(b.comment_id)!;
        if (c.liked !== b.like) c.like_count += b.like ? 1 : -1;
        c.like_count += this.othersLike;
        c.liked = b.like;
        return { data: { like_count: c.like_count, liked: c.liked } };
      }),
      fake(postCalls.deleteComment, (b) => {
        this.sent.calls.push(`delete:${b.id}`);
        const c = this.find(b.id)!;
        Object.assign(c, { removed: true, content: '' });
        return { data: { done: true as const } };
      }),
      fake(postCalls.subscribe, (b) => {
        this.sent.calls.push(`subscribe:${b.subscribed}`);
        this.subscribed = b.subscribed;
        return { data: { subscribed: this.subscribed } };
      }),
    ];
  }
}
