import { postCalls, type CallResponse, type Comment, type Post } from '@gre/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export type CommentSort = 'new' | 'likes';
type Replies = CallResponse<typeof postCalls.replies>;

/** Top-level comments per page of a thread. */
export const POST_PAGE_SIZE = 10;
/** Replies per "查看更多回复". */
export const REPLIES_PAGE_SIZE = 10;

/** Every read of one thread sits under `thread(topicId)`, so a change to it refreshes them all at once. */
export const postKeys = {
  all: ['posts'] as const,
  thread: (topicId: number) => ['posts', topicId] as const,
  page: (topicId: number, sort: CommentSort, page: number) => ['posts', topicId, 'post', sort, page] as const,
  replies: (topicId: number, commentId: number, page: number) =>
    ['posts', topicId, 'replies', commentId, page] as const,
};

export const postQuery = (topicId: number, sort: CommentSort = 'new', page = 1) =>
  queryOptions({
    queryKey: postKeys.page(topicId, sort, page),
    queryFn: () => call(postCalls.get, { topic_id: topicId, sort, page, page_size: POST_PAGE_SIZE }, { quiet: true }),
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === topicId ? prev : undefined),
    meta: { handlesErrors: true },
  });

export const repliesQuery = (topicId: number, commentId: number, page: number) =>
  queryOptions({
    queryKey: postKeys.replies(topicId, commentId, page),
    queryFn: () =>
      call(postCalls.replies, { comment_id: commentId, page, page_size: REPLIES_PAGE_SIZE }, { quiet: true }),
    meta: { handlesErrors: true },
  });

/** `comment` with `patch` applied wherever it sits in `list`, replies included. */
export function patchComments(list: Comment[], id: number, patch: (c: Comment) => Comment): Comment[] {
  let changed = false;
  const next = list.map((c) => {
    if (c.id === id) {
      changed = true;
      return patch(c);
    }
    const replies = patchComments(c.replies, id, patch);
    if (replies === c.replies) return c;
    changed = true;
    return { ...c, replies };
  });
  return changed ? next : list;
}

/** Applies `patch` to the comment in every cached read of the thread (pages in both sorts, reply pages). */
function patchThread(qc: QueryClient, topicId: number, id: number, patch: (c: Comment) => Comment): void {
  qc.setQueriesData<Post | Replies>({ queryKey: postKeys.thread(topicId) }, (data) => {
    if (!data) return data;
    if ('root_comment' in data) {
      const replies = patchComments(data.root_comment.replies, id, patch);
      return replies === data.root_comment.replies
        ? data
        : { ...data, root_comment: { ...data.root_comment, replies } };
    }
    const replies = patchComments(data.replies, id, patch);
    return replies === data.replies ? data : { ...data, replies };
  });
}

/**
 * Like or unlike: the count moves at once, then takes the server's figures (another learner's like in between shows);
 * a refusal puts the old figures back. The button waits for the answer, so one learner never has two in flight.
 */
export function useLike(topicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { comment: Comment; like: boolean }) =>
      call(postCalls.like, { comment_id: v.comment.id, like: v.like }, { quiet: true }),
    onMutate: ({ comment, like }) => {
      patchThread(qc, topicId, comment.id, (c) => ({
        ...c,
        liked: like,
        like_count: Math.max(0, c.like_count + (like === c.liked ? 0 : like ? 1 : -1)),
      }));
    },
    onSuccess: (res, { comment }) =>
      patchThread(qc, topicId, comment.id, (c) => ({ ...c, liked: res.liked, like_count: res.like_count })),
    onError: (_e, { comment }) =>
      patchThread(qc, topicId, comment.id, (c) => ({ ...c, liked: comment.liked, like_count: comment.like_count })),
  });
}

/** Refreshes every read of the thread (after a comment, reply or deletion). */
export const refreshThread = (qc: QueryClient, topicId: number) =>
  qc.invalidateQueries({ queryKey: postKeys.thread(topicId) });

export function useComment(topicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { parentId: number | null; content: string; anonymous: boolean }) =>
      call(postCalls.comment, { topic_id: topicId, parent_id: v.parentId, content: v.content, anonymous: v.anonymous }),
    onSuccess: () => refreshThread(qc, topicId),
  });
}

export function useDeleteComment(topicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(postCalls.deleteComment, { id }),
    onSuccess: () => refreshThread(qc, topicId),
  });
}

export function useSubscribe(topicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => call(postCalls.subscribe, { topic_id: topicId, subscribed }),
    onSuccess: (res) =>
      qc.setQueriesData<Post | Replies>({ queryKey: postKeys.thread(topicId) }, (data) =>
        data && 'root_comment' in data ? { ...data, subscribed: res.subscribed } : data,
      ),
  });
}
