import type { MailRace, MailStatus } from '@gre/contracts';
import { mailSettings, mails, type Database, type Queryable } from '@gre/db';
import { sql } from 'drizzle-orm';
import { rawQuery } from '../../lib/raw-query.js';

export type MailRow = typeof mails.$inferSelect;
export type MailInsert = typeof mails.$inferInsert;

/**
 * Writes mails in one statement. A row whose occasion (or notice) the user already has is skipped, so a reminder
 * sent twice lands once; returns the rows written.
 */
export async function insertMails(db: Queryable, rows: MailInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db.insert(mails).values(rows).onConflictDoNothing().returning({ id: mails.id });
  return written.length;
}

/** A mail as the calls read it: Unix seconds, content filled from its notice for a notice's copy. */
export interface MailView {
  id: number;
  race: MailRace;
  subject: string;
  content: string;
  status: MailStatus;
  link: string | null;
  created_stamp: number;
}

export interface InboxRow {
  /** `rev` carries the user's mail_rev in `n`: the rows are the inbox as of that revision or later. */
  part: 'remind' | 'notice' | 'unread' | 'rev';
  id: number;
  race: MailRace;
  subject: string;
  status: MailStatus;
  link: string | null;
  created_stamp: number;
  n: number;
}

/**
 * One user's inbox, for `uid`: the newest `take` briefs of remind and of notice (each read backwards on
 * mails_user_race_idx, stopping after `take` rows; the bigint id, not its float8 output, breaks ties) and the unread
 * count of every race (an index-only scan of mails_user_unread_idx, which holds unread rows only), and the user's
 * mail_rev, read in the same snapshot as the rows.
 */
const inboxOf = (uid: string, take: string) => `
(select 'remind' as part, m.id::float8 as id, m.race, m.subject, m.status, m.link,
   floor(extract(epoch from m.created_at))::float8 as created_stamp, 0 as n
 from mails m where m.user_id = ${uid} and m.race = 'remind' order by m.created_at desc, m.id desc limit ${take})
union all
(select 'notice', m.id::float8, m.race, m.subject, m.status, m.link, floor(extract(epoch from m.created_at))::float8, 0
 from mails m where m.user_id = ${uid} and m.race = 'notice' order by m.created_at desc, m.id desc limit ${take})
union all
(select 'unread', 0, m.race, '', 'Inbox', null, 0, count(*)::int
 from mails m where m.user_id = ${uid} and m.status = 'Inbox' group by m.race)
union all
(select 'rev', 0, 'remind', '', 'Inbox', null, 0, r.mail_rev::float8 from users r where r.id = ${uid})`;

/** Prepared once per connection: the inbox is read on every page load. */
const INBOX_SQL = inboxOf('$1', '$2');
/** Several users' inboxes in one statement, each row tagged with its user. */
const INBOXES_SQL = `select u.uid::float8 as user_id, x.* from unnest($1::bigint[]) as u(uid)
cross join lateral (${inboxOf('u.uid', '$2')}) x`;

const toInboxRow = (r: InboxRow): InboxRow => ({
  ...r,
  id: Number(r.id),
  created_stamp: Number(r.created_stamp),
  n: Number(r.n),
});

export async function inboxRows(database: Database, userId: number, take: number): Promise<InboxRow[]> {
  const rows = await rawQuery<InboxRow>(database, { name: 'mail_inbox', text: INBOX_SQL, values: [userId, take] });
  return rows.map(toInboxRow);
}

/** The inboxes of several users at once, by user (a user with no mail has no entry). */
export async function inboxRowsOf(
  database: Database,
  userIds: number[],
  take: number,
): Promise<Map<number, InboxRow[]>> {
  const rows = await rawQuery<InboxRow & { user_id: number }>(database, {
    name: 'mail_inboxes',
    text: INBOXES_SQL,
    values: [`{${userIds.join(',')}}`, take],
  });
  const byUser = new Map<number, InboxRow[]>();
  for (const { user_id, ...row } of rows) {
    const uid = Number(user_id);
    byUser.set(uid, [...(byUser.get(uid) ?? []), toInboxRow(row)]);
  }
  return byUser;
}

/**
 * Marks the user's unread mails read — the listed ids (others' ids match nothing) or every mail of a race — and
 * returns how many moved and how many stay unread, in one statement (the outer select sees the rows before the update,
 * so the unread left are those before less those moved).
 */
export async function markRead(
  db: Queryable,
  userId: number,
  which: { ids: number[] } | { race: MailRace },
): Promise<{ updated: number; unread: number }> {
  const match =
    'ids' in which
      ? sql`id in (${sql.join(
          which.ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`
      : sql`race = ${which.race}`;
  const res = await db.execute<{ updated: number; unread: number }>(sql`
    with moved as (
      update mails set status = 'Read' where user_id = ${userId}::bigint and status = 'Inbox' and ${match} returning 1
    )
    select (select count(*) from moved)::int as updated,
      ((select count(*) from mails where user_id = ${userId}::bigint and status = 'Inbox') - (select count(*) from moved))::int as unread`);
  const row = res.rows[0]!;
  return { updated: Number(row.updated), unread: Number(row.unread) };
}

const mailColumns = sql`m.id::float8 as id, m.race, m.subject, coalesce(n.content, m.content) as content, m.status, m.link,
  floor(extract(epoch from m.created_at))::float8 as created_stamp`;

const toMailView = (r: Record<string, unknown>): MailView => ({
  id: Number(r.id),
  race: r.race as MailRace,
  subject: String(r.subject),
  content: String(r.content),
  status: r.status as MailStatus,
  link: typeof r.link === 'string' ? r.link : null,
  created_stamp: Number(r.created_stamp),
});

/**
 * A page of the user's mails, unread first then newest, with the total of the filter and the unread of every race.
 * A notice's copy keeps no content of its own: it is read from the notice, stored once for its whole audience.
 */
export async function listMails(
  db: Queryable,
  userId: number,
  filter: { race?: MailRace | undefined; status?: MailStatus | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: MailView[]; total: number; unread: number }> {
  const where = sql.join(
    [
      sql`m.user_id = ${userId}::bigint`,
      ...(filter.race ? [sql`m.race = ${filter.race}`] : []),
      ...(filter.status ? [sql`m.status = ${filter.status}`] : []),
    ],
    sql` and `,
  );
  const [page, counts] = await Promise.all([
    db.execute(sql`
      select ${mailColumns} from mails m left join notices n on n.id = m.notice_id
      where ${where}
      order by (m.status = 'Inbox') desc, m.created_at desc, m.id desc limit ${limit}::int offset ${offset}::int`),
    db.execute<{ total: number; unread: number }>(sql`
      select (select count(*) from mails m where ${where})::int as total,
        (select count(*) from mails where user_id = ${userId}::bigint and status = 'Inbox')::int as unread`),
  ]);
  const c = counts.rows[0]!;
  return { rows: page.rows.map(toMailView), total: Number(c.total), unread: Number(c.unread) };
}

/** The reminder kinds the user turned off; none when they never changed a setting. */
export async function settingsOff(db: Queryable, userId: number): Promise<string[]> {
  const res = await db.execute<{ off: string[] }>(sql`select off from mail_settings where user_id = ${userId}::bigint`);
  return res.rows[0]?.off ?? [];
}

export async function putSettingsOff(db: Queryable, userId: number, off: string[], now: Date): Promise<string[]> {
  const [row] = await db
    .insert(mailSettings)
    .values({ userId, off, updatedAt: now })
    .onConflictDoUpdate({ target: mailSettings.userId, set: { off, updatedAt: now } })
    .returning({ off: mailSettings.off });
  return row!.off;
}
