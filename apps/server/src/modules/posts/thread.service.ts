import { REPLIES_SHOWN, type CallResponse, type Comment, type postCalls } from '@gre/contracts';
import type { z } from 'zod';
import { decideAccess, type Visibility } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { refusalError } from '../../lib/refusals.js';
import { plainText } from '../../lib/rich-text.js';
import { answersHeldFor, CATEGORY_CONFIG } from '../questions/index.js';
import { toComment, withReplies, type Viewer } from './comments.dto.js';
import {
  ensurePost,
  findComment,
  findQuestionByTopic,
  firstReplies,
  postState,
  repliesPage,
  topLevelPage,
  type CommentRow,
  type ThreadQuestion,
} from './posts.repository.js';

export type PostDeps = Pick<Deps, 'database' | 'clock' | 'uow'>;
/** A call's body as the contract parsed it (defaults filled in). */
export type PostBody<K extends keyof typeof postCalls> = z.output<(typeof postCalls)[K]['request']>;

/** Why a thread is closed while the learner's exam runs; the web shows it as it is. */
const THREAD_IN_EXAM = '这道题在你正在进行的考试中，交卷后再来看讨论吧';
/** How much of the stem names the thread. */
const DETAIL_CHARS = 80;

export const viewerOf = (actor: Actor): Viewer => ({ id: actor.user.id, staff: isStaff(actor) });

/**
 * The question behind a thread, if this learner may read its discussion: the question access rules of `lib/access.ts`
 * as `question/get` applies them outside books, and not while the question is in a section of their running exam —
 * comments discuss answers, so they wait like the analysis does (decision 013: `forbidden`, saying why). The thread's
 * row is made on first open.
 */
export async function openThread(deps: PostDeps, actor: Actor, topicId: number): Promise<ThreadQuestion> {
  const now = deps.clock.now();
  const question = await findQuestionByTopic(deps.database.db, topicId);
  if (!question) throw new AppError('not_found', 'thread not found');
  const decision = decideAccess(actor, question.visibility as Visibility, null, now);
  if (!decision.see) throw refusalError(decision.refusal, 'question');
  if ((await answersHeldFor(deps, actor.user.id, [question.id])).size > 0)
    throw new AppError('forbidden', 'the question is in an exam this learner is taking', THREAD_IN_EXAM);
  await ensurePost(deps.database.db, topicId, question.id, now);
  return question;
}

/** The thread's subject: the question's kind and the start of its stem as plain text. */
export function subjectOf(question: ThreadQuestion): { title: string; detail: string } {
  const kind = CATEGORY_CONFIG.categories.flatMap((c) => c.kinds).find((k) => k.id === question.kind);
  const text = plainText(question.inquiry.replace(/\{\{\d+\}\}/g, '____'));
  const detail = [...text].length > DETAIL_CHARS ? `${[...text].slice(0, DETAIL_CHARS).join('')}…` : text;
  return { title: kind?.name ?? question.kind, detail };
}

/** `rows` with two levels of first replies under them (the deeper ones come through post/replies). */
async function nest(deps: PostDeps, rows: CommentRow[], viewer: Viewer, levels: number): Promise<Comment[]> {
  if (levels === 0 || rows.length === 0) return rows.map((r) => toComment(r, viewer));
  const replies = await firstReplies(
    deps.database.db,
    // Every row, not only those with counted replies: the viewer's own reply waiting for review is not counted.
    rows.map((r) => r.id),
    viewer.id,
    REPLIES_SHOWN,
  );
  return withReplies(rows, await nest(deps, replies, viewer, levels - 1), viewer);
}

export async function getThread(
  deps: PostDeps,
  actor: Actor,
  body: PostBody<'get'>,
): Promise<CallResponse<typeof postCalls.get>> {
  const question = await openThread(deps, actor, body.topic_id);
  const viewer = viewerOf(actor);
  const db = deps.database.db;
  const [rows, state] = await Promise.all([
    topLevelPage(db, body.topic_id, viewer.id, body.sort, body.page_size + 1, (body.page - 1) * body.page_size),
    postState(db, body.topic_id, viewer.id),
  ]);
  return {
    id: body.topic_id,
    topic_id: body.topic_id,
    subject: subjectOf(question),
    root_comment: {
      replies: await nest(deps, rows.slice(0, body.page_size), viewer, 2),
      has_more: rows.length > body.page_size,
    },
    comment_count: state.commentCount,
    subscribed: state.subscribed,
  };
}

/** A comment the viewer sees in a thread they may read; anything else is `not_found`. */
export async function visibleComment(deps: PostDeps, actor: Actor, id: number): Promise<CommentRow> {
  const row = await findComment(deps.database.db, id, actor.user.id, true);
  if (!row) throw new AppError('not_found', 'comment not found');
  await openThread(deps, actor, row.topic_id);
  return row;
}

export async function getReplies(
  deps: PostDeps,
  actor: Actor,
  body: PostBody<'replies'>,
): Promise<CallResponse<typeof postCalls.replies>> {
  const parent = await visibleComment(deps, actor, body.comment_id);
  const viewer = viewerOf(actor);
  const rows = await repliesPage(
    deps.database.db,
    parent.id,
    viewer.id,
    body.page_size + 1,
    (body.page - 1) * body.page_size,
  );
  return {
    replies: await nest(deps, rows.slice(0, body.page_size), viewer, 1),
    has_more: rows.length > body.page_size,
  };
}
