import type { NoticeAudience } from '@gre/contracts';
import { notices, type Queryable } from '@gre/db';
import { count, desc, eq, sql } from 'drizzle-orm';
import { sqlTime } from '../../lib/clock.js';

export type NoticeRow = typeof notices.$inferSelect;

export async function insertNotice(db: Queryable, values: typeof notices.$inferInsert): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(values).returning();
  return row!;
}

export async function findNotice(db: Queryable, id: number): Promise<NoticeRow | null> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row ?? null;
}

/** The notice's row, locked until the batch that writes its next mails commits: one batch of a notice at a time. */
export async function lockNotice(db: Queryable, id: number): Promise<NoticeRow | null> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).for('update');
  return row ?? null;
}

export async function listNotices(db: Queryable, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(notices).orderBy(desc(notices.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notices),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Who of the audience comes after user `after`, by id, at most `limit`: a whole audience is walked a batch at a time
 * on the users' primary key. `all` and `role` leave frozen accounts out; a role is the tier at `now` (a lapsed tier
 * counts as its base role). Named users are those of the list that exist.
 */
export async function audienceBatch(
  db: Queryable,
  audience: NoticeAudience,
  after: number,
  limit: number,
  now: Date,
): Promise<number[]> {
  const tier = sql`case when role_expires_at is not null and role_expires_at <= ${sqlTime(now)}::timestamptz
    then base_role_kind else role_kind end`;
  const who =
    audience.kind === 'all'
      ? sql`not is_freeze`
      : audience.kind === 'role'
        ? sql`not is_freeze and ${tier} in (${sql.join(
            audience.roles.map((r) => sql`${r}`),
            sql`, `,
          )})`
        : sql`id in (${sql.join(
            audience.user_ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`;
  const res = await db.execute<{ id: number }>(sql`
    select id::float8 as id from users where ${who} and id > ${after}::bigint order by id limit ${limit}::int`);
  return res.rows.map((r) => Number(r.id));
}

/**
 * One copy of the notice per listed user, with that user's link, in one statement; a user who already has a copy is
 * skipped (mails_notice_uq), so a batch run twice writes nothing the second time. The copies keep no content: it is
 * read from the notice. Returns the copies written.
 */
export async function insertNoticeCopies(
  db: Queryable,
  notice: Pick<NoticeRow, 'id' | 'subject' | 'createdAt'>,
  copies: { user_id: number; link: string }[],
): Promise<number> {
  if (copies.length === 0) return 0;
  const res = await db.execute(sql`
    insert into mails (user_id, race, subject, content, link, notice_id, created_at)
    select c.user_id, 'notice', ${notice.subject}, '', c.link, ${notice.id}::bigint, ${sqlTime(notice.createdAt)}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(copies)}::jsonb) as c(user_id bigint, link text)
    on conflict do nothing
    returning 1`);
  return res.rows.length;
}

/** Adds a batch's copies to `delivered` and moves the status (Sending while batches remain, Done after the last). */
export async function advanceNotice(db: Queryable, id: number, written: number, done: boolean): Promise<NoticeRow> {
  const [row] = await db
    .update(notices)
    .set({ delivered: sql`${notices.delivered} + ${written}::int`, status: done ? 'Done' : 'Sending' })
    .where(eq(notices.id, id))
    .returning();
  return row!;
}

/** Whether the user was sent the notice (has its copy), and marks that copy read when `markRead`. */
export async function noticeCopy(db: Queryable, userId: number, noticeId: number, markRead: boolean): Promise<boolean> {
  const res = markRead
    ? await db.execute(sql`
        with copy as (select id, status from mails where user_id = ${userId}::bigint and notice_id = ${noticeId}::bigint),
        moved as (update mails set status = 'Read' where id in (select id from copy where status = 'Inbox'))
        select 1 from copy`)
    : await db.execute(sql`select 1 from mails where user_id = ${userId}::bigint and notice_id = ${noticeId}::bigint`);
  return res.rows.length > 0;
}
