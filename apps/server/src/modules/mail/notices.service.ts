import { createHmac, timingSafeEqual } from 'node:crypto';
import { mailCalls, NOTICE_TOKEN_LENGTH, noticeAudienceSchema, type Notice, type NoticeAudience } from '@gre/contracts';
import type { Queryable } from '@gre/db';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { plainText, sanitizeRichText } from '../../lib/rich-text.js';
import { sharedSecret } from '../../lib/secrets.repository.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import {
  advanceNotice,
  audienceBatch,
  findNotice,
  insertNotice,
  insertNoticeCopies,
  listNotices,
  lockNotice,
  noticeCopy,
  type NoticeRow,
} from './notices.repository.js';

type Out<C extends { response: z.ZodType }> = z.input<C['response']>;
type In<C extends { request: z.ZodType }> = z.output<C['request']>;

/** The job that writes a notice's copies, a batch of users per run; each run sends the next (jobs/notice-fanout.ts). */
export const NOTICE_FANOUT_JOB = 'mail.notice_fanout';
export interface NoticeFanoutData {
  notice_id: number;
  /** The batch starts after this user id (0: the first batch). */
  after: number;
}
/** Users per batch: one insert … select of this many copies, committed with the notice's `delivered`. */
export const NOTICE_BATCH = 2000;

/** The settings key of the notice links' HMAC key, generated on first use and shared by every instance. */
const TOKEN_KEY = 'notice_token_key';
const NOT_FOUND_SHOW = '通知不存在或链接已失效';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The token of a notice link: HMAC-SHA256 over the user and the notice, so it opens that notice for that user only. */
export function noticeToken(key: string, userId: number, noticeId: number): string {
  const token = createHmac('sha256', key).update(`${userId}:${noticeId}`).digest('base64url');
  if (token.length !== NOTICE_TOKEN_LENGTH) throw new Error(`notice token of ${token.length} characters`);
  return token;
}

export const noticePath = (userId: number, noticeId: number, token: string) => `/notice/${userId}/${noticeId}/${token}`;

const noticeKey = (db: Queryable) => sharedSecret(db, TOKEN_KEY);

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    subject: row.subject,
    content: row.content,
    link: row.link,
    audience: noticeAudienceSchema.parse(row.audience),
    status: row.status as Notice['status'],
    delivered: row.delivered,
    created_by: row.createdBy,
    created_stamp: unix(row.createdAt),
  };
}

/** The notice's HTML as stored: allowlisted, and with something left to read. */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (plainText(clean) === '' && !clean.includes('<img'))
    throw new AppError('invalid_input', 'notice content is empty once sanitised', '通知内容不能为空');
  return clean;
}

/**
 * Writes the notice once and, after it commits, sends the one job that fans it out; returns at once whatever the
 * audience's size (the job writes each recipient's copy, a batch at a time).
 */
export async function sendNotice(
  deps: Deps,
  actor: Actor,
  body: In<typeof mailCalls.sendNotice>,
): Promise<Out<typeof mailCalls.sendNotice>> {
  const subject = body.subject.trim();
  if (subject === '') throw new AppError('invalid_input', 'notice subject is blank', '通知标题不能为空');
  const content = cleanContent(body.content);
  const audience: NoticeAudience =
    body.audience.kind === 'users' ? { kind: 'users', user_ids: [...new Set(body.audience.user_ids)] } : body.audience;
  const row = await withUnitOfWork(deps, async (uow) => {
    const notice = await insertNotice(uow.deps.database.db, {
      subject,
      content,
      link: body.link,
      audience,
      createdBy: actor.user.id,
      createdAt: deps.clock.now(),
    });
    // The content can be long and is kept on the notice itself; the audit row names what went to whom.
    await recordAudit(uow, actor, {
      action: actionOf(mailCalls.sendNotice.path),
      targetKind: 'notice',
      targetId: notice.id,
      after: { subject, link: body.link, audience },
    });
    uow.afterCommit(() =>
      deps.queue.send(NOTICE_FANOUT_JOB, { notice_id: notice.id, after: 0 } satisfies NoticeFanoutData, {
        singletonKey: `${notice.id}:0`,
      }),
    );
    return notice;
  });
  return toNotice(row);
}

export async function noticesPage(
  deps: Pick<Deps, 'database'>,
  body: In<typeof mailCalls.notices>,
): Promise<Out<typeof mailCalls.notices>> {
  const { page, page_size } = body;
  const { rows, total } = await listNotices(deps.database.db, page_size, (page - 1) * page_size);
  return { notices: rows.map(toNotice), page_control: { page, page_size, total } };
}

/**
 * One batch of a notice's fan-out, in one transaction under the notice's row lock: the next users of the audience
 * get their copy (those who have it are skipped), `delivered` grows by the copies written, and the status moves to
 * Sending, or Done after the last batch. Returns where the next batch starts, or null when none is left. A batch
 * run again — a retried or duplicated job — writes nothing twice, so `delivered` stays the audience's size.
 */
export async function deliverNoticeBatch(
  deps: Pick<Deps, 'database' | 'uow' | 'clock'>,
  noticeId: number,
  after: number,
  size = NOTICE_BATCH,
): Promise<{ written: number; next: number | null }> {
  const key = await noticeKey(deps.database.db);
  return withUnitOfWork(deps, async ({ tx }) => {
    const notice = await lockNotice(tx, noticeId);
    if (!notice || notice.status === 'Done') return { written: 0, next: null };
    const audience = noticeAudienceSchema.parse(notice.audience);
    const ids = await audienceBatch(tx, audience, after, size, deps.clock.now());
    const copies = ids.map((userId) => ({
      user_id: userId,
      link: notice.link ?? noticePath(userId, notice.id, noticeToken(key, userId, notice.id)),
    }));
    const written = await insertNoticeCopies(tx, notice, copies);
    const done = ids.length < size;
    await advanceNotice(tx, notice.id, written, done);
    return { written, next: done ? null : ids.at(-1)! };
  });
}

/** The fan-out job's work: a batch, then the job for the batch after it (sent once this one has committed). */
export async function fanOutNotice(deps: Deps, data: NoticeFanoutData, size = NOTICE_BATCH) {
  const { written, next } = await deliverNoticeBatch(deps, data.notice_id, data.after, size);
  if (next !== null) {
    await deps.queue.send(NOTICE_FANOUT_JOB, { notice_id: data.notice_id, after: next } satisfies NoticeFanoutData, {
      singletonKey: `${data.notice_id}:${next}`,
    });
  }
  return { written, next };
}

/**
 * A notice by its link, without logging in. A wrong token, another user's id, a user the notice never reached and a
 * notice that does not exist all get the same not_found, so a link tells nothing beyond its own notice. The user's
 * own session opening the link marks their copy read.
 */
export async function getNotice(
  deps: Pick<Deps, 'database'>,
  actor: Actor | null,
  body: In<typeof mailCalls.getNotice>,
): Promise<Out<typeof mailCalls.getNotice>> {
  const missing = () => new AppError('not_found', 'no such notice link', NOT_FOUND_SHOW);
  const { db } = deps.database;
  const expected = Buffer.from(noticeToken(await noticeKey(db), body.user_id, body.id));
  const given = Buffer.from(body.token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw missing();
  if (!(await noticeCopy(db, body.user_id, body.id, actor?.user.id === body.user_id))) throw missing();
  const notice = await findNotice(db, body.id);
  if (!notice) throw missing();
  return {
    id: notice.id,
    subject: notice.subject,
    content: notice.content,
    link: notice.link,
    created_stamp: unix(notice.createdAt),
  };
}
